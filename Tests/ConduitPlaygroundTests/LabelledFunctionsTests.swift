import XCTest
@testable import ConduitPlayground

/// Swift's library calls told apart by their labels: `String(repeating:count:)`, `stride(from:to:by:)`,
/// `stride(from:through:by:)`, `String(describing:)`.
final class LabelledFunctionsTests: SessionTestCase {
    func testStringRepeatingMakesTheTextCountTimes() {
        XCTAssertEqual(values("print(String(repeating: \"ab\", count: 3), String(repeating: \"x\", count: 0))"),
            ["ababab "])
        XCTAssertEqual(type("let line = String(repeating: \"-\", count: 4)"), ["line: String = \"----\""])
        XCTAssertTrue(error("print(String(repeating: \"a\", count: -1))").contains("at least 0"))
    }

    func testStrideToLeavesTheEndOutAndThroughKeepsIt() {
        XCTAssertEqual(values("print(stride(from: 0, to: 10, by: 5), stride(from: 0, through: 10, by: 5))"),
            ["[0, 5] [0, 5, 10]"])
        XCTAssertEqual(values("print(stride(from: 3, to: 0, by: -1))"), ["[3, 2, 1]"], "a negative step counts down")
        XCTAssertEqual(values("print(stride(from: 0.0, through: 1.0, by: 0.5))"), ["[0.0, 0.5, 1.0]"])
        XCTAssertEqual(values("print(stride(from: 5, to: 0, by: 1))"), ["[]"], "a step away from the end")
    }

    func testAStrideIsASequenceForLoopsAndPublishers() {
        XCTAssertEqual(values("for i in stride(from: 1, through: 3, by: 2) { print(i) }"), ["1", "3"])
        XCTAssertEqual(values("let c = stride(from: 0, to: 6, by: 3).publisher.map { $0 * 10 }.sink { print($0) }"),
            ["0", "30", "c ✓ finished"])
    }

    func testAStrideThatCannotEndIsRefused() {
        XCTAssertTrue(error("print(stride(from: 0, to: 3, by: 0))").contains("cannot be 0"))
        XCTAssertTrue(error("print(stride(from: 0, to: 10000000, by: 1))").contains("at most 1000000"))
        XCTAssertTrue(error("print(stride(from: \"a\", to: 3, by: 1))").contains("three numbers"))
    }

    func testAKeyPathMapsAnArrayLiteralsPublisher() {
        type("struct Song { let name: String }")
        XCTAssertEqual(values("let c = [Song(name: \"a\")].publisher.map(\\.name).sink { print($0) }"),
            ["a", "c ✓ finished"])
    }
}
