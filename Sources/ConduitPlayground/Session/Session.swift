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
    public private(set) var isFinished = false

    private enum Entry {
        case subject(SubjectEntry)
        case pipeline(PipelineEntry)
        case sink(PlaygroundSink)

        var kindName: String {
            switch self {
            case .subject: return "subject"
            case .pipeline: return "pipeline"
            case .sink: return "sink"
            }
        }
    }

    private var entries: [String: Entry] = [:]
    /// The connectable publishers of the pipelines and sinks that have any, by name (`connect`).
    private var connections: [String: Connection] = [:]
    /// Names in the order they were made, for `subs`.
    private var order: [String] = []
    private let outputLock = NSLock()
    private var collected: [OutputRecord]?
    private let tracer: Tracer
    /// The last `let`, which a line starting with `.` continues.
    private var lastDefinition: (name: String, text: String)?
    /// The scripts being loaded, outermost first, as absolute paths.
    private var loading: [String] = []
    /// The most operators a value may pass through, from a source to a sink.
    static let maximumChainLength = 100
    /// The most scheduled actions one `tick` (or one statement) runs: a timer of `1ns` cannot hold
    /// the session for ever, and `tick` again goes on.
    static let actionsPerTick = 100_000
    /// The clock of every time operator: virtual unless `clock real`.
    private let scheduler = SessionScheduler()
    /// What subjects were sent and sinks received, with when, for `marbles`.
    private let timeline = Timeline()

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
    private var stamp: String {
        let now = scheduler.now.nanoseconds
        return now > 0 ? "   @\(PlaygroundClock.format(nanoseconds: Int64(now)))" : ""
    }

    private func emit(_ record: OutputRecord) {
        let handled: Bool = outputLock.withLock {
            guard collected != nil else { return false }
            collected?.append(record)
            return true
        }
        if !handled {
            asynchronousOutput?(record)
        }
    }

    private func info(_ text: String) {
        emit(OutputRecord(kind: .info, text: text))
    }

    /// Runs one statement; reports and returns false if it fails.
    private func run(_ statement: StatementSplitter.Piece, file: String?, line: Int) -> Bool {
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
            try execute(parsed, text: text)
            return true
        } catch let error as SyntaxError {
            if text != statement.text, let last = lastDefinition {
                // Restore the pipeline the failed continuation was meant to extend.
                _ = try? execute(Parser.parse(last.text), text: last.text)
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

    private func report(_ error: SyntaxError, in text: String, file: String?, line: Int) {
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

    // MARK: Commands

    private func execute(_ statement: Statement, text: String) throws {
        switch statement {
        case .subject(let name):
            try define(name, as: .subject(SubjectEntry(storage: .passthrough(PassthroughSubject()))))
            info("\(name.display): PassthroughSubject")
        case .current(let name, let expression):
            let value = try constant(expression, at: name)
            try define(name, as: .subject(SubjectEntry(storage: .current(CurrentValueSubject(value)))))
            info("\(name.display): CurrentValueSubject = \(value)")
        case .define(let name, let syntax):
            let chain = ChainState()
            let publisher = try build(syntax, chain: chain)
            try define(name, as: .pipeline(PipelineEntry(publisher: publisher, syntax: syntax, length: chainLength(of: syntax))))
            remember(chain, as: name.display)
            lastDefinition = (name.display, text)
        case .sink(let name, var syntax, let demand):
            var assign: Subscribers.Assign<CurrentValueSubject<Value, PlaygroundError>, Value>?
            if let last = syntax.operators.last, last.name == "assign" {
                guard demand == nil else {
                    throw SyntaxError("`assign` asks for every value itself; `demand` goes with a sink that prints", at: last.token)
                }
                syntax = PipelineSyntax(source: syntax.source, operators: syntax.operators.dropLast(), text: syntax.text)
                assign = Subscribers.Assign(object: try assignTarget(of: last, upstream: syntax), keyPath: \.value)
            }
            let chain = ChainState()
            let publisher = try build(syntax, chain: chain)
            guard entries[name.display] == nil else {
                throw SyntaxError("`\(name.display)` already names a \(entries[name.display]!.kindName); choose another name, or `cancel` it and `reset`", at: name)
            }
            let sink = PlaygroundSink(
                name: name.display,
                pipelineText: syntax.text,
                initialDemand: demand.map { .max($0) } ?? .unlimited,
                emit: { [weak self] record in self?.emit(record) },
                stamp: { [weak self] in self?.stamp ?? "" },
                timeline: timeline,
                clock: { [scheduler] in scheduler.now.nanoseconds },
                assign: assign
            )
            try define(name, as: .sink(sink))
            remember(chain, as: name.display)
            publisher.subscribe(sink)
        case .send(let name, let expression):
            let subject = try subjectEntry(name, for: "send")
            let value = try constant(expression, at: name)
            timeline.record(name.display, .value(value), at: scheduler.now.nanoseconds)
            subject.send(value)
        case .complete(let name):
            let subject = try subjectEntry(name, for: "complete")
            timeline.record(name.display, .finished, at: scheduler.now.nanoseconds)
            subject.send(completion: .finished)
        case .fail(let name, let message):
            let subject = try subjectEntry(name, for: "fail")
            timeline.record(name.display, .failed, at: scheduler.now.nanoseconds)
            subject.send(completion: .failure(PlaygroundError(message)))
        case .request(let name, let count):
            let sink = try sinkEntry(name, for: "request")
            if !sink.request(.max(count)) {
                info("\(name.display) is \(sink.state.label): nothing to request")
            }
        case .cancel(let name):
            if case .pipeline? = entries[name.display], let connection = connections[name.display] {
                guard connection.isConnected else {
                    info("\(name.display) is not connected")
                    return
                }
                connection.disconnect()
                info("\(name.display) disconnected")
                return
            }
            let sink = try sinkEntry(name, for: "cancel")
            guard sink.isLive else {
                info("\(name.display) is already \(sink.state.label)")
                return
            }
            sink.cancel()
            info("\(name.display) cancelled")
        case .subs:
            emit(OutputRecord(kind: .info, text: subscriptionTree()))
        case .inspect(let name):
            emit(OutputRecord(kind: .info, text: try inspect(name)))
        case .trace(let name, let on):
            let sink = try sinkEntry(name, for: "trace")
            tracer.trace(sink, on: on)
            info("tracing \(name.display) \(on ? "on" : "off")")
        case .load(let path):
            try load(path)
        case .help(let topic):
            emit(OutputRecord(kind: .info, text: try Help.text(for: topic)))
        case .reset:
            for case .sink(let sink) in entries.values { sink.cancel() }
            for connection in connections.values { connection.disconnect() }
            connections = [:]
            entries = [:]
            order = []
            lastDefinition = nil
            timeline.clear()
            info("reset: every name is gone")
        case .quit:
            isFinished = true
        case .tick(let nanoseconds):
            guard !scheduler.isRealTime else {
                throw SyntaxError("`tick` moves the virtual clock, but the session runs in real time (`clock virtual` switches back)", offset: 0, length: 4)
            }
            let target = scheduler.now.advanced(by: .nanoseconds(Int(nanoseconds)))
            if scheduler.virtual.advance(to: target, limit: Session.actionsPerTick) {
                info("time is \(PlaygroundClock.format(nanoseconds: Int64(scheduler.now.nanoseconds)))")
            } else {
                let now = scheduler.now.nanoseconds
                info("tick stopped at \(PlaygroundClock.format(nanoseconds: Int64(now))) after \(Session.actionsPerTick) scheduled actions (a very fast timer?); `tick \(PlaygroundClock.format(nanoseconds: Int64(target.nanoseconds - now)))` goes on")
            }
        case .clock(let on):
            setRealTime(on)
            info("clock: \(on ? "real time" : "virtual time")")
        case .connect(let name):
            guard let entry = entries[name.display] else { throw unknown(name, expected: "pipeline") }
            guard let connection = connections[name.display] else {
                throw SyntaxError(
                    "`\(name.display)` is a \(entry.kindName) with nothing to connect; `connect` starts a connectable publisher: `.makeConnectable()`, `.multicast()` or `Timer.publish(every:)`",
                    at: name
                )
            }
            guard !connection.isConnected else {
                info("\(name.display) is already connected")
                return
            }
            info("\(name.display) connected")
            connection.connect()
        case .marbles(let names):
            for name in names {
                guard let entry = entries[name.display] else { throw unknown(name, expected: "subject or sink") }
                if case .pipeline = entry {
                    throw SyntaxError("`marbles` draws subjects and sinks; `\(name.display)` is a pipeline (draw a sink that reads it)", at: name)
                }
            }
            emit(OutputRecord(kind: .marbles, text: timeline.diagram(of: names.map(\.display), until: scheduler.now.nanoseconds)))
        }
    }

    /// The subject of `.assign(to: \.value, on: SUBJECT)` ending a sink's pipeline: a
    /// CurrentValueSubject (the one kind with a value to write) that the pipeline does not read.
    private func assignTarget(of call: OperatorCall, upstream: PipelineSyntax) throws -> CurrentValueSubject<Value, PlaygroundError> {
        let usage = "write `.assign(to: \\.value, on: SUBJECT)` with a `current` subject"
        guard call.trailingClosure == nil, call.arguments.count == 2,
              call.arguments[0].label == "to", case .closure(let keyPath) = call.arguments[0].content,
              case .member(.argument(0), "value") = keyPath.body
        else {
            throw SyntaxError(usage, at: call.span)
        }
        guard call.arguments[1].label == "on", case .name(let name) = call.arguments[1].content else {
            throw SyntaxError(usage, at: call.arguments[1].token)
        }
        let token = Token(kind: .identifier(name), offset: call.arguments[1].token.offset, length: call.arguments[1].token.length)
        guard case .current(let subject) = try self.subject(named: token).storage else {
            throw SyntaxError("`\(name)` is a PassthroughSubject, which keeps no value; assign to a `current` subject", at: token)
        }
        guard !reads(upstream, from: name, depth: 0) else {
            throw SyntaxError("this pipeline reads from `\(name)`: assigning to it would send every value back into itself for ever", at: token)
        }
        return subject
    }

    /// Keeps the connectable publishers a build made, for `connect NAME`.
    private func remember(_ chain: ChainState, as name: String) {
        if !chain.connectables.isEmpty {
            connections[name] = Connection(connectables: chain.connectables)
        }
    }

    private func define(_ name: Token, as entry: Entry) throws {
        let key = name.display
        if let existing = entries[key] {
            throw SyntaxError("`\(key)` already names a \(existing.kindName); choose another name (or `reset` to start over)", at: name)
        }
        if entries[key] == nil { order.append(key) }
        entries[key] = entry
    }

    private func constant(_ expression: Expression, at token: Token) throws -> Value {
        do {
            return try expression.evaluate([])
        } catch {
            throw SyntaxError(PlaygroundError.from(error).message, offset: token.offset + token.length + 1, length: 1)
        }
    }

    private func unknown(_ name: Token, expected: String) -> SyntaxError {
        let hint = Suggestion.closest(to: name.display, in: order).map { "; did you mean `\($0)`?" }
            ?? (order.isEmpty ? "; nothing has been made yet (try `subject NAME`)" : "; known names: \(order.joined(separator: ", "))")
        return SyntaxError("unknown \(expected) `\(name.display)`\(hint)", at: name)
    }

    private func subjectEntry(_ name: Token, for command: String) throws -> SubjectEntry {
        guard let entry = entries[name.display] else { throw unknown(name, expected: "subject") }
        guard case .subject(let subject) = entry else {
            throw SyntaxError("`\(command)` works on subjects, and `\(name.display)` is a \(entry.kindName)", at: name)
        }
        return subject
    }

    private func sinkEntry(_ name: Token, for command: String) throws -> PlaygroundSink {
        guard let entry = entries[name.display] else { throw unknown(name, expected: "sink") }
        guard case .sink(let sink) = entry else {
            throw SyntaxError("`\(command)` works on sinks, and `\(name.display)` is a \(entry.kindName)", at: name)
        }
        return sink
    }

    /// How many operators a value passes through from a source to the end of `syntax`, counting
    /// those of the pipelines it reads: each is a level of the engine's recursion when subscribing
    /// and delivering, so it is bounded.
    private func chainLength(of syntax: PipelineSyntax) -> Int {
        var own = syntax.operators.count
        if case .deferred(let inner) = syntax.source { own += inner.operators.count }
        let upstream = PipelineEntry(publisher: Empty().eraseToAnyPublisher(), syntax: syntax, length: 0).dependencies
            .map { name -> Int in
                guard case .pipeline(let pipeline)? = entries[name] else { return 0 }
                return pipeline.length
            }
            .max() ?? 0
        return upstream + own
    }

    /// The subject a name stands for (`multicast(subject:)`).
    private func subject(named name: Token) throws -> SubjectEntry {
        guard let entry = entries[name.display] else { throw unknown(name, expected: "subject") }
        guard case .subject(let subject) = entry else {
            throw SyntaxError("`\(name.display)` is a \(entry.kindName), but a subject is needed here", at: name)
        }
        return subject
    }

    /// The publisher a name stands for: a subject or a pipeline.
    private func publisher(named name: Token) throws -> Pipe {
        guard let entry = entries[name.display] else { throw unknown(name, expected: "subject or pipeline") }
        switch entry {
        case .subject(let subject): return subject.publisher
        case .pipeline(let pipeline): return pipeline.publisher
        case .sink:
            throw SyntaxError("`\(name.display)` is a sink; a pipeline reads from subjects and pipelines", at: name)
        }
    }

    // MARK: Building pipelines

    private func build(_ syntax: PipelineSyntax, chain: ChainState) throws -> Pipe {
        var current: Pipe
        switch syntax.source {
        case .name(let token):
            current = try publisher(named: token)
        case .just(let expression):
            current = Just(try expression.evaluate([])).pipe()
        case .sequence(let items):
            current = try items.map { try $0.evaluate([]) }.publisher.pipe()
        case .empty(let completeImmediately):
            current = Empty(completeImmediately: completeImmediately).eraseToAnyPublisher()
        case .fail(let message):
            current = Fail(error: PlaygroundError(message)).eraseToAnyPublisher()
        case .timer(let interval):
            current = TimerSource(interval: Int(interval), scheduler: scheduler).pipe()
        case .timerPublish(let interval):
            let ticks = TimerSource(interval: Int(interval), scheduler: scheduler).setFailureType(to: PlaygroundError.self)
            current = chain.made(PlaygroundConnectable(Publishers.MakeConnectable(upstream: ticks)))
        case .deferred(let inner):
            // Built once now, so that a mistake in it is reported here; then anew per subscriber.
            _ = try build(inner, chain: ChainState())
            current = Deferred { [weak self] () -> Pipe in
                guard let self else { return Empty().eraseToAnyPublisher() }
                do {
                    return try self.build(inner, chain: ChainState())
                } catch {
                    return Fail(error: PlaygroundError(Session.message(of: error))).eraseToAnyPublisher()
                }
            }.eraseToAnyPublisher()
        case .future(let expression, let delay):
            let value = try expression.evaluate([])
            let scheduler = self.scheduler
            current = Future<Value, PlaygroundError> { promise in
                if delay == 0 {
                    promise(.success(value))
                } else {
                    scheduler.schedule(after: scheduler.now.advanced(by: .nanoseconds(Int(delay))), tolerance: .nanoseconds(0), options: nil) {
                        promise(.success(value))
                    }
                }
            }.eraseToAnyPublisher()
        case .record(let items, let failure):
            let values = try items.map { try $0.evaluate([]) }
            current = Record(output: values, completion: failure.map { .failure(PlaygroundError($0)) } ?? .finished).eraseToAnyPublisher()
        }
        let length = chainLength(of: syntax)
        guard length <= Session.maximumChainLength else {
            throw SyntaxError(
                "this pipeline passes values through \(length) operators (counting the pipelines it reads); the playground takes at most \(Session.maximumChainLength)",
                at: syntax.operators.last?.token ?? Token(kind: .end, offset: 0, length: 1)
            )
        }
        for (index, call) in syntax.operators.enumerated() {
            chain.step()
            // What this call's upstream reads: the source and the operators before it.
            let upstream = PipelineSyntax(source: syntax.source, operators: Array(syntax.operators[..<index]), text: syntax.text)
            let context = BuildContext(
                resolve: { [unowned self] token in try publisher(named: token) },
                subject: { [unowned self] token in try subject(named: token) },
                scheduler: scheduler,
                emit: { [weak self] record in self?.emit(record) },
                chain: chain,
                reads: { [unowned self] name in reads(upstream, from: name, depth: 0) }
            )
            guard let spec = OperatorTable.spec(named: call.name) else {
                let hint = Suggestion.closest(to: call.name, in: OperatorTable.names).map { "; did you mean `\($0)`?" }
                    ?? "; `help operators` lists them"
                throw SyntaxError("unknown operator `\(call.name)`\(hint)", at: call.token)
            }
            current = try spec.build(current, call, context)
        }
        return current
    }

    // MARK: Introspection

    private func subscriptionTree() -> String {
        guard !order.isEmpty else { return "nothing yet: make one with `subject NAME`" }
        var lines: [String] = []
        var shown = Set<String>()
        let width = (order.map(\.count).max() ?? 4) + 2
        func pad(_ text: String) -> String { text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0) }
        func describe(_ name: String, depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            guard let entry = entries[name] else { return }
            switch entry {
            case .subject(let subject):
                let users = liveSinks(readingFrom: name)
                lines.append(indent + pad(name) + subject.summary + " (\(users) live sink\(users == 1 ? "" : "s"))")
            case .pipeline(let pipeline):
                lines.append(indent + pad(name) + pipeline.chain + (connections[name].map { "  (\($0.summary))" } ?? ""))
                for dependency in pipeline.dependencies where depth < 8 {
                    describe(dependency, depth: depth + 1)
                }
            case .sink(let sink):
                let demand = sink.requested == .unlimited ? "unlimited" : "\(sink.requested.max ?? 0)"
                lines.append(indent + pad(name) + "sink  \(sink.state.label)  demand \(demand)  received \(sink.received)  ← \(sink.pipelineText)")
                if let syntax = try? Parser.parsePipeline(sink.pipelineText) {
                    let pipeline = PipelineEntry(publisher: Empty().eraseToAnyPublisher(), syntax: syntax, length: 0)
                    if let connection = connections[name] {
                        lines.append(indent + "  " + pad("") + connection.summary)
                    }
                    if !syntax.operators.isEmpty {
                        lines.append(indent + "  " + pad("") + pipeline.chain)
                    }
                    for dependency in pipeline.dependencies { describe(dependency, depth: depth + 1) }
                }
            }
            shown.insert(name)
        }
        for name in order {
            if case .sink? = entries[name] { describe(name, depth: 0) }
        }
        for name in order where !shown.contains(name) {
            describe(name, depth: 0)
        }
        return lines.joined(separator: "\n")
    }

    private func liveSinks(readingFrom name: String) -> Int {
        var count = 0
        for case .sink(let sink) in entries.values where sink.isLive {
            if reads(sink.pipelineText, from: name, depth: 0) { count += 1 }
        }
        return count
    }

    private func reads(_ pipelineText: String, from name: String, depth: Int) -> Bool {
        guard let syntax = try? Parser.parsePipeline(pipelineText) else { return false }
        return reads(syntax, from: name, depth: depth)
    }

    private func reads(_ syntax: PipelineSyntax, from name: String, depth: Int) -> Bool {
        guard depth < 16 else { return false }
        let dependencies = PipelineEntry(publisher: Empty().eraseToAnyPublisher(), syntax: syntax, length: 0).dependencies
        if dependencies.contains(name) { return true }
        return dependencies.contains { dependency in
            if case .pipeline(let pipeline)? = entries[dependency] {
                return reads(pipeline.syntax, from: name, depth: depth + 1)
            }
            return false
        }
    }

    private func inspect(_ name: Token) throws -> String {
        guard let entry = entries[name.display] else { throw unknown(name, expected: "name") }
        switch entry {
        case .subject(let subject):
            return "\(name.display): \(subject.summary)\n  live sinks reading it: \(liveSinks(readingFrom: name.display))"
        case .pipeline(let pipeline):
            var text = "\(name.display): pipeline\n  written: \(pipeline.syntax.text)\n  chain:   \(pipeline.chain)\n  reads:   \(pipeline.dependencies.joined(separator: ", "))"
            if let connection = connections[name.display] { text += "\n  \(connection.summary)" }
            return text
        case .sink(let sink):
            let demand = sink.requested == .unlimited ? "unlimited" : "max(\(sink.requested.max ?? 0))"
            var text = "\(name.display): sink\n  state:    \(sink.state.label)\n  pipeline: \(sink.pipelineText)\n  requested: \(demand)\n  received: \(sink.received)"
            if case .failed(let message) = sink.state { text += "\n  failure:  \(message)" }
            text += "\n  traced:   \(tracer.isTraced(sink) ? "yes" : "no")"
            return text
        }
    }

    // MARK: Scripts

    private func load(_ path: String) throws {
        let location = SyntaxError("", offset: 5, length: path.count)
        let canonical = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        guard !loading.contains(canonical) else {
            throw SyntaxError("`\(path)` is already being loaded: a script cannot load itself", offset: location.offset, length: location.length)
        }
        guard loading.count < 8 else {
            throw SyntaxError("`load` is nested more than 8 deep", offset: 0, length: 4)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SyntaxError("there is no file `\(path)` (relative paths start at \(FileManager.default.currentDirectoryPath))", offset: location.offset, length: location.length)
        }
        guard !isDirectory.boolValue else {
            throw SyntaxError("`\(path)` is a directory; `load` takes a script file such as `scripts/examples/first-pipeline.conduit`", offset: location.offset, length: location.length)
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw SyntaxError("cannot read the file `\(path)` as UTF-8 text (permissions, or not a text file)", offset: location.offset, length: location.length)
        }
        loading.append(canonical)
        defer { loading.removeLast() }
        let saved = outputLock.withLock { collected }
        let report = ScriptRunner.run(text: text, path: path, session: self, check: false)
        outputLock.withLock { collected = (saved ?? []) + report.output }
        if let failure = report.failures.first {
            throw SyntaxError("\(failure.message) (in \(path):\(failure.line))", offset: 5, length: path.count)
        }
        info("loaded \(path)")
    }

    // MARK: Completion

    /// Candidates for the word that ends at `cursor` in `line`: commands at the start, operator
    /// names after a `.`, help topics after `help`, and names elsewhere.
    public func completions(for line: String, cursor: Int) -> [String] {
        let characters = Array(line.prefix(max(0, cursor)))
        var start = characters.count
        while start > 0, characters[start - 1].isLetter || characters[start - 1].isNumber || characters[start - 1] == "_" {
            start -= 1
        }
        let word = String(characters[start...])
        let before = String(characters[..<start]).trimmingWhitespace()
        let candidates: [String]
        if start > 0, characters[start - 1] == "." {
            candidates = OperatorTable.names + ["publisher", "publish"]
        } else if before.isEmpty || before.hasSuffix(";") {
            candidates = Parser.commands
        } else if before == "help" {
            candidates = Help.topics
        } else {
            candidates = order + ["just", "empty", "fail", "timer", "true", "false", "nil", "demand", "on", "off"]
                + ["Just", "Empty", "Fail", "Deferred", "Future", "Record", "Timer"]
                + Session.argumentLabels(before: characters[..<start])
        }
        return Array(Set(candidates.filter { $0.hasPrefix(word) })).sorted()
    }

    /// Inside the parentheses of an operator call (`.handleEvents(rec`), the labels its usage
    /// shows, such as `receiveOutput:`.
    private static func argumentLabels(before text: ArraySlice<Character>) -> [String] {
        var depth = 0
        var index = text.endIndex
        while index > text.startIndex {
            index -= 1
            switch text[index] {
            case ")", "]", "}": depth += 1
            case "[", "{": depth -= 1
            case "(" where depth > 0: depth -= 1
            case "(":
                var nameStart = index
                while nameStart > text.startIndex, text[nameStart - 1].isLetter || text[nameStart - 1].isNumber {
                    nameStart -= 1
                }
                guard nameStart > text.startIndex, text[nameStart - 1] == ".",
                      let spec = OperatorTable.spec(named: String(text[nameStart..<index]))
                else { return [] }
                return labels(in: spec.usage)
            default: break
            }
            if depth < 0 { return [] }
        }
        return []
    }

    /// The `name:` labels written in a usage line.
    private static func labels(in usage: String) -> [String] {
        var labels: [String] = []
        var word = ""
        for character in usage {
            if character.isLetter {
                word.append(character)
            } else {
                if character == ":", !word.isEmpty, !labels.contains(word + ":") { labels.append(word + ":") }
                word = ""
            }
        }
        return labels
    }
}
