import XCTest
@testable import ConduitPlayground

/// Loops in a function's, a method's or a closure's body, as slides write them: the body's `var`s
/// carry values from turn to turn and out of the loop; `break`, `continue` and `return` leave it as
/// Swift's do.
final class BodyLoopTests: SessionTestCase {
    func testAForLoopSumsIntoAVar() {
        type("""
            func total(_ xs: [Int]) -> Int {
                var sum = 0
                for x in xs {
                    sum += x
                }
                return sum
            }
            """)
        XCTAssertEqual(values("print(total([1, 2, 3]), total([]))"), ["6 0"])
    }

    func testWhileAndRepeatLoops() {
        type("func fact(_ n: Int) -> Int { var r = 1; var i = 1; while i <= n { r *= i; i += 1 }; return r }")
        XCTAssertEqual(values("print(fact(5))"), ["120"])
        type("func digits(_ n: Int) -> Int { var count = 0; var m = n; repeat { count += 1; m /= 10 } while m > 0; "
            + "return count }")
        XCTAssertEqual(values("print(digits(0), digits(12345))"), ["1 5"], "the block runs once before the test")
    }

    func testBreakContinueAndReturnInsideALoop() {
        type("""
            func firstNegative(_ xs: [Int]) -> Int? {
                for x in xs {
                    if x >= 0 { continue }
                    return x
                }
                return nil
            }
            """)
        XCTAssertEqual(values("print(firstNegative([3, -2, -5]) ?? 0, firstNegative([1]) ?? 0)"), ["-2 0"])
        type("func upTo(_ limit: Int) -> [Int] { var seen: [Int] = []; for i in 0..<100 { if i > limit { break }; "
            + "seen.append(i) }; return seen }")
        XCTAssertEqual(values("print(upTo(3))"), ["[0, 1, 2, 3]"])
    }

    func testAnIfInALoopMayReturnWithNothingAfterIt() {
        type("func firstNegative(_ xs: [Int]) -> Int? { for x in xs { if x < 0 { return x } }; return nil }")
        XCTAssertEqual(values("print(firstNegative([1, -4, -5]) ?? 0, firstNegative([1]) ?? 0)"), ["-4 0"])
    }

    func testAReturnInALoopInsideAnIfStillRunsWhatFollowsWhenItDoesNotReturn() {
        type("""
            func find(_ xs: [String], _ target: String, _ look: Bool) -> String {
                if look {
                    for x in xs where x == target { return "found " + x }
                }
                return "none"
            }
            """)
        XCTAssertEqual(values("print(find([\"a\", \"b\"], \"b\", true), find([\"a\"], \"z\", true), "
            + "find([\"b\"], \"b\", false))"), ["found b none none"])
    }

    func testNestedLoopsAndTuplePatterns() {
        type("""
            func pairs(_ n: Int) -> [String] {
                var out: [String] = []
                for i in 1...n {
                    for j in 1...n where j > i {
                        if j == 3 { continue }
                        out.append("\\(i)\\(j)")
                    }
                }
                return out
            }
            """)
        XCTAssertEqual(values("print(pairs(4))"), ["[\"12\", \"14\", \"24\", \"34\"]"])
        type("func indexed(_ xs: [String]) -> String { var s = \"\"; "
            + "for (i, x) in xs.enumerated() { s += \"\\(i)\\(x)\" }; return s }")
        XCTAssertEqual(values("print(indexed([\"a\", \"b\"]))"), ["0a1b"])
    }

    func testAClosuresBodyLoopsForEachValue() {
        type("subject s")
        type("sink out = s.map { n -> Int in var t = 0; for i in 1...n { t += i }; return t }")
        XCTAssertEqual(values("send s 4"), ["out ← 10"])
        XCTAssertEqual(values("send s 1"), ["out ← 1"], "each value starts from the declared value")
    }

    func testAMethodLoopsAndCallsAnotherMethod() {
        type("""
            class Counter {
                var count = 0
                func bump() { count += 1 }
                func bumpMany(times: Int) {
                    for _ in 0..<times { bump() }
                }
            }
            """)
        type("let c = Counter()")
        type("c.bumpMany(times: 3)")
        XCTAssertEqual(values("print(c.count)"), ["3"])
    }

    func testAClosureInTheBodySetsTheBodysVar() {
        type("func count(_ xs: [Int]) -> Int { var n = 0; let doubled = xs.map { x -> Int in n += 1; return x * 2 }; "
            + "return n + doubled.count }")
        XCTAssertEqual(values("print(count([5, 6, 7]))"), ["6"])
    }

    func testALoopThatNeverEndsStopsWithAMessageAndTheSessionGoesOn() {
        type("func spin() -> Int { var n = 0; while n >= 0 { n = 1 }; return n }")
        XCTAssertTrue(error("print(spin())").contains("ran 1000000 times and its condition still holds"))
        XCTAssertEqual(values("print(1)"), ["1"])
    }

    func testMisplacedJumpsAndTypesAreRefusedInSwiftsWords() {
        XCTAssertTrue(error("func f() { break }").contains("'break' is only allowed inside a loop"))
        XCTAssertTrue(error("func g() { continue }").contains("'continue' is only allowed inside a loop"))
        let condition = error("func h(_ n: Int) -> Int { var m = n; while m { m -= 1 }; return m }")
        XCTAssertTrue(condition.contains("type 'Int' cannot be used as a boolean"), condition)
        let assignment = error(
            "func k(_ xs: [Int]) -> Int { var best = 0; for x in xs { best = \"\\(x)\" }; return best }")
        XCTAssertTrue(assignment.contains("cannot assign value of type 'String' to type 'Int'"), assignment)
    }

    func testBreakInASwitchCaseEndsTheSwitchNotTheLoop() {
        type("""
            func tally(_ xs: [Int]) -> Int {
                var t = 0
                for x in xs {
                    switch x {
                    case 0: break
                    default: t += x
                    }
                }
                return t
            }
            """)
        XCTAssertEqual(values("print(tally([1, 0, 2]))"), ["3"])
    }
}
