import XCTest
@testable import ConduitPlayground

/// A function that calls itself, as slides write factorial and Fibonacci: the call inside the
/// body is the function being declared, and a recursion that never ends is stopped with a message.
final class SelfCallTests: SessionTestCase {
    func testAFunctionCallsItself() {
        type("func fact(_ n: Int) -> Int { return n <= 1 ? 1 : n * fact(n - 1) }")
        XCTAssertEqual(values("print(fact(10))"), ["3628800"])
        type("""
            func fib(_ n: Int) -> Int {
                if n < 2 { return n }
                return fib(n - 1) + fib(n - 2)
            }
            """)
        XCTAssertEqual(values("print(fib(15))"), ["610"])
    }

    func testARedeclaredFunctionCallsItsNewSelf() {
        type("func steps(_ n: Int) -> Int { return 0 }")
        type("func steps(_ n: Int) -> Int { return n == 0 ? 0 : 1 + steps(n - 1) }")
        XCTAssertEqual(values("print(steps(5))"), ["5"])
    }

    func testARecursionThatNeverEndsIsStoppedAndTheSessionGoesOn() {
        type("func down(_ n: Int) -> Int { return down(n + 1) }")
        let message = error("print(down(1))")
        XCTAssertTrue(message.contains("`down` called itself \(SelfCall.maximumDepth) levels deep"), message)
        XCTAssertEqual(values("print(1)"), ["1"])
        XCTAssertTrue(error("func twice(_ n: Int) -> Int { return twice(n, n) }").contains("`twice` takes 1 argument"))
    }
}
