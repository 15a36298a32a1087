import Conduit
import Foundation

/// A playground session: the names a person has made (subjects, pipelines, sinks) mapped to real
/// engine objects, and the evaluation of lines against them.
///
/// `evaluate(_:)` returns what a line printed; output that arrives later (real time) goes to
/// `asynchronousOutput`. Nothing here prints. A line that fails changes nothing.
public final class Session: @unchecked Sendable {
    /// Receives output produced outside `evaluate` (timers in real time), from any thread.
    public var asynchronousOutput: (@Sendable (OutputRecord) -> Void)?

    /// True after `quit` or `exit`.
    public internal(set) var isFinished = false

    enum Entry {
        case subject(SubjectEntry)
        case pipeline(PipelineEntry)
        case sink(PlaygroundSink)
        case object(PlaygroundObject)
        case function(UserFunction)

        var kindName: String {
            switch self {
            case .subject: return "subject"
            case .pipeline: return "pipeline"
            case .sink: return "sink"
            case .object: return "object"
            case .function: return "function"
            }
        }
    }

    var entries: [String: Entry] = [:]
    /// The connectable publishers of the pipelines and sinks that have any, by name (`connect`).
    var connections: [String: Connection] = [:]
    /// Names in the order they were made, for `subs`.
    var order: [String] = []
    let outputLock = NSLock()
    var collected: [OutputRecord]?
    let tracer: Tracer
    /// The last `let`, which a line starting with `.` continues.
    var lastDefinition: (name: String, text: String)?
    /// The scripts being loaded, outermost first, as absolute paths.
    var loading: [String] = []
    /// The most operators a value may pass through, from a source to a sink.
    static let maximumChainLength = 100
    /// The most scheduled actions one `tick` (or one statement) runs: a timer of `1ns` cannot hold
    /// the session for ever, and `tick` again goes on.
    static let actionsPerTick = 100_000
    /// The clock of every time operator: virtual unless `clock real`.
    let scheduler = SessionScheduler()
    /// What subjects were sent and sinks received, with when, for `marbles`.
    let timeline = Timeline()
    /// The session's own notification center (`NotificationCenter.default` in what people type), so
    /// that sessions do not hear each other's notifications.
    let notificationCenter = NotificationCenter()

    public init() {
        tracer = Tracer()
        // Listening only while some sink is traced: untraced deliveries build no events.
        Instrumentation.install(tracer, listening: false)
        tracer.output = { [weak self] record in self?.emit(record) }
    }

    deinit {
        for case .sink(let sink) in entries.values {
            sink.cancel()
        }
        for connection in connections.values { connection.disconnect() }
        Instrumentation.remove(tracer)
    }

    // MARK: Evaluation

    /// Runs the commands in `source` (one line, several separated by `;`, or a statement spread
    /// over lines) and returns what they printed. `file` and `line` locate errors in scripts.
    public func evaluate(_ source: String, file: String? = nil, line: Int = 1) -> [OutputRecord] {
        outputLock.withLock { collected = [] }
        for statement in StatementSplitter.statements(in: source) {
            guard !isFinished else { break }
            let succeeded = run(statement, file: file, line: line + statement.line)
            if !scheduler.isRealTime {
                scheduler.virtual.advance(to: scheduler.virtual.now, limit: Session.actionsPerTick)
            }
            if !succeeded {
                break
            }
        }
        return outputLock.withLock {
            defer { collected = nil }
            return collected ?? []
        }
    }

    /// Whether `source` is unfinished: an open bracket, brace or string waits for more lines.
    public func needsContinuation(_ source: String) -> Bool {
        StatementSplitter.isUnfinished(source)
    }

    /// Switches time operators between the virtual clock and real time.
    public func setRealTime(_ on: Bool) {
        scheduler.setRealTime(on)
    }

    /// ` @400ms` once virtual or real time has moved, so output says when it happened.
    var stamp: String {
        let now = scheduler.now.nanoseconds
        return now > 0 ? "   @\(PlaygroundClock.format(nanoseconds: Int64(now)))" : ""
    }

    func emit(_ record: OutputRecord) {
        let handled: Bool = outputLock.withLock {
            guard collected != nil else { return false }
            collected?.append(record)
            return true
        }
        if !handled {
            asynchronousOutput?(record)
        }
    }

    func info(_ text: String) {
        emit(OutputRecord(kind: .info, text: text))
    }

