import XCTest
@testable import ConduitPlayground

/// Base for playground tests: a fresh session and helpers to type lines at it.
class SessionTestCase: XCTestCase {
    var session: Session!

    /// How many times longer a bound on a hostile input's time stands under the thread sanitizer (`scripts/test`
    /// sets `CONDUIT_UNDER_TSAN`), which runs the debug build ten times slower or more: the bound says that the
    /// input ends, not how fast.
    var sanitizerSlowdown: Double {
        ProcessInfo.processInfo.environment["CONDUIT_UNDER_TSAN"] == nil ? 1 : 10
    }

    override func setUp() {
        super.setUp()
        session = Session()
    }

    override func tearDown() {
        session = nil
        super.tearDown()
    }

    /// Types `line` and returns the lines it printed.
    @discardableResult
    func type(_ line: String, file: StaticString = #filePath, lineNumber: UInt = #line) -> [String] {
        session.evaluate(line).flatMap { $0.text.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init) }
    }

    /// Types `line` and returns what it printed, without its info lines (`x: Int = 5`).
    func printed(_ line: String) -> [String] {
        session.evaluate(line).filter { $0.kind != .info }.map(\.text)
    }

    /// What `source` printed: its value lines only (no completions, no info lines).
    func valueLines(_ source: String) -> [String] {
        session.evaluate(source).filter { $0.kind == .value }.map(\.text)
    }

    /// Types `line` and returns only its value and completion lines.
    func values(_ line: String) -> [String] {
        session.evaluate(line).filter { $0.kind == .value || $0.kind == .completion }.map(\.text)
    }

    /// Types `line`, asserts it failed, and returns the error text.
    func error(_ line: String, file: StaticString = #filePath, lineNumber: UInt = #line) -> String {
        let records = session.evaluate(line)
        guard let error = records.first(where: { $0.kind == .error }) else {
            XCTFail("expected an error for `\(line)`, got \(records.map(\.text))", file: file, line: lineNumber)
            return ""
        }
        return error.text
    }
}
