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

    func testALetEndsTheClosureOfForEachAndOfASink() {
        XCTAssertEqual(printed("[1, 2].forEach { x in let y = x * 2 }"), [])
        XCTAssertEqual(valueLines("[1, 2].forEach { x in print(x); let y = x * 2 }"), ["1", "2"])
        type("let s = PassthroughSubject<Int, Never>()")
        type("let c = s.sink { v in print(v); let done = true }")
        type("let d = s.sink(receiveCompletion: { c in print(c); let e = 1 }, "
            + "receiveValue: { v in print(\"rv\", v); var w = v })")
        type("let e = s.sink { c in print(\"trailing\", c); let f = 2 } receiveValue: { v in let g = v }")
        type("let h = s.handleEvents(receiveOutput: { v in print(\"seen\", v); let seen = v }).sink { _ in }")
        XCTAssertEqual(valueLines("s.send(7)"), ["7", "rv 7", "seen 7"])
        XCTAssertEqual(valueLines("s.send(completion: .finished)"), ["finished", "trailing finished"])
    }

    func testAClosureWhoseValueIsUsedInsideForEachStillSaysWhatIsMissing() {
        let lines = [
            "let ys = [1, 2].map { x in let y = x * 2 }",
            "[[1]].forEach { xs in print(xs.map { x in let y = x }) }",
            "let c = [1].publisher.filter { x in let ok = x > 0 }.sink { print($0) }",
        ]
        for line in lines {
            let message = error(line)
            XCTAssertTrue(message.contains("write the value it gives"), "\(line): \(message)")
        }
    }
}
