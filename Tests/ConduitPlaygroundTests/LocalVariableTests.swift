import XCTest
@testable import ConduitPlayground

/// A `var` in a function's or a closure's body may be set again (`total = ...`, `total += n`), as a
/// multi-statement body on a slide does; a `let` cannot be, in Swift's words, and a `var` set in an
/// inner block is refused rather than silently lost after the block.
final class LocalVariableTests: SessionTestCase {
    func testAFunctionsVarIsSetAgainForWhatFollows() {
        type("""
            func doubledPlusOne(_ n: Int) -> Int {
                var total = 0
                total = n * 2
                total += 1
                return total
            }
            """)
        XCTAssertEqual(values("print(doubledPlusOne(3))"), ["7"])
        XCTAssertEqual(values("print(doubledPlusOne(10))"), ["21"], "each call starts from the declared value")
    }

    func testAClosuresVarIsSetAgainForEachValue() {
        type("subject s")
        type("sink out = s.map { v in var x = v; x *= 10; return x + 1 }")
        XCTAssertEqual(values("send s 2"), ["out ← 21"])
        XCTAssertEqual(values("send s 3"), ["out ← 31"])
    }

    func testTheLastStatementMayBeTheAssignment() {
        type("func bump(_ n: Int) { var c = n; c += 1; print(c) }")
        XCTAssertEqual(values("bump(4)"), ["5"])
    }

    func testALetCannotBeSetAsSwiftSays() {
        XCTAssertTrue(error("func g(_ n: Int) -> Int { let t = 1; t = 2; return t }")
            .contains("cannot assign to value: 't' is a 'let' constant"))
    }

    func testAVarSetInAnInnerBlockIsRefusedNotLost() {
        let message = error("func h(_ n: Int) -> Int { var t = 1; if n > 2 { t = 5 }; return t }")
        XCTAssertTrue(message.contains("sets `t` only in the block that declares it"), message)
        XCTAssertTrue(error("h(3)").contains("h"), "nothing was declared")
    }
}
