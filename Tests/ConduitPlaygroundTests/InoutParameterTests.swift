import XCTest

@testable import ConduitPlayground

/// Functions with `inout` parameters and the `&n` their calls pass, as Swift runs them: the body
/// changes its parameter, and the caller's variable has the last value when the function returns.
final class InoutParameterTests: SessionTestCase {
    func testTheCallersVariableTakesTheParametersLastValue() {
        type("func double(_ value: inout Int) { value *= 2 }")
        type("var n = 21")
        type("double(&n)")
        XCTAssertEqual(valueLines("print(n)"), ["42"])
        type("func swapTwo(_ a: inout Int, _ b: inout Int) { let t = a; a = b; b = t }")
        type("var x = 1")
        type("var y = 2")
        type("swapTwo(&x, &y)")
        XCTAssertEqual(valueLines("print(x, y)"), ["2 1"])
    }

    func testAFunctionWithInoutParametersReturnsAndPassesItsOwnVariables() {
        type("func addAll(_ total: inout Int, _ values: [Int]) -> Int { for v in values { total += v }; return total }")
        type("var sum = 10")
        XCTAssertEqual(valueLines("print(addAll(&sum, [1, 2, 3]), sum)"), ["16 16"])
        type("func swapTwo(_ a: inout Int, _ b: inout Int) { let t = a; a = b; b = t }")
        type("func run() -> Int { var local = 5; swapTwo(&local, &sum); return local }")
        XCTAssertEqual(valueLines("print(run(), sum)"), ["16 5"])
    }

    func testMistakesAreAnsweredAndChangeNothing() {
        type("func swapTwo(_ a: inout Int, _ b: inout Int) { let t = a; a = b; b = t }")
        type("func show(_ a: Int) { print(a) }")
        type("var x = 1")
        type("var y = 2")
        type("let k = 3")
        XCTAssertTrue(error("swapTwo(x, &y)").contains("requires explicit `&`"))
        XCTAssertTrue(error("swapTwo(&k, &y)").contains("`k` is a `let` constant"))
        XCTAssertTrue(error("swapTwo(&x)").contains("takes 2 arguments"))
        XCTAssertTrue(error("show(&x)").contains("is no `inout` parameter"))
        XCTAssertTrue(error("print(&x)").contains("`print` has none"))
        XCTAssertEqual(valueLines("print(x, y, k)"), ["1 2 3"])
    }
}
