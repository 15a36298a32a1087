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

    /// Runs script text; `path` names it in messages.
    public static func run(text: String, path: String, session: Session, check: Bool, output stream: (([OutputRecord]) -> Void)? = nil) -> ScriptReport {
        var report = ScriptReport()
        // Split as bytes: splitting by `Character` is several times slower, and would keep `\r\n`
        // (one character) from ending a line. A `\r` before the `\n` is dropped.
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
        // Each line trimmed once: a line is looked at as the next one's continuation and as a
        // `#>` expectation as well as on its own.
        let trimmedLines = lines.map { $0.trimmingWhitespace() }
        var index = 0
        while index < lines.count, !session.isFinished {
            let line = lines[index]
            let trimmed = trimmedLines[index]
            if trimmed.isEmpty || trimmed.hasPrefix("#") {
                index += 1
                continue
            }
            // Gather the statement: continuation lines (starting with `.` or inside brackets).
            let start = index
            var statement = line
            index += 1
            while index < lines.count {
                let next = trimmedLines[index]
                if next.hasPrefix(".") || StatementSplitter.isUnfinished(statement) {
                    statement += "\n" + lines[index]
                    index += 1
                } else {
                    break
                }
            }
            let output = session.evaluate(statement, file: path, line: start + 1)
            if let stream {
                stream(output.filter { $0.kind != .error })
            } else {
                report.output += output
            }
            // Its expectations: the `#>` lines right below it.
            var expected: [(line: Int, text: String)] = []
            while index < lines.count, trimmedLines[index].hasPrefix("#>") {
                var body = String(trimmedLines[index].dropFirst(2))
                if body.hasPrefix(" ") { body.removeFirst() }
                expected.append((index + 1, body))
                index += 1
            }
            if let error = output.first(where: { $0.kind == .error }), !expected.contains(where: { error.text.contains($0.text) && $0.text.contains("error") }) {
                report.failures.append(ScriptFailure(file: path, line: start + 1, message: error.text))
                return report
            }
            guard check else { continue }
            let actual = output.flatMap { $0.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
                .filter { !$0.isEmpty }
            let checked = output.contains { $0.kind == .info } ? actual.filter { line in expected.contains { $0.text == line } || !isInfoLine(line, in: output) } : actual
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
            if checked.count > expected.count, !expected.isEmpty {
                report.checks += 1
                report.failures.append(ScriptFailure(
                    file: path, line: expected.last!.line,
                    message: "unexpected output `\(checked[expected.count])`"
                ))
            }
        }
        return report
    }

    /// Informational lines (such as `taps: PassthroughSubject`) are only checked when the script
    /// states them; values, completions, traces and errors always are.
    private static func isInfoLine(_ line: String, in output: [OutputRecord]) -> Bool {
        output.contains { $0.kind == .info && $0.text.split(separator: "\n").contains { String($0) == line } }
    }
}
