import XCTest
@testable import ConduitPlayground

/// A line added inside brackets that keeps them open is read from its own lexemes, not by giving the
/// whole statement to Swift's parser again; what it cannot place alone goes to the whole reading.
final class BracketLineReadingTests: XCTestCase {
    private let brace = StatementShape.OpenBracket(symbol: UInt8(ascii: "{"), offset: 10)

    private func open(after line: String) -> [UInt8]? {
        StatementShape.bracketsStillOpen(after: Substring(line), open: [brace], base: 20)?.map(\.symbol)
    }

    func testALineInsideBracesKeepsThemOpenWithItsOwnBrackets() {
        XCTAssertEqual(open(after: "    func add(_ n: Int) {"), [UInt8(ascii: "{"), UInt8(ascii: "{")])
        XCTAssertEqual(open(after: "    var total = 0"), [UInt8(ascii: "{")])
        XCTAssertEqual(open(after: "        print(\"total\", total)"), [UInt8(ascii: "{")])
        let offsets = StatementShape.bracketsStillOpen(after: "  f(", open: [brace], base: 20)?.map(\.offset)
        XCTAssertEqual(offsets, [10, 23], "a bracket's offset counts from the statement's start")
    }

    func testWhatOnlyTheWholeStatementCanPlaceIsLeftToIt() {
        XCTAssertNil(open(after: "}"), "the outermost bracket closes: the statement may be complete")
        XCTAssertNil(open(after: "  let x = (1]"), "a closing bracket of another kind")
        XCTAssertNil(open(after: "  let s = \"\"\""), "a multi-line string")
        XCTAssertNil(open(after: "  x += 1 # note"), "a playground comment")
        XCTAssertNil(open(after: "  x += 1 // note"), "a Swift comment")
        XCTAssertNil(open(after: "  let y = a +"), "an operator waiting for its right-hand side")
        XCTAssertNil(open(after: "  let t = \"\\(x)\""), "an interpolation")
        XCTAssertNil(StatementShape.bracketsStillOpen(after: "x", open: [], base: 0), "no bracket open")
    }

    func testAPastedClassReadsAsOneStatementAsBefore() {
        let lines = ["class Counter {", "    var total = 0", "    func add(_ n: Int) {", "        total += n",
            "        print(\"added\", n) // trace", "    }", "}", "let c = Counter()"]
        var reader = StatementReader(mode: .lookahead)
        let pieces = reader.read(lines: lines.joined(separator: "\n")) + reader.finish()
        // The whole reading still cuts a line's comment, as it did before.
        let expected = lines.prefix(7).joined(separator: "\n").replacingOccurrences(of: "// trace", with: "")
        XCTAssertEqual(pieces.map(\.text), [expected, "let c = Counter()"])
        let session = Session()
        let records = session.evaluate(lines.joined(separator: "\n") + "\nc.add(2)\nprint(c.total)")
        XCTAssertEqual(records.filter { $0.kind == .value }.map(\.text), ["added 2", "2"])
    }

    func testALongPastedClassIsReadWhole() {
        // 400 methods: over a thousand brackets, which Swift's parser is given (a paste of a long file).
        let methods = (0..<400).map { "    func f\($0)() -> Int { return (\($0) + 1) * 2 }" }
        let session = Session()
        let source = (["class Big {"] + methods + ["}", "print(Big().f399())"]).joined(separator: "\n")
        let records = session.evaluate(source)
        XCTAssertEqual(records.filter { $0.kind == .error }.map(\.text), [])
        XCTAssertEqual(records.filter { $0.kind == .value }.map(\.text), ["800"])
    }
}
