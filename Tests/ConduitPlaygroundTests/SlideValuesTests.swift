import XCTest

@testable import ConduitPlayground

/// Ranges as publishers and Swift's random values, as slides write them (issue 28).
final class SlideValuesTests: SessionTestCase {
    func testARangePublisherIsAStatementOfItsOwn() {
        XCTAssertEqual(printed("(1...5).publisher.sink { print($0) }"), ["1", "2", "3", "4", "5", "sink1 ✓ finished"])
        XCTAssertEqual(printed("(0..<3).publisher.map { $0 * 10 }.sink { print($0) }"),
            ["0", "10", "20", "sink2 ✓ finished"])
        XCTAssertEqual(printed("[1,2,3].publisher.map { $0 * 2 }.sink { print($0) }"),
            ["2", "4", "6", "sink3 ✓ finished"])
    }

    func testARangeThatEndsBeforeItStartsOrIsTooLargeSaysSo() {
        XCTAssertTrue(error("(5...1).publisher.sink { print($0) }").contains("ends before it starts"))
        XCTAssertTrue(error("(1...10_000_000).publisher.sink { print($0) }").contains("more than 1000000 numbers"))
        XCTAssertTrue(error("print((1...).count)").contains("needs both bounds"))
    }

    func testRandomNumbersStayInTheirRange() {
        var seen = Set<String>()
        for _ in 0..<60 {
            let die = printed("print(Int.random(in: 1...6))")
            XCTAssertEqual(die.count, 1)
            let value = Int(die[0]) ?? 0
            XCTAssertTrue((1...6).contains(value), "\(value)")
            seen.insert(die[0])
            let unit = Double(printed("print(Double.random(in: 0..<1))").first ?? "") ?? -1
            XCTAssertTrue(unit >= 0 && unit < 1, "\(unit)")
            XCTAssertTrue(["true", "false"].contains(printed("print(Bool.random())").first ?? ""))
            let half = Double(printed("print(Double.random(in: 2...3))").first ?? "") ?? -1
            XCTAssertTrue(half >= 2 && half <= 3, "\(half)")
        }
        XCTAssertGreaterThan(seen.count, 1, "sixty throws of a die all gave \(seen)")
    }

    func testRandomElementAndShuffled() {
        for _ in 0..<20 {
            let element = printed("print([1, 2, 3].randomElement()!)").first ?? ""
            XCTAssertTrue(["1", "2", "3"].contains(element), element)
            let shuffled = printed("print([1, 2, 3].shuffled().sorted())")
            XCTAssertEqual(shuffled, ["[1, 2, 3]"])
        }
        XCTAssertEqual(printed("let none: [Int] = []; print(none.randomElement() == nil)").last, "true")
    }

    func testRandomWithTheWrongArgumentSaysWhatWouldWork() {
        XCTAssertTrue(error("print(Int.random(in: \"a\"))").contains("write `Int.random(in: 1...6)`"))
        XCTAssertTrue(error("print(Double.random(in: 1...\"x\"))").contains("bounds are numbers"))
    }
}
