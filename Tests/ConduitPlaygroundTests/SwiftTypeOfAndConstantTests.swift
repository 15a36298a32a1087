import XCTest

@testable import ConduitPlayground

/// `type(of:)`, which prints a value's type as Swift does, and the constants of Swift's number types
/// (`Int.max`) declared as values, not read as the operator `max` on a pipeline named `Int`.
final class SwiftTypeOfAndConstantTests: SessionTestCase {
    func testTypeOfAValueIsItsSwiftType() {
        XCTAssertEqual(type("let t = type(of: 3)"), ["t: Int.Type = Int"])
        XCTAssertEqual(printed("print(type(of: \"a\"), type(of: [1.5]), type(of: (1, \"x\")))"),
            ["String Array<Double> (Int, String)"])
        XCTAssertEqual(printed("print(\"\\(type(of: t))\")"), ["Int.Type"])
        XCTAssertEqual(printed("print(type(of: 1) == type(of: 2), type(of: 1) == type(of: \"1\"))"), ["true false"])
    }

    func testNumberConstantsAreValues() {
        XCTAssertEqual(type("let biggest = Int.max"), ["biggest: Int = 9223372036854775807"])
        XCTAssertEqual(type("let smallest = Int.min"), ["smallest: Int = -9223372036854775808"])
        XCTAssertEqual(type("let value = Double.pi"), ["value: Double = 3.141592653589793"])
        XCTAssertTrue(error("let huge = Int.maximum").contains("Int"), "no such constant: still refused")
        XCTAssertTrue(error("print(huge)").contains("cannot find `huge`"))
    }

    func testAConstantStartingAValueIsTheMemberSwiftReadsAfterTheType() {
        // Swift reads `Int . max` and `Int.max` alike; the rest of the value follows the constant.
        XCTAssertEqual(type("let spaced = Int . max"), ["spaced: Int = 9223372036854775807"])
        XCTAssertEqual(type("let half = Double.pi / 2"), ["half: Double = 1.5707963267948966"])
        XCTAssertEqual(type("let none = Int.zero + 1"), ["none: Int = 1"])
        // `Int.max` is no pipeline (the operator `max` on `Int`), and `Int` alone names no constant.
        XCTAssertEqual(type("let best = Double.greatestFiniteMagnitude"), ["best: Double = 1.7976931348623157e+308"])
        XCTAssertTrue(error("let kind = Int").contains("Int"))
    }

    func testTypeOfTakesOneValue() {
        XCTAssertTrue(error("let t = type(of: 1, 2)").contains("write `type(of: VALUE)`"))
        XCTAssertTrue(error("print(t)").contains("cannot find `t`"))
    }
}
