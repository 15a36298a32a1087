import XCTest

@testable import ConduitPlayground

/// Ranges as values (issue 28): `1...3` and `0..<n` typed, printed and used as Swift's
/// `ClosedRange<Int>` and `Range<Int>`.
final class RangeValueTests: SessionTestCase {
    func testARangeIsAValueTypedAndPrintedAsSwiftDoes() {
        XCTAssertEqual(type("let r = 1...3"), ["r: ClosedRange<Int> = 1...3"])
        XCTAssertEqual(type("let n = 3"), ["n: Int = 3"])
        XCTAssertEqual(type("let h = 0..<n"), ["h: Range<Int> = 0..<3"])
        XCTAssertEqual(printed("print(r, h, (2...5))"), ["1...3 0..<3 2...5"])
        XCTAssertEqual(type("let unit = 0.0..<1.0"), ["unit: Range<Double> = 0.0..<1.0"])
        XCTAssertEqual(type("let wide: ClosedRange<Double> = 1...3"), ["wide: ClosedRange<Double> = 1.0...3.0"])
        // Range formation binds looser than `+`, as Swift's RangeFormationPrecedence.
        XCTAssertEqual(printed("print(0..<n + 1)"), ["0..<4"])
        XCTAssertEqual(printed("print(r == 1...3, r == 1...4)"), ["true false"])
    }

    func testARangesPropertiesAndContainsReadItsBounds() {
        type("let r = 1...3")
        type("let h = 0..<3")
        XCTAssertEqual(printed("print(r.count, h.count, r.contains(2), r.contains(4), h.contains(3))"),
            ["3 3 true false false"])
        XCTAssertEqual(printed("print(r.lowerBound, h.upperBound, r.first, h.last, h.isEmpty, (2..<2).isEmpty)"),
            ["1 3 Optional(1) Optional(2) false true"])
        // A billion numbers cost two: `count` and `contains` never make the elements.
        type("let big = 1...1_000_000_000")
        XCTAssertEqual(printed("print(big.count, big.contains(999_999_999))"), ["1000000000 true"])
    }

    func testARangeGoesThroughItsElements() {
        type("let r = 1...3")
        XCTAssertEqual(printed("for i in r { print(i) }"), ["1", "2", "3"])
        XCTAssertEqual(printed("print(r.map { $0 * 2 }, r.filter { $0 > 1 }, r.reduce(0, +))"), ["[2, 4, 6] [2, 3] 6"])
        XCTAssertEqual(type("let a = Array(r)"), ["a: [Int] = [1, 2, 3]"])
        XCTAssertEqual(type("let b = [Int](0..<2)"), ["b: [Int] = [0, 1]"])
        XCTAssertEqual(printed("r.publisher.sink { print($0) }"), ["1", "2", "3", "sink1 ✓ finished"])
        let types = type("types r.publisher.map { $0 * 2 }").joined(separator: "\n")
        XCTAssertTrue(types.contains("Int     Never"), types)
    }

    func testIntRandomTakesEveryRangeOneWay() {
        RandomSource.seed(7)
        defer { RandomSource.seed(nil) }
        type("let r = 1...6")
        func draws(_ written: String) -> [String] {
            RandomSource.seed(7)
            return (0..<8).flatMap { _ in printed("print(Int.random(in: \(written)))") }
        }
        // One path: a named, a written and a parenthesised range draw the same numbers from one seed.
        let named = draws("r")
        XCTAssertEqual(draws("1...6"), named)
        XCTAssertEqual(draws("(1...6)"), named)
        XCTAssertTrue(named.allSatisfy { (1...6).contains(Int($0) ?? 0) }, "\(named)")
        XCTAssertTrue(type("let roll = Int.random(in: r)").first?.hasPrefix("roll: Int = ") == true)
        XCTAssertTrue(error("print(Int.random(in: 0..<0))").contains("not empty"))
        type("let unit = 0.0..<1.0")
        let unit = Double(printed("print(Double.random(in: unit))").first ?? "") ?? -1
        XCTAssertTrue(unit >= 0 && unit < 1, "\(unit)")
    }

    func testASwitchCaseMatchesWhatItsRangeContains() {
        type("""
            func grade(_ n: Int) -> String {
              switch n {
              case 0..<5: return "low"
              case 5...9: return "high"
              default: return "off"
              }
            }
            """)
        XCTAssertEqual(printed("print(grade(4), grade(5), grade(9), grade(10))"), ["low high high off"])
    }

    func testWhatARangeCannotDoIsSaidAsSwiftSaysIt() {
        XCTAssertTrue(error("let x: Int = 1...3").contains(
            "cannot convert value of type 'ClosedRange<Int>' to specified type 'Int'"))
        type("var r = 1...3")
        XCTAssertTrue(error("r.append(4)").contains("value of type 'ClosedRange<Int>' has no member 'append'"))
        XCTAssertTrue(error("print(5...1)").contains("ends before it starts"))
        XCTAssertTrue(error("for v in 0.0..<2.0 { print(v) }").contains("not a sequence"))
        XCTAssertTrue(error("let big = Array(1...2_000_000)").contains("more than 1000000 numbers"))
    }
}
