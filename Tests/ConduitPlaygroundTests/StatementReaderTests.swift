import XCTest
@testable import ConduitPlayground

/// How input is cut into statements, for every front end: plain lines, `;`, brackets, strings,
/// comments, and lines starting with `.` that continue the statement before them.
final class StatementReaderTests: XCTestCase {
    private func pieces(_ source: String, mode: StatementReader.Mode = .lookahead) -> [StatementReader.Piece] {
        var reader = StatementReader(mode: mode)
        return reader.read(lines: source) + reader.finish()
    }

    private func texts(_ source: String, mode: StatementReader.Mode = .lookahead) -> [String] {
        pieces(source, mode: mode).map(\.text)
    }

    func testAPlainLineIsOneTrimmedStatement() {
        XCTAssertEqual(texts("  send s 1 \t"), ["send s 1"])
        XCTAssertEqual(texts("\u{00A0}send s 1\u{00A0}"), ["send s 1"])
        XCTAssertEqual(pieces("send s 1").map(\.line), [0])
        XCTAssertEqual(texts("send s 1\r"), ["send s 1"])
    }

    func testAStatementsColumnCountsTheBlanksBeforeIt() {
        XCTAssertEqual(pieces("send s 1").map(\.column), [0])
        XCTAssertEqual(pieces("  \tsend s 1").map(\.column), [3])
        XCTAssertEqual(pieces("\u{00A0} send s 1").map(\.column), [2])
        XCTAssertEqual(pieces("send s 1;   send s 2").map(\.column), [0, 12])
    }

    func testBlankLinesAndCommentsAreNoStatements() {
        XCTAssertEqual(texts(""), [])
        XCTAssertEqual(texts(" \t "), [])
        XCTAssertEqual(texts("\u{0B}\u{0C}"), [])
        XCTAssertEqual(texts("# just a note"), [])
        XCTAssertEqual(texts("send s 1; # a note"), ["send s 1"])
    }

    func testSemicolonsSplitOutsideStringsAndBrackets() {
        XCTAssertEqual(texts("send s 1; send s 2"), ["send s 1", "send s 2"])
        XCTAssertEqual(texts("send s \"a;b\""), ["send s \"a;b\""])
        XCTAssertEqual(texts("let p = s.map { $0; }"), ["let p = s.map { $0; }"])
        XCTAssertEqual(texts("send s 1;; send s 2;"), ["send s 1", "send s 2"])
    }

    func testALineStartingWithADotContinuesTheStatementBeforeIt() {
        let read = pieces("let p = s\n  .map { $0 * 2 }\n\n.filter { $0 > 2 }")
        XCTAssertEqual(read.map(\.text), ["let p = s\n  .map { $0 * 2 }", ".filter { $0 > 2 }"])
        XCTAssertEqual(read.map(\.continuesPrevious), [false, true], "a blank line ends the statement")
        XCTAssertEqual(read[0].continuations, [12])
        // A dot that a combining mark makes another character starts no continuation.
        let marked = pieces("let p = s\n.\u{301}map")
        XCTAssertEqual(marked.map(\.text), ["let p = s", ".\u{301}map"])
        XCTAssertEqual(marked.map(\.continuesPrevious), [false, false])
        XCTAssertEqual(pieces(".").map(\.continuesPrevious), [true])
    }

    func testASemicolonPartStartingWithADotContinuesTheStatementOnTheLine() {
        let read = pieces("sink s = p; .filter { $0 > 10 }; send a 1")
        XCTAssertEqual(read.map(\.text), ["sink s = p  .filter { $0 > 10 }", "send a 1"])
        XCTAssertEqual(read[0].continuations, [12])
    }

    func testACommentLineDoesNotEndAStatementBeforeItsContinuation() {
        XCTAssertEqual(texts("let p = s # the source\n# keep the big ones\n.filter { $0 > 2 }"), [
            "let p = s \n.filter { $0 > 2 }",
        ])
    }

    func testInteractiveReadingHandsOutEachStatementAtTheEndOfItsLine() {
        var reader = StatementReader(mode: .interactive)
        XCTAssertEqual(reader.read("let p = s").map(\.text), ["let p = s"])
        let next = reader.read(".map { $0 }")
        XCTAssertEqual(next.map(\.text), [".map { $0 }"])
        XCTAssertEqual(next.map(\.continuesPrevious), [true])
    }

