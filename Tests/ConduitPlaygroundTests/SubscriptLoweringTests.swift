import XCTest

@testable import ConduitPlayground

/// Subscripts read from Swift's tree (`Language/Lowering/SubscriptLowering.swift`): the index, or the key
/// and its `default:`, where Swift's `SubscriptCallExprSyntax` has them; the playground's message for a
/// subscript of another shape, and no crash or hang on subscripts nested a thousand deep.
final class SubscriptLoweringTests: SessionTestCase {
    func testAnIndexAndAKeyWithItsDefault() {
        type("let xs = [10, 20, 30]")
        XCTAssertEqual(valueLines("print(xs[0], xs[1 + 1], xs[xs.count - 2])"), ["10 30 20"])
        type("var counts: [String: Int] = [:]")
        type("counts[\"a\", default: 0] += 1")
        type("counts[\"a\", default: 0] += 1")
        XCTAssertEqual(valueLines("print(counts[\"a\", default: 0], counts[\"b\", default: 7])"), ["2 7"])
        type("let grid = [[1, 2], [3, 4]]")
        XCTAssertEqual(valueLines("print(grid[1][0], grid[grid[0][0]][1])"), ["3 4"])
    }

    func testAnOptionalsSubscriptGivesNilForNil() {
        type("let d: [String: [Int]]? = [\"a\": [1, 2]]")
        XCTAssertEqual(valueLines("print(d?[\"a\"] as Any)"), ["Optional([1, 2])"])
    }

    func testASubscriptOfAnotherShapeSaysWhatItHolds() {
        type("let xs = [1, 2]")
        // Before, each was "expected `]`", at the token after the first value.
        XCTAssertTrue(error("print(xs[0, 1])").contains("an index reads `[VALUE]`, or `[KEY, default: VALUE]`"))
        XCTAssertTrue(error("print(xs[i: 0])").contains("not `[i: 0]`"))
        XCTAssertTrue(error("print(xs[])").contains("not `[]`"))
        XCTAssertTrue(error("print(xs[1...])").contains("Swift reads `1...` as the index"))
    }

    func testAWrongSubscriptIsSwiftsMessage() {
        type("let xs = [1, 2]")
        XCTAssertTrue(error("print(xs[, 0])").contains("expected value in subscript"), error("print(xs[, 0])"))
    }

    func testSubscriptsNestedAThousandDeepAreRefusedWithoutCrashing() {
        type("let xs = [0]")
        XCTAssertFalse(error("print(" + String(repeating: "xs[", count: 1_000) + "0"
            + String(repeating: "]", count: 1_000) + ")").isEmpty)
        XCTAssertFalse(error("print(xs" + String(repeating: "[0]", count: 1_000) + ")").isEmpty)
        XCTAssertEqual(valueLines("print(xs[0])"), ["0"])
    }
}
