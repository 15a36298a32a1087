import Foundation

/// One expectation of a script that was not met, or an error in it, with where it is.
public struct ScriptFailure: Sendable, Equatable {
    /// The script's path.
    public let file: String
    /// The line of the check or error, from 1.
    public let line: Int
    /// What was expected and what came, or the error.
    public let message: String

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - file: The script's path.
    ///   - line: The line, from 1.
    ///   - message: What was expected and what came, or the error.
    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }
}

/// What running a script did: everything it printed, how many checks it had and passed, and what
/// failed. Every failure is one failed check, so `checks == passed + failures.count` in check mode.
public struct ScriptReport: Sendable {
    /// How many `#>` checks the script has (check mode).
    public var checks = 0
    /// How many of them passed.
    public var passed = 0
    /// Each check that failed and each error, in order.
    public var failures: [ScriptFailure] = []
    /// Everything the script printed, in order.
    public var output: [OutputRecord] = []
    /// The script with its `#>` lines rewritten from what it printed (check mode only).
    public var updatedText: String?

    /// An empty report: no checks, no output.
    public init() {}

    /// Checks that did not pass.
    public var failed: Int { checks - passed }
}

/// Runs script files: the same lines as typed at the prompt. A line starting `#>` states a line of
/// output the statement above it must produce, and `#> (nothing)` that it produces none; in check
/// mode every such line is compared, and a line that fails without an `#> error: ...` saying so
/// is a failed check. Check mode goes on after a failure; otherwise a script stops at its first
/// error.
public struct ScriptRunner {
    /// The expectation that a statement prints nothing (informational lines aside).
    public static let nothingMarker = "(nothing)"

    /// Runs the file at `path` in `session`.
    /// `output`, when given, receives each statement's output as soon as it is produced (and the
    /// report then keeps none), so a long script runs in constant memory.
    ///
    /// - Parameters:
    ///   - path: The script's path.
    ///   - session: The session to run it in.
    ///   - check: Whether to compare the output with the script's `#>` lines.
    ///   - output: Receives each statement's output as it comes; `nil` to keep it in the report.
    /// - Returns: What the script printed (unless streamed), its checks and its failures.
    public static func run(path: String, session: Session, check: Bool,
        output: (([OutputRecord]) -> Void)? = nil) -> ScriptReport {
        run(path: path, session: session.interpreter, check: check, output: output)
    }

    /// Runs the file at `path` in the interpreter (`load` from a line, or a script from the facade).
    static func run(path: String, session: Interpreter, check: Bool,
        output: (([OutputRecord]) -> Void)? = nil) -> ScriptReport {
        do {
            let text = try ScriptFile.read(path)
            return run(text: text, path: path, session: session, check: check, output: output)
        } catch {
            var report = ScriptReport()
            report.checks = check ? 1 : 0
            report.failures.append(ScriptFailure(file: path, line: 0, message: "\(error)"))
            return report
        }
    }

    /// Runs script text; `path` names it in messages. Statements are read by a
    /// `StatementReader` (as from every front end); the `#>` lines under a line check the output
    /// of the statements that start on it.
    ///
    /// - Parameters:
    ///   - text: The script.
    ///   - path: The name messages give it.
    ///   - session: The session to run it in.
    ///   - check: Whether to compare the output with the script's `#>` lines.
    ///   - stream: Receives each statement's output as it comes; `nil` to keep it in the report.
    /// - Returns: What the script printed (unless streamed), its checks and its failures.
    public static func run(
        text: String, path: String, session: Session, check: Bool,
        output stream: (([OutputRecord]) -> Void)? = nil
    ) -> ScriptReport {
        run(text: text, path: path, session: session.interpreter, check: check, output: stream)
    }

