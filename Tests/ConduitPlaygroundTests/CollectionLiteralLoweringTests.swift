import XCTest

@testable import ConduitPlayground

/// Array and dictionary literals read from Swift's tree (`Language/Lowering/CollectionLiteralLowering.swift`):
/// which one the brackets hold and its elements are Swift's `ArrayExprSyntax` or `DictionaryExprSyntax`;
/// swiftc's message for a wrong one, and a hundred thousand elements read without a crash or a hang.
final class CollectionLiteralLoweringTests: SessionTestCase {
    func testArraysAndDictionariesOfEachShape() {
        XCTAssertEqual(valueLines("print([1, 2 + 1], [[1], []], [Int]().count)"), ["[1, 3] [[1], []] 0"])
        type("let d = [\"ana\": 1, \"bo\": 2,]")
        XCTAssertEqual(valueLines("print(d[\"bo\"] ?? 0, d.count)"), ["2 2"])
        type("var e: [String: Int] = [:]")
        XCTAssertEqual(valueLines("print(e.isEmpty, [\"x\": [1, 2]][\"x\"] ?? [])"), ["true [1, 2]"])
    }

    func testADictionarysKeyIsAnyHashableValue() {
        // Before, `[1: 2]` was "expected `,` or `]` in the array", at the colon: Swift reads a dictionary there;
        // then it was refused for its key, which is no string (SwiftFidelityTests4 has more).
        XCTAssertEqual(type("let d = [1: 2]"), ["d: [Int: Int] = [1: 2]"])
        type("let n = 1")
        XCTAssertEqual(type("let e = [\"a\\(n)\": 1]"), ["e: [String: Int] = [\"a1\": 1]"])
        XCTAssertTrue(error("let f = [(1, 2): 2]").contains("a dictionary's key is a `Hashable` value"))
    }

    func testAWrongLiteralIsSwiftsMessage() {
        XCTAssertTrue(error("let xs = [1, , 2]").contains("expected value in array element"))
        XCTAssertTrue(error("let d = [\"a\": 1, \"b\"]").contains("expected ':' and value in dictionary element"))
    }

    func testAHundredThousandElementsAndArraysNestedDeeperThanSwiftsParserIsGivenAreRead() {
        // Text longer than 64 KB, or with `[` nested more than 12 deep, is not given to Swift's parser: the
        // array is read up to its `]` all the same.
        let huge = "let xs = [" + Array(repeating: "1", count: 100_000).joined(separator: ", ") + "]"
        XCTAssertFalse(type(huge).isEmpty)
        XCTAssertEqual(valueLines("print(xs.count)"), ["100000"])
        type("let deep = " + String(repeating: "[", count: 20) + "7" + String(repeating: "]", count: 20))
        XCTAssertEqual(valueLines("print(deep" + String(repeating: "[0]", count: 20) + ")"), ["7"])
        let wrong = "let ys = [" + Array(repeating: "1", count: 30_000).joined(separator: ", ") + ", , 2]"
        XCTAssertTrue(error(wrong).hasPrefix("error: expected a value, not `,`"), String(error(wrong).prefix(100)))
    }
}
