import XCTest
@testable import ConduitPlayground

/// Where a closure's signature ends (its `in`), read from Swift's tree rather than by counting brackets.
final class ClosureSignatureTreeTests: SessionTestCase {
    func testAClosuresSignatureEndsAtTheInSwiftsTreeGivesIt() {
        type("subject s")
        type("sink a = s.map { [weak self] x in x * 2 }")
        type("let add = { (a: Int, b: Int) -> Int in a + b }")
        type("sink b = s.map { x in [1, 2].map { y in y + x } }")
        // No signature of its own: the `in`s are a nested closure's and a string's.
        type("sink c = s.map { $0 + [5].map { y in y }.count }")
        type("sink d = s.map { \"in \" + String($0) }")
        type("sink e = s.map { x in {name: \"ace\", n: x} }")
        XCTAssertEqual(valueLines("print(add(2, 3))"), ["5"])
        XCTAssertEqual(values("send s 3"), ["a ← 6", "b ← [4, 5]", "c ← 4", "d ← \"in 3\"",
            "e ← {name: \"ace\", n: 3}"])
    }

    func testAClosureWithoutASignatureAndTheRecordAreReadAsBefore() {
        type("subject s")
        type("sink f = s.map { x in for y in [x] { print(y) }; return x }")
        XCTAssertEqual(values("send s {name: \"ace\"}"), ["{name: \"ace\"}", "f ← {name: \"ace\"}"])
    }

    func testAWrongSignatureGetsSwiftcsMessage() {
        let message = error("let f = { x y in x }")
        XCTAssertTrue(message.contains("consecutive statements on a line must be separated by newline or ';'"),
            message)
    }

    func testDeeplyNestedClosuresAreRefusedNotACrashOrAHang() {
        let start = Date()
        for line in [
            "let m = [1].map { x in " + String(repeating: "(", count: 5_000) + "x"
                + String(repeating: ")", count: 5_000) + " }",
            "let m = " + String(repeating: "{ x in ", count: 5_000) + "1" + String(repeating: " }", count: 5_000),
        ] {
            XCTAssertFalse(error(line).isEmpty)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 30 * sanitizerSlowdown)
    }
}