    /// Runs script text in the interpreter (`load`, or a script from the facade).
    static func run(
        text: String, path: String, session: Interpreter, check: Bool,
        output stream: (([OutputRecord]) -> Void)? = nil
    ) -> ScriptReport {
        var run = ScriptRun(path: path, session: session, check: check, stream: stream)
        // Split as bytes: splitting by `Character` is several times slower, and would keep `\r\n`
        // (one character) from ending a line. A `\r` before the `\n` is dropped.
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            Substring(line.last == UInt8(ascii: "\r") ? line.dropLast() : line)
        }
        var reader = StatementReader(mode: .lookahead)
        var index = 0
        while index < lines.count, !run.isOver {
            let line = lines[index]
            guard ScriptRunner.isExpectation(line) else {
                run.kept.append(index)
                for piece in reader.read(line) where !run.isOver { run.run(piece) }
                index += 1
                continue
            }
            // The statement above is whole: run it, then check it against these lines.
            for piece in reader.finish() where !run.isOver { run.run(piece) }
            run.finishScriptTurn()
            var expected: [(line: Int, text: String)] = []
            while index < lines.count {
                let trimmed = lines[index].trimmingWhitespace()
                guard trimmed.hasPrefix("#>") else { break }
                var body = String(trimmed.dropFirst(2))
                if body.hasPrefix(" ") { body.removeFirst() }
                expected.append((index + 1, body))
                index += 1
            }
            run.closeGroup(expecting: expected)
        }
        for piece in reader.finish() where !run.isOver { run.run(piece) }
        run.finishScriptTurn()
        run.closeGroup(expecting: [])
        if check && !run.isOver {
            // The script's own lines, with the new `#>` lines under the statements they state.
            var rewritten: [String] = []
            for kept in run.kept {
                rewritten.append(String(lines[kept]))
                rewritten += (run.expectations[kept] ?? []).map { "#> " + $0 }
            }
            run.report.updatedText = rewritten.joined(separator: "\n")
        }
        return run.report
    }
}

extension ScriptRunner {
    /// Whether `line` is a `#>` line (after blanks): `line.trimmingWhitespace().hasPrefix("#>")`,
    /// read from its first bytes when they are ASCII, since every line of a script is asked.
    static func isExpectation(_ line: Substring) -> Bool {
        switch line.utf8.withContiguousStorageIfAvailable(expectationByBytes(_:)) {
        case .some(.some(let answer)): return answer
        default: return line.trimmingWhitespace().hasPrefix("#>")
        }
    }

    /// `isExpectation` of a line's bytes: nil when a byte past ASCII leaves it to characters (a
    /// Unicode space before it, a combining mark after `#>`).
    private static func expectationByBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        var index = 0
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        guard index < bytes.count else { return false }
        guard bytes[index] < 0x80 else { return nil }
        guard bytes[index] == UInt8(ascii: "#"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">")
        else { return false }
        return index + 2 < bytes.count && bytes[index + 2] >= 0x80 ? nil : true
    }
}

/// One run of a script: the statements run so far, grouped by the line they start on (the `#>`
/// lines under a line check the output of its group), and the report.
private struct ScriptRun {
    let path: String
    let session: Interpreter
    let check: Bool
    let stream: (([OutputRecord]) -> Void)?
    var report = ScriptReport()
    /// The indexes of the script's lines that are not `#>` lines, in order.
    var kept: [Int] = []
    /// The `#>` lines `--update` writes, under the index of the line a group ends on.
    var expectations: [Int: [String]] = [:]
    /// The line the statements of the current group start on (and end on), and what they printed.
    private var groupLine = -1
    private var groupEnd = -1
    private var groupOutput: [OutputRecord] = []
    private var groupFailed = false
    /// The script stopped: at its first error, or at `quit`.
    private(set) var isOver = false

    init(path: String, session: Interpreter, check: Bool, stream: (([OutputRecord]) -> Void)?) {
        self.path = path
        self.session = session
        self.check = check
        self.stream = stream
    }

    /// Runs one statement, unless an earlier statement of its line failed.
    mutating func run(_ piece: StatementReader.Piece) {
        // The reader counts the lines it was given, which are the script's lines but its `#>` ones.
        let line = scriptLine(piece.line)
        if line != groupLine {
            closeGroup(expecting: [])
            if isOver { return }
            groupLine = line
        }
        // Line feeds counted in bytes: a walk over `Character`s costs a twentieth of a replayed
        // `send` line, and a "\r\n" pair is one `Character` that is not "\n".
        // Read where they are: a walk of the String's UTF-8 view cost a line 400 instructions.
        let count = { (bytes: UnsafeBufferPointer<UInt8>) in
            bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        }
        let newlines = piece.text.utf8.withContiguousStorageIfAvailable(count)
            ?? Array(piece.text.utf8).withUnsafeBufferPointer(count)
        groupEnd = max(groupEnd, scriptLine(piece.line + newlines))
        guard !groupFailed else { return }
        let output = session.evaluate(piece, file: path, line: line + 1)
        if let stream {
            stream(output.filter { $0.kind != .error })
            groupOutput += output.filter { $0.kind == .error }
        } else {
            report.output += output
            groupOutput += output
        }
        if output.contains(where: { $0.kind == .error }) { groupFailed = true }
        if session.isFinished { isOver = true }
    }

    /// Runs what a Swift program runs once its top-level code waits or ends (the main queue, the open
    /// printed line: `Interpreter.finishScriptTurn`), as the group's output.
    mutating func finishScriptTurn() {
        guard !isOver else { return }
        let output = session.finishScriptTurn()
        guard !output.isEmpty else { return }
        if let stream { stream(output) } else { report.output += output }
        groupOutput += output
    }

