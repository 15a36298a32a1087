import XCTest

@testable import ConduitPlayground

/// A `let` or `var` as the last statement of a block (a loop's body, a `case`, an `if`'s block), which
/// Swift accepts (warning that the value is unused): the step runs for its effect, and what follows the
/// block runs. A closure that must give a value still says what it is missing.
final class BlockEndingLetTests: SessionTestCase {
    func testALetEndsALoopsBodyInAFunction() {
        type("func total(_ xs: [Int]) -> Int { var sum = 0; for x in xs { sum += x; let y = x * 2 }; "
            + "var n = 0; while n < 2 { n += 1; let z = n }; return sum + n }")
        XCTAssertEqual(printed("print(total([1, 2, 3]))"), ["8"])
    }

    func testALetEndsACaseOfASwitch() {
        type("func name(_ x: Int) -> String { var word = \"?\"; switch x { case 1: word = \"one\"; let z = 3 "
            + "case 2: let w = 4 default: word = \"many\"; var v = 5 }; return word }")
        XCTAssertEqual(printed("print(name(1), name(2), name(7))"), ["one ? many"])
    }

    func testALetEndsATopLevelLoopsBodyAndAClosuresLoop() {
        XCTAssertEqual(printed("for x in [1, 2] { print(x); let doubled = x * 2 }"), ["1", "2"])
        type("let counts = [1, 2, 3].map { n -> Int in var total = 0; for i in 1...n { total += i; let t = i }; "
            + "return total }")
        XCTAssertEqual(printed("print(counts)"), ["[1, 3, 6]"])
    }

    func testALetEndingAnIfInAFunctionRunsAndWhatFollowsRuns() {
        type("func check(_ x: Int) -> Int { if x > 0 { print(\"positive\"); let y = x }; return x * 10 }")
        XCTAssertEqual(printed("print(check(2))"), ["positive", "20"])
    }

    func testAClosureThatEndsAfterALetStillSaysWhatIsMissing() {
        type("subject n")
        let message = error("sink out = n.map { x in let y = x * 2 }")
        XCTAssertTrue(message.contains("write the value it gives, for example `return y`"), message)
    }
}