    func testAnOpenBracketWaitsForTheNextLine() {
        var reader = StatementReader(mode: .interactive)
        XCTAssertEqual(reader.read("let p = s.map {"), [])
        XCTAssertTrue(reader.isWaiting)
        XCTAssertEqual(reader.read("  $0 * 2 }").map(\.text), ["let p = s.map {\n  $0 * 2 }"])
        XCTAssertFalse(reader.isWaiting)
        XCTAssertFalse(StatementReaderTests.waits("send s 1 # {"))
        XCTAssertFalse(StatementReaderTests.waits("let p = s.map { $0 }"))
    }

    func testABlankLineOrANewCommandEndsABrokenStatement() {
        let blank = pieces("let p = s.map { $0 * (2\n\nsend s 1")
        XCTAssertEqual(blank.map(\.text), ["let p = s.map { $0 * (2", "send s 1"])
        XCTAssertEqual(blank[0].unclosed, .init(offset: 21, symbol: "(", reason: .blankLine))
        let command = pieces("let p = s.map {\nsend s 1")
        XCTAssertEqual(command.map(\.text), ["let p = s.map {", "send s 1"])
        XCTAssertEqual(command[0].unclosed, .init(offset: 14, symbol: "{", reason: .newCommand("send")))
        XCTAssertNil(command[1].unclosed)
        XCTAssertEqual(pieces("send s [1,\n2]").map(\.text), ["send s [1,\n2]"], "not a command: it continues")
        XCTAssertEqual(pieces("send s {current: 1,\nsend: 2}").count, 1, "a field named like a command continues")
    }

    func testABracketClosedByAnotherKindEndsTheStatementAtOnceAtItsOpening() {
        var reader = StatementReader(mode: .interactive)
        XCTAssertEqual(reader.read("class Model {"), [])
        XCTAssertEqual(reader.read("  func bump() {"), [])
        XCTAssertEqual(reader.read("    count += (1"), [])
        let broken = reader.read("  }")
        XCTAssertEqual(broken.count, 1, "no line to come can mend it: it is handed out without waiting")
        XCTAssertEqual(broken.first?.unclosed?.symbol, "(")
        XCTAssertEqual(broken.first?.unclosed?.reason, .mismatched("}"))
        XCTAssertEqual(broken.first?.unclosed?.offset, 43, "the caret is at the `(` left open, not the class's `{`")
        XCTAssertFalse(reader.isWaiting)
        let message = StatementReader.message(for: broken[0].unclosed!)
        XCTAssertEqual(message, "`(` is never closed: a `}` comes before its `)`; close it with `)` first")
        XCTAssertEqual(pieces("print((1]").first?.unclosed?.reason, .mismatched("]"))
        XCTAssertNil(pieces("print([1], (2))").first?.unclosed, "brackets closed in order are no mismatch")
    }

    func testSwiftStatementsInsideAnOpenClosureGoOnWithItsBody() {
        let body = "p.tryMap { v -> Int in\n    if v < 0 { throw E.bad }\n    for x in [1] { print(x) }\n"
            + "    return v\n}"
        XCTAssertEqual(texts(body), [body])
        let guarded = "s.sink { v in\n    guard let v else { return }\n    switch v { default: print(v) }\n}"
        XCTAssertEqual(texts(guarded), [guarded], "`guard` and `switch`, command words at the top level, go on too")
        let paren = pieces("let x = f(1,\nif y { }")
        XCTAssertEqual(paren.count, 2, "in brackets other than braces, `if` starts a new statement")
    }

    func testAStringEndsOnItsLine() {
        let read = pieces("send s \"open\nsend s 1", mode: .interactive)
        XCTAssertEqual(read.map(\.text), ["send s \"open", "send s 1"])
        XCTAssertEqual(read[0].unclosed, .init(offset: 7, symbol: "\"", reason: .endOfLine))
        XCTAssertFalse(StatementReaderTests.waits("send s \"open"))
        XCTAssertEqual(texts("send s \"a \\\" b\""), ["send s \"a \\\" b\""], "an escaped quote does not close it")
    }

    func testTheEndOfTheInputEndsAnOpenStatement() {
        XCTAssertEqual(pieces("let p = s.map {").first?.unclosed?.reason, .endOfInput)
    }

    private static func waits(_ line: String) -> Bool {
        var reader = StatementReader(mode: .interactive)
        _ = reader.read(line)
        return reader.isWaiting
    }
}
