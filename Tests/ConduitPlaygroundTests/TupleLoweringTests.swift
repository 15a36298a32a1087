import XCTest

@testable import ConduitPlayground

/// Parentheses and tuples read from Swift's tree (`Language/Lowering/TupleLowering.swift`): how many
/// elements and which labels are Swift's `TupleExprSyntax`; swiftc's message for a wrong one, and no
/// crash or hang on thousands of elements or parentheses nested a thousand deep.
final class TupleLoweringTests: SessionTestCase {
    func testParenthesesAndTuplesOfEachShape() {
        XCTAssertEqual(type("let a = (1, 2)"), ["a: (Int, Int) = (1, 2)"])
        let labelled = "b: (offset: Int, element: String) = (offset: 0, element: \"x\")"
        XCTAssertEqual(type("let b = (offset: 0, element: \"x\")"), [labelled])
        XCTAssertEqual(valueLines("print((3), (1...3).count, (2 + 1) * 2, a.1, b.element)"), ["3 3 6 2 x"])
        XCTAssertEqual(type("let v = ()"), ["v: Void = ()"])
    }

    func testATupleMayLabelSomeElementsOnly() {
        // Before, `(1, b: 2)` was refused ("expected `,` or `)` in the tuple"); Swift reads `(Int, b: Int)`.
        XCTAssertEqual(type("let c = (1, b: 2)"), ["c: (Int, b: Int) = (1, b: 2)"])
        XCTAssertEqual(valueLines("print(c.0, c.b)"), ["1 2"])
    }

    func testAWrongTupleIsSwiftsMessage() {
        XCTAssertTrue(error("let t = (1, , 2)").contains("expected value in tuple"))
        XCTAssertTrue(error("let t = (1...)").contains("a range here needs both bounds"))
    }

    func testThousandsOfElementsAreReadAndAThousandLevelsRefused() {
        let wide = "let t = (" + Array(repeating: "1", count: 5_000).joined(separator: ", ") + ")"
        XCTAssertFalse(type(wide).isEmpty)
        XCTAssertEqual(valueLines("print(t.4999)"), ["1"])
        let deep = "let d = " + String(repeating: "(", count: 1_000) + "1" + String(repeating: ")", count: 1_000)
        let refused = error(deep)
        XCTAssertTrue(refused.contains("nests too deeply: Swift's parser is given brackets at most 64"), refused)
        XCTAssertEqual(valueLines("print(t.0)"), ["1"])
    }
}
