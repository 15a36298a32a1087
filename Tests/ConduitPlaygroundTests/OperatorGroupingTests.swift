import XCTest
@testable import ConduitPlayground

/// Expressions with operators are grouped by Swift's own parser and operator table: precedence,
/// associativity, casts, ranges, the ternary operator and what `try` covers are swiftc's.
final class OperatorGroupingTests: SessionTestCase {
    func testPrecedenceAndAssociativityAreSwifts() {
        XCTAssertEqual(printed("print(1 + 2 * 3, 10 - 4 - 3, 2 * 3 % 4, 7 / 2 * 2)"), ["7 3 2 6"])
        XCTAssertEqual(printed("print(1 < 2 && 3 > 4 || 5 == 5, !(1 == 1) || false)"), ["true false"])
        XCTAssertEqual(printed("print(1 + 2 == 3 ? \"yes\" : \"no\")"), ["yes"])
    }

    func testANestedTernaryGroupsToTheRight() {
        type("let n = 5")
        XCTAssertEqual(printed("print(n < 0 ? \"negative\" : n == 0 ? \"zero\" : \"positive\")"), ["positive"])
        XCTAssertEqual(printed("print(n > 3 ? n * 2 : n + 1)"), ["10"])
    }

    func testCastsBindTighterThanCoalescingAndLooserThanArithmetic() {
        type("let values: [Any] = [1, \"two\"]")
        XCTAssertEqual(printed("print(values[1] as? Int ?? 0, values[0] as? Int ?? 0)"), ["0 1"])
        XCTAssertEqual(printed("print(values[0] is Int, values[1] is Int == false)"), ["true true"])
    }

    func testARangeIsLooserThanAdditionAndTighterThanComparison() {
        type("let n = 3")
        XCTAssertEqual(printed("print(Array(0..<n + 1))"), ["[0, 1, 2, 3]"])
        XCTAssertEqual(printed("print((1...n).contains(2) == true)"), ["true"])
        XCTAssertEqual(printed("for i in 1...n - 1 { print(i) }"), ["1", "2"])
    }

    func testOptionalTryCoversTheWholeExpressionAfterIt() {
        type("enum Bad: Error { case bad }")
        type("func parse(_ text: String) throws -> Int { guard let n = Int(text) else { throw Bad.bad }; return n }")
        // `try? parse("x") + 1` is `try? (parse("x") + 1)`: nil, not `nil + 1`.
        XCTAssertEqual(printed("print(try? parse(\"4\") + 1 as Any)"), ["Optional(5)"])
        XCTAssertEqual(printed("print((try? parse(\"x\") + 1) ?? -1)"), ["-1"])
        XCTAssertEqual(printed("let total = try parse(\"2\") + parse(\"3\")\nprint(total)"), ["5"])
    }

    func testOperatorsInsideClosuresOfAPipelineAreGroupedTheSame() {
        type("let s = PassthroughSubject<Int, Never>()")
        type("sink out = s.map { $0 + 1 * 2 }.filter { $0 % 3 == 0 || $0 > 10 }")
        XCTAssertEqual(values("s.send(1)\ns.send(2)\ns.send(20)"), ["out ← 3", "out ← 22"])
    }

    func testACommandsValueIsReadAsAnExpressionOfItsOwn() {
        type("subject s")
        type("sink out = s")
        XCTAssertEqual(values("send s 1 + 2 * 3"), ["out ← 7"])
        XCTAssertEqual(values("send s 10 - 4 - 3"), ["out ← 3"])
    }

    func testAnAssignmentTakesTheWholeExpressionOnItsRight() {
        type("var x = 1")
        type("x = x + 2 * 3")
        XCTAssertEqual(printed("print(x)"), ["7"])
        type("x += 10 - 5")
        XCTAssertEqual(printed("print(x)"), ["12"])
    }

    func testNonAssociativeComparisonsAreRefusedInSwiftsWords() {
        let message = error("print(1 < 2 < 3)")
        XCTAssertTrue(message.contains("adjacent operators are in non-associative precedence group"), message)
        XCTAssertEqual(printed("print(1)"), ["1"], "the session goes on")
    }

    func testAnOperatorThePlaygroundDoesNotEvaluateIsNamed() {
        let message = error("print(6 & 3)")
        XCTAssertTrue(message.contains("no operator `&`"), message)
        XCTAssertTrue(message.contains("`+`"), "it says which operators it has: \(message)")
    }

    func testAnOperatorSwiftDoesNotHaveIsNamed() {
        let message = error("let d = 1 ++ 2")
        XCTAssertTrue(message.contains("Swift has no operator `++`"), message)
        XCTAssertFalse(message.contains("brackets"), message)
    }

    func testAGenericTypeThePlaygroundDoesNotReadIsNamedWithWhatItReads() {
        let message = error("let songs = Property<[String]>(names)")
        XCTAssertTrue(message.contains("does not read the generic type `Property<...>`"), message)
        XCTAssertTrue(message.contains("`Set<AnyCancellable>()`"), message)
    }

    func testACastWithoutItsTypeIsRefused() {
        XCTAssertTrue(error("print(1 as)").contains("expected a type after `as`"))
        XCTAssertTrue(error("print(1 is)").contains("expected a type after `is`"))
        XCTAssertTrue(error("print(1 as? )").contains("expected a type after `as?`"))
    }

    func testASignWrittenAgainstTheValueIsExplained() {
        type("let a = 5")
        let message = error("let b = a -1")
        XCTAssertTrue(message.contains("same space on both sides"), message)
        // Swift's lexer reads a prefix operator there, in a command's Swift part too.
        XCTAssertTrue(error("let c = a ...3").contains("Swift reads `...` here as the sign of a new value"))
        XCTAssertTrue(error("func f(x) = x -(1)").contains("Swift reads `-` here as the sign of a new value"))
        XCTAssertEqual(type("let d = a - 1"), ["d: Int = 4"])
    }

    func testARangeWithNoUpperBoundIsWhereSwiftsLexerReadsAPostfixOperator() {
        type("subject s")
        type("sink d = s.output(in: 1...)")
        XCTAssertEqual(values("send s 1; send s 2"), ["d ← 2"])
        XCTAssertEqual(printed("switch 5 { case 3...: print(\"big\") default: print(\"small\") }"), ["big"])
        XCTAssertEqual(printed("print(Array(1...3), Array(0 ..< 2))"), ["[1, 2, 3] [0, 1]"])
        // `1... 3`: `...` with no space before it and one after is Swift's postfix operator, then an unexpected value.
        let spaced = error("let r = 1... 3")
        XCTAssertTrue(spaced.hasPrefix("error: consecutive statements on a line must be separated"), spaced)
        let many = "let r = [" + Array(repeating: "1...2", count: 3_000).joined(separator: ", ") + "]"
        XCTAssertEqual(type(many).first?.prefix(21), "r: [ClosedRange<Int>]", "thousands of ranges, one tree")
    }

    func testALongChainOfOperatorsIsBoundedNotACrash() {
        let sum = Array(repeating: "1", count: 400).joined(separator: " + ")
        let message = error("print(\(sum))")
        XCTAssertTrue(message.contains("split it into steps"), message)
        let short = Array(repeating: "1", count: 100).joined(separator: " + ")
        XCTAssertEqual(printed("print(\(short))"), ["100"])
    }
}