    /// The index in the script of the reader's line `index`.
    private func scriptLine(_ index: Int) -> Int {
        index < kept.count ? kept[index] : index
    }

    /// Ends the current group: in check mode each expected line is compared with the group's
    /// output, and an error nobody expected is a failed check; otherwise such an error stops the
    /// script.
    mutating func closeGroup(expecting expected: [(line: Int, text: String)]) {
        defer {
            groupOutput = []
            groupFailed = false
            groupLine = -1
            groupEnd = -1
        }
        guard groupLine >= 0 || !expected.isEmpty else { return }
        let printed = PrintedLines(groupOutput)
        let error = groupOutput.first { $0.kind == .error }
        let errorExpected = expected.contains { PrintedLines.withoutLocation($0.text) == printed.firstErrorLine }
        guard check else {
            if let error, !errorExpected {
                report.failures.append(ScriptFailure(file: path, line: groupLine + 1, message: error.text))
                isOver = true
            }
            return
        }
        if groupEnd >= 0 {
            expectations[groupEnd] = printed.expectations(keeping: expected.map(\.text))
        }
        func fail(_ line: Int, _ message: String) {
            report.checks += 1
            report.failures.append(ScriptFailure(file: path, line: line, message: message))
            session.recorder.record(.checked(file: path, line: line, passed: false, message: message))
        }
        func pass(_ line: Int) {
            report.checks += 1
            report.passed += 1
            session.recorder.record(.checked(file: path, line: line, passed: true, message: nil))
        }
        if let error, !errorExpected {
            fail(groupLine + 1, error.text)
            return
        }
        if expected.count == 1, expected[0].text == ScriptRunner.nothingMarker {
            if let first = printed.required.first {
                fail(expected[0].line, "expected nothing, got `\(first)`")
            } else {
                pass(expected[0].line)
            }
            return
        }
        let checked = printed.checked(against: expected.map(\.text))
        for (offset, expectation) in expected.enumerated() {
            let got = offset < checked.count ? checked[offset] : nil
            if got == PrintedLines.withoutLocation(expectation.text) {
                pass(expectation.line)
            } else {
                fail(expectation.line, "expected `\(expectation.text)`, got \(got.map { "`\($0)`" } ?? "nothing")")
            }
        }
        if checked.count > expected.count, let last = expected.last {
            fail(last.line, "unexpected output `\(checked[expected.count])`")
        }
    }
}

/// The lines a statement printed, as a script compares them: errors without the file and line
/// they name (a copied script still matches), and which lines are only checked when stated
/// (informational lines, and the source and caret under an error).
struct PrintedLines {
    /// Every line, in order, with whether it must be stated.
    let lines: [(text: String, required: Bool)]
    /// The first line of the first error, without its location.
    let firstErrorLine: String?

    init(_ output: [OutputRecord]) {
        var lines: [(String, Bool)] = []
        var firstError: String?
        for record in output {
            let parts = record.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (offset, part) in parts.enumerated() where !part.isEmpty {
                switch record.kind {
                case .info:
                    lines.append((part, false))
                case .error:
                    if offset == 0 {
                        let text = PrintedLines.withoutLocation(part)
                        if firstError == nil { firstError = text }
                        lines.append((text, true))
                    } else {
                        lines.append((part, false))
                    }
                default:
                    lines.append((part, true))
                }
            }
        }
        self.lines = lines
        firstErrorLine = firstError
    }

    /// The lines that are always checked.
    var required: [String] { lines.filter(\.required).map(\.text) }

    /// The lines compared with `expected`: the required ones, and the optional ones it states.
    func checked(against expected: [String]) -> [String] {
        let stated = Set(expected.map(PrintedLines.withoutLocation))
        return lines.filter { $0.required || stated.contains($0.text) }.map(\.text)
    }

    /// The `#>` lines that state this output, for `check --update`: the required lines and the
    /// optional ones the script already stated; `(nothing)` where a stated statement printed none.
    func expectations(keeping expected: [String]) -> [String] {
        let lines = checked(against: expected)
        if lines.isEmpty && !expected.isEmpty { return [ScriptRunner.nothingMarker] }
        return lines
    }

    /// `error: ...` without the `file:line:column: ` before it.
    static func withoutLocation(_ line: String) -> String {
        guard let range = line.range(of: ": error: ") else { return line }
        let location = line[..<range.lowerBound]
        // The location ends in `:LINE` or `:LINE:COLUMN`.
        let parts = location.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2, let last = parts.last, !last.isEmpty, last.allSatisfy(\.isNumber) else { return line }
        return String(line[line.index(range.lowerBound, offsetBy: 2)...])
    }
}
