import XCTest

@testable import ConduitPlayground

/// The generic arguments of `Optional<...>` and `Result<...>` read from Swift's tree
/// (`Language/Lowering/GenericArgumentsLowering.swift`): they end at the `>` Swift closes them with.
final class GenericArgumentsLoweringTests: SessionTestCase {
    func testTheWrittenTypeIsWhatTheAngleBracketsHold() {
        XCTAssertEqual(type("let o = Optional<Int>.none"), ["o: Int? = nil"])
        XCTAssertEqual(type("let p = Optional<Array<Int>>.some([1])"), ["p: [Int]? = [1]"])
        XCTAssertEqual(type("let q = Optional<[String: Int]>([\"a\": 1])"), ["q: [String: Int]? = [\"a\": 1]"])
        XCTAssertEqual(valueLines("print(Result<Int, Error>.success(1))"), ["success(1)"])
    }

    func testAnglesWithNoTypeAreRefused() {
        // Before, `Optional<>.none` was read as a nil of no type (`Value?`).
        XCTAssertTrue(error("let o = Optional<>.none").contains("`Optional<`"))
        XCTAssertTrue(error("let o = Optional<Int.none").contains("expected `>` to close `Optional<`"))
    }
}
