import XCTest
@testable import ConduitPlayground

/// How input is cut into statements, for plain lines (the fast path) and for lines with `;`,
/// brackets, strings and comments.
final class StatementSplitterTests: XCTestCase {
    private func texts(_ source: String) -> [String] {
        StatementSplitter.statements(in: source).map(\.text)
    }

    func testAPlainLineIsOneTrimmedStatement() {
        XCTAssertEqual(texts("  send s 1 \t"), ["send s 1"])
        XCTAssertEqual(texts("\u{00A0}send s 1\u{00A0}"), ["send s 1"])
        XCTAssertEqual(StatementSplitter.statements(in: "send s 1").map(\.line), [0])
    }

    func testBlankLinesAndCommentsAreNoStatements() {
        XCTAssertEqual(texts(""), [])
        XCTAssertEqual(texts(" \t "), [])
        XCTAssertEqual(texts("\u{0B}\u{0C}"), [])
        XCTAssertEqual(texts("# just a note"), [])
    }

    func testSemicolonsSplitOutsideStringsAndBrackets() {
        XCTAssertEqual(texts("send s 1; send s 2"), ["send s 1", "send s 2"])
        XCTAssertEqual(texts("send s \"a;b\""), ["send s \"a;b\""])
        XCTAssertEqual(texts("let p = s.map { $0; }"), ["let p = s.map { $0; }"])
    }

    func testOpenBracketsAndStringsLeaveTheInputUnfinished() {
        XCTAssertTrue(StatementSplitter.isUnfinished("let p = s.map {"))
        XCTAssertTrue(StatementSplitter.isUnfinished("send s \"open"))
        XCTAssertFalse(StatementSplitter.isUnfinished("send s 1"))
        XCTAssertFalse(StatementSplitter.isUnfinished("let p = s.map { $0 }"))
        XCTAssertFalse(StatementSplitter.isUnfinished("send s 1 # {"))
    }
}
