import Foundation

/// One expectation of a script that was not met, or an error in it, with where it is.
public struct ScriptFailure: Sendable, Equatable {
    public let file: String
    public let line: Int
    public let message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }
}

/// What running a script did: everything it printed, how many `#>` checks it had and passed, and
/// what failed.
public struct ScriptReport: Sendable {
    public var checks = 0
    public var passed = 0
    public var failures: [ScriptFailure] = []
    public var output: [OutputRecord] = []

    public init() {}
}

/// Runs script files: the same lines as typed at the prompt. A line starting `#>` states a line of
/// output the statement above it must produce; in check mode every such line is compared.
/// A script stops at its first error.
public struct ScriptRunner {
    /// Runs the file at `path` in `session`.
    /// `output`, when given, receives each statement's output as soon as it is produced (and the
    /// report then keeps none), so a long script runs in constant memory.
    public static func run(path: String, session: Session, check: Bool, output: (([OutputRecord]) -> Void)? = nil) -> ScriptReport {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            var report = ScriptReport()
            report.failures.append(ScriptFailure(file: path, line: 0, message: "cannot read the file"))
            return report
        }
        return run(text: text, path: path, session: session, check: check, output: output)
    }

    /// Runs script text; `path` names it in messages. Statements are read by a
    /// `StatementReader` (as from every front end); the `#>` lines under a line check the output
    /// of the statements that start on it.
    public static func run(
        text: String, path: String, session: Session, check: Bool,
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
            guard line.trimmingWhitespace().hasPrefix("#>") else {
                for piece in reader.read(line) where !run.isOver { run.run(piece) }
                index += 1
                continue
            }
            // The statement above is whole: run it, then check it against these lines.
            for piece in reader.finish() where !run.isOver { run.run(piece) }
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
        run.closeGroup(expecting: [])
        return run.report
    }

    /// Informational lines (such as `taps: PassthroughSubject`) are only checked when the script
    /// states them; values, completions, traces and errors always are.
    static func isInfoLine(_ line: String, in output: [OutputRecord]) -> Bool {
        output.contains { $0.kind == .info && $0.text.split(separator: "\n").contains { String($0) == line } }
    }
}

/// One run of a script: the statements run so far, grouped by the line they start on (the `#>`
/// lines under a line check the output of its group), and the report.
private struct ScriptRun {
    let path: String
    let session: Session
    let check: Bool
    let stream: (([OutputRecord]) -> Void)?
    var report = ScriptReport()
    /// The line the statements of the current group start on, and what they printed.
    private var groupLine = -1
    private var groupOutput: [OutputRecord] = []
    private var groupFailed = false
    /// The script stopped: at its first error, or at `quit`.
    private(set) var isOver = false

    init(path: String, session: Session, check: Bool, stream: (([OutputRecord]) -> Void)?) {
        self.path = path
        self.session = session
        self.check = check
        self.stream = stream
    }

    /// Runs one statement, unless an earlier statement of its line failed.
    mutating func run(_ piece: StatementReader.Piece) {
        if piece.line != groupLine {
            closeGroup(expecting: [])
            if isOver { return }
            groupLine = piece.line
        }
        guard !groupFailed else { return }
        let output = session.evaluate(piece, file: path, line: piece.line + 1)
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

    /// Ends the current group: an error not expected by `expected` stops the script; in check
    /// mode each expected line is compared with the group's output.
    mutating func closeGroup(expecting expected: [(line: Int, text: String)]) {
        defer {
            groupOutput = []
            groupFailed = false
            groupLine = -1
        }
        let output = groupOutput
        if let error = output.first(where: { $0.kind == .error }),
            !expected.contains(where: { error.text.contains($0.text) && $0.text.contains("error") })
        {
            report.failures.append(ScriptFailure(file: path, line: groupLine + 1, message: error.text))
            isOver = true
            return
        }
        guard check else { return }
        let actual = output.flatMap { $0.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
            .filter { !$0.isEmpty }
        let checked = output.contains { $0.kind == .info }
            ? actual.filter { line in
                expected.contains { $0.text == line } || !ScriptRunner.isInfoLine(line, in: output)
            }
            : actual
        for (offset, expectation) in expected.enumerated() {
            report.checks += 1
            let got = offset < checked.count ? checked[offset] : nil
            if got == expectation.text {
                report.passed += 1
            } else {
                report.failures.append(ScriptFailure(
                    file: path, line: expectation.line,
                    message: "expected `\(expectation.text)`, got \(got.map { "`\($0)`" } ?? "nothing")"
                ))
            }
        }
        if checked.count > expected.count, let last = expected.last {
            report.checks += 1
            report.failures.append(ScriptFailure(
                file: path, line: last.line, message: "unexpected output `\(checked[expected.count])`"
            ))
        }
    }
}
