import Foundation
import XCTest

@testable import ConduitPlayground

/// Foundation's `NumberFormatter` as seed 003 uses it (`ordinal(_:)`): made in a function's body, its
/// style set through the local that holds it, its text written by the real Foundation formatter, so
/// each expectation here is what Foundation itself gives on this machine.
final class NumberFormatterTests: SessionTestCase {
    private let seed003Ordinal = """
        private func ordinal(_ n: Int) -> String {
          let formatter = NumberFormatter()
          formatter.numberStyle = .ordinal
          return formatter.string(for: n) ?? ""
        }
        """

    /// What Foundation's own formatter writes for `number` in `style`.
    private func foundation(_ style: NumberFormatter.Style, _ number: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = style
        return formatter.string(for: number) ?? "nil"
    }


    func testSeed003OrdinalHelperWritesFoundationsOrdinals() {
        XCTAssertEqual(printed(seed003Ordinal), [])
        for number in [1, 2, 3, 4, 11, 22, 101] {
            XCTAssertEqual(printed("ordinal(\(number))"), [Value.quote(foundation(.ordinal, number))])
        }
        XCTAssertEqual(printed("ordinal(3)"), ["\"3rd\""], "Foundation's English ordinal")
        XCTAssertEqual(
            printed("print(\"What's the \\(ordinal(2)) prime?\")"), ["What's the \(foundation(.ordinal, 2)) prime?"])
    }

    func testAFormatterAtTheTopLevelTakesItsStyleAndNumbersFromNSNumber() {
        type("let formatter = NumberFormatter()")
        XCTAssertEqual(printed("formatter.numberStyle"), ["none"], "Foundation's default style")
        type("formatter.numberStyle = .spellOut")
        XCTAssertEqual(printed("formatter.numberStyle"), ["spellOut"])
        XCTAssertEqual(
            printed("formatter.string(from: NSNumber(value: 42))"), [Value.quote(foundation(.spellOut, 42))])
        XCTAssertEqual(printed("formatter.string(for: \"x\")"), ["nil"], "string(for:) gives nil for no number")
    }

    func testAFormatterInAClosureFormatsEachValue() {
        type("let formatter = NumberFormatter()")
        type("formatter.numberStyle = .ordinal")
        let lines = printed("sink w = [1, 2].publisher.map { formatter.string(for: $0) ?? \"\" }")
        let expected = [1, 2].map { "w ← \(Value.quote(foundation(.ordinal, $0)))" }
        XCTAssertEqual(Array(lines.prefix(2)), expected)
    }

    func testFractionDigitsReachTheFoundationFormatter() {
        let program = """
            func twoPlaces(_ x: Double) -> String {
              let formatter = NumberFormatter()
              formatter.minimumFractionDigits = 2
              formatter.maximumFractionDigits = 2
              return formatter.string(from: NSNumber(value: x)) ?? ""
            }
            """
        type(program)
        let formatter = NumberFormatter()
        formatter.minimumFractionDigits = 2
        formatter.maximumFractionDigits = 2
        XCTAssertEqual(printed("twoPlaces(2.5)"), [Value.quote(formatter.string(for: 2.5) ?? "nil")])
    }

    func testAStyleFoundationLacksIsRefusedInSwiftsWords() {
        type("let formatter = NumberFormatter()")
        type("formatter.numberStyle = .roman")
        let message = error("formatter.string(for: 1)")
        XCTAssertTrue(message.contains("type 'NumberFormatter.Style' has no member 'roman'"), message)
        XCTAssertTrue(message.contains(".ordinal"), message)
    }

    func testNSNumberTakesANumberAndTheInitialiserNoArguments() {
        XCTAssertTrue(error("NSNumber(value: \"x\")").contains("NSNumber(value:) takes a number"))
        XCTAssertTrue(error("NumberFormatter(3)").contains("`NumberFormatter()` takes no arguments"))
    }

    func testAFunctionSetsAPropertyOfAnObjectItMade() {
        type("class Counter { var count = 0 }")
        type("func made(_ n: Int) -> Int {\n  let counter = Counter()\n  counter.count = n * 2\n"
            + "  return counter.count\n}")
        XCTAssertEqual(printed("made(21)"), ["42"])
    }

    func testAPropertyOfAStructValueHeldInAFunctionIsStillNotSetByAClosure() {
        // Only a step holding what an initialiser made may have its properties set; a plain value cannot.
        let message = error("func f(_ n: Int) -> Int {\n  let s = \"a\"\n  s.count = n\n  return n\n}")
        XCTAssertTrue(message.contains("cannot assign to property 'count' of a value of type 'String'"), message)
    }
}
