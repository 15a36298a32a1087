import XCTest

@testable import ConduitPlayground

/// `else` at the start of a line, as Swift reads it: a `guard` waits for its `else` on the next line,
/// and `}` then `else {` on the next line is one `if` statement in a script; at the prompt, where the
/// `if` has already run, such a line says so.
final class ElseOnTheNextLineTests: SessionTestCase {
    private func pieces(_ lines: [String], mode: StatementReader.Mode) -> [StatementReader.Piece] {
        var reader = StatementReader(mode: mode)
        return lines.flatMap { reader.read($0) } + reader.finish()
    }

    func testAGuardWaitsForItsElseOnTheNextLine() {
        var reader = StatementReader(mode: .interactive)
        XCTAssertEqual(reader.read("guard let n = Int(\"4\")").count, 0)
        XCTAssertTrue(reader.isWaiting, "the prompt shows `…`")
        let read = reader.read("else { fatalError(\"not a number\") }")
        XCTAssertEqual(read.map(\.text), ["guard let n = Int(\"4\")\nelse { fatalError(\"not a number\") }"])
        XCTAssertNil(read.first?.unclosed)
        // `guard ready` is plain words, yet waits too.
        XCTAssertEqual(pieces(["guard ready", "else { return }"], mode: .interactive).count, 1)
    }

    func testAGuardSeparatedFromItsElseIsSwiftcsMessage() {
        let read = pieces(["guard let n = Int(\"4\")", "", "print(1)"], mode: .interactive)
        XCTAssertEqual(read.map(\.text), ["guard let n = Int(\"4\")", "print(1)"])
        XCTAssertNil(read.first?.unclosed, "nothing is left open but the `else`: Swift's parser says so")
        XCTAssertTrue(error("guard let n = Int(\"4\")").contains("expected 'else' and body in 'guard' statement"))
    }

    func testAGuardWithItsElseOnTheNextLineRuns() {
        XCTAssertEqual(printed("guard let n = Int(\"4\")\nelse { fatalError(\"no\") }\nprint(n * 2)").last, "8")
    }

    func testElseOnTheLineAfterTheBraceIsOneIfStatementInAScript() {
        let lines = ["if v == 4 {", "    print(4)", "}", "else if v == 5 {", "    print(5)", "}", "else {", "}"]
        XCTAssertEqual(pieces(lines, mode: .lookahead).count, 1)
        type("let v = 5")
        XCTAssertEqual(valueLines(lines.joined(separator: "\n") + "\nprint(\"after\")"), ["5", "after"])
        XCTAssertEqual(valueLines("if v > 9 { print(\"big\") }\nelse { print(\"small\") }"), ["small"])
    }

    func testElseAfterTheIfHasRunSaysSo() {
        // At the prompt the `if` runs at its `}`: the `else` line cannot join it.
        XCTAssertEqual(pieces(["if true { print(1) }", "else { print(2) }"], mode: .interactive).count, 2)
        type("let v = 5")
        XCTAssertEqual(valueLines("if v == 4 { print(4) }"), [])
        let message = error("else { print(\"five\") }")
        XCTAssertTrue(message.contains("`else` continues the `if` before it, which has already run here"), message)
        XCTAssertTrue(message.contains("write `} else {` on the line of the `}`"), message)
        // A word that starts with `else` is no `else`.
        type("let elsewhere = 3")
        XCTAssertEqual(valueLines("print(elsewhere)"), ["3"])
    }
}
