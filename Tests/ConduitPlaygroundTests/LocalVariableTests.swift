import XCTest
@testable import ConduitPlayground

/// A `var` in a function's or a closure's body may be set again (`total = ...`, `total += n`), as a
/// multi-statement body on a slide does, in any block of the body; a `let` cannot be, in Swift's words.
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

    func testAVarSetInAnInnerBlockKeepsItsValueAfterTheBlock() {
        type("func h(_ n: Int) -> Int { var t = 1; if n > 2 { t = 5 } else { t += 1 }; return t }")
        XCTAssertEqual(values("print(h(3), h(1))"), ["5 2"])
    }

    func testAVarWithAWrittenTypeHasThatType() {
        type("func half(_ n: Int) -> Double { var result: Double = 0; result = Double(n) / 2; return result }")
        XCTAssertEqual(values("print(half(3))"), ["1.5"])
        type("func zero() -> Double { var result: Double = 0; return result }")
        XCTAssertEqual(values("print(zero())"), ["0.0"], "the integer literal is a Double, as Swift reads it")
        type("func word(_ n: Int) -> String { var w: String; if n > 1 { w = \"many\" } else { w = \"one\" }; "
            + "return w }")
        XCTAssertEqual(values("print(word(1), word(5))"), ["one many"])
    }

    func testAssigningAValueOfAnotherTypeIsRefusedInSwiftsWords() {
        let message = error("func f() -> Int { var n = 0; n = \"x\"; return n }")
        XCTAssertTrue(message.contains("cannot assign value of type 'String' to type 'Int'"), message)
        XCTAssertTrue(error("f()").contains("f"), "nothing was declared")
    }

    func testElementsAndFieldsOfABodysVarAreSet() {
        type("""
            func tally(_ words: [String]) -> [String: Int] {
                var counts: [String: Int] = [:]
                for w in words { counts[w, default: 0] += 1 }
                return counts
            }
            """)
        XCTAssertEqual(values("print(tally([\"a\", \"b\", \"a\"])[\"a\"] ?? 0)"), ["2"])
        type("func table() -> [[Int]] { var g = [[0, 0], [0, 0]]; "
            + "for r in 0..<2 { for c in 0..<2 { g[r][c] = r * 2 + c } }; return g }")
        XCTAssertEqual(values("print(table())"), ["[[0, 1], [2, 3]]"])
        type("struct Point { var x: Int; var y: Int }")
        type("func moved(_ p: Point) -> Point { var q = p; q.x += 10; return q }")
        XCTAssertEqual(values("print(moved(Point(x: 1, y: 2)))"), ["Point(x: 11, y: 2)"])
        let message = error("func bad() { var xs = [1, 2]; xs[0] = \"a\" }")
        XCTAssertTrue(message.contains("cannot assign value of type 'String' to type 'Int'"), message)
    }

    func testADictionarysDefaultSubscriptReadsAndSetsAtTheTopLevel() {
        type("var counts: [String: Int] = [:]")
        type("for w in [\"a\", \"b\", \"a\"] { counts[w, default: 0] += 1 }")
        type("counts[\"c\", default: 5] += 1")
        XCTAssertEqual(
            values("print(counts[\"a\"] ?? 0, counts[\"c\"] ?? 0, counts[\"z\", default: 7])"), ["2 6 7"])
    }
}