    /// Runs one statement; reports and returns false if it fails.
    func run(_ statement: StatementSplitter.Piece, file: String?, line: Int) -> Bool {
        var text = statement.text
        // The splitter has trimmed the statement already.
        if text.hasPrefix("."), statement.line == 0 {
            guard let last = lastDefinition, case .pipeline? = entries[last.name] else {
                report(SyntaxError("a line starting with `.` continues a `let` pipeline, but there is none to continue", offset: 0, length: 1), in: text, file: file, line: line)
                return false
            }
            text = last.text + "\n" + text
            entries[last.name] = nil
            order.removeAll { $0 == last.name }
        }
        do {
            let parsed = try Parser.parse(text)
            try parsed.run(self)
            if parsed.command == "let", let name = parsed.defines {
                lastDefinition = (name.display, text)
            }
            return true
        } catch let error as SyntaxError {
            if text != statement.text, let last = lastDefinition {
                // Restore the pipeline the failed continuation was meant to extend.
                _ = try? Parser.parse(last.text).run(self)
            }
            report(error, in: text, file: file, line: line)
            return false
        } catch {
            emit(OutputRecord(kind: .error, text: "error: \(Session.message(of: error))"))
            return false
        }
    }

    /// An error's message for a person.
    static func message(of error: Error) -> String {
        if let syntax = error as? SyntaxError { return syntax.message }
        return PlaygroundError.from(error).message
    }

    func report(_ error: SyntaxError, in text: String, file: String?, line: Int) {
        let characters = Array(text)
        let offset = min(error.offset, characters.count)
        var lineStart = 0
        var lineNumber = 0
        for index in 0..<offset where characters[index] == "\n" {
            lineStart = index + 1
            lineNumber += 1
        }
        var lineEnd = lineStart
        while lineEnd < characters.count, characters[lineEnd] != "\n" { lineEnd += 1 }
        let column = offset - lineStart
        let width = max(1, min(error.length, max(1, lineEnd - offset)))
        let location = file.map { "\($0):\(line + lineNumber):\(column + 1): " } ?? ""
        // A long line is shown around the error only, marked `…` where it is cut.
        let window = 100
        let shownStart = column > window - 20 ? offset - (window - 20) : lineStart
        let shownEnd = min(lineEnd, max(shownStart + window, offset + min(width, 20)))
        let shownWidth = min(width, shownEnd - offset)
        let sourceLine = (shownStart > lineStart ? "…" : "") + String(characters[shownStart..<shownEnd]) + (shownEnd < lineEnd ? "…" : "")
        let caret = String(repeating: " ", count: offset - shownStart + (shownStart > lineStart ? 1 : 0)) + String(repeating: "^", count: max(1, shownWidth))
        emit(OutputRecord(kind: .error, text: "\(location)error: \(error.message)\n  \(sourceLine)\n  \(caret)"))
    }

    /// Cancels every sink, ends every connection and forgets every name.
    func reset() {
        for case .sink(let sink) in entries.values { sink.cancel() }
        for connection in connections.values { connection.disconnect() }
        connections = [:]
        entries = [:]
        order = []
        lastDefinition = nil
        timeline.clear()
    }

    func define(_ name: Token, as entry: Entry) throws {
        let key = name.display
        if let existing = entries[key] {
            throw SyntaxError("`\(key)` already names a \(existing.kindName); choose another name (or `reset` to start over)", at: name)
        }
        if entries[key] == nil { order.append(key) }
        entries[key] = entry
    }

    func constant(_ expression: Expression, at token: Token) throws -> Value {
        let expression = try bind(expression)
        do {
            return try expression.evaluate([])
        } catch {
            throw SyntaxError(PlaygroundError.from(error).message, offset: token.offset + token.length + 1, length: 1)
        }
    }

    func unknown(_ name: Token, expected: String) -> SyntaxError {
        let hint = Suggestion.closest(to: name.display, in: order).map { "; did you mean `\($0)`?" }
            ?? (order.isEmpty ? "; nothing has been made yet (try `subject NAME`)" : "; known names: \(order.joined(separator: ", "))")
        return SyntaxError("unknown \(expected) `\(name.display)`\(hint)", at: name)
    }

    func subjectEntry(_ name: Token, for command: String) throws -> SubjectEntry {
        guard let entry = entries[name.display] else { throw unknown(name, expected: "subject") }
        guard case .subject(let subject) = entry else {
            throw SyntaxError("`\(command)` works on subjects, and `\(name.display)` is a \(entry.kindName)", at: name)
        }
        return subject
    }

    func sinkEntry(_ name: Token, for command: String) throws -> PlaygroundSink {
        guard let entry = entries[name.display] else { throw unknown(name, expected: "sink") }
        guard case .sink(let sink) = entry else {
            throw SyntaxError("`\(command)` works on sinks, and `\(name.display)` is a \(entry.kindName)", at: name)
        }
        return sink
    }


}
