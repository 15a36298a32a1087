import XCTest

@testable import ConduitPlayground

/// The conditions of `if`, `guard` and `while`, read from Swift's own tree
/// (`Language/Lowering/ConditionLowering.swift`): the clauses Swift reads, in its order, and its
/// messages where a condition is wrong.
final class ConditionLoweringTests: SessionTestCase {
    func testClausesOfEveryKindInOneCondition() {
        type("let o: Int? = 3")
        XCTAssertEqual(valueLines("if let o, o > 2, case 3 = o { print(\"yes\", o) } else { print(\"no\") }"),
            ["yes 3"])
        XCTAssertEqual(valueLines("if let o, o > 5 { print(\"yes\") } else { print(\"no\") }"), ["no"])
        type("let r: Result<Int, Error> = .success(4)")
        XCTAssertEqual(valueLines("if case .success(let v) = r, v > 3 { print(v) }"), ["4"])
    }

    func testAConditionWithAClosureInsideItsCall() {
        type("let xs = [1, 5]")
        XCTAssertEqual(valueLines("if xs.contains(where: { $0 > 2 }), !xs.isEmpty { print(\"some\") }"), ["some"])
    }

    func testAConditionInAPipelinesClosure() {
        type("subject s")
        type("sink out = s.map { x -> String in if x > 2, x < 10 { return \"mid\" } else { return \"other\" } }")
        XCTAssertEqual(values("send s 5"), ["out ← \"mid\""])
        XCTAssertEqual(values("send s 11"), ["out ← \"other\""])
    }

    func testWhileWithABindingAndATest() {
        type("var i = 0")
        type("var items: [Int] = [4, 7, 1, 9]")
        XCTAssertEqual(valueLines("while let first = items.first, first > 2 { print(first); items.removeFirst() }"),
            ["4", "7"])
        XCTAssertEqual(valueLines("print(items)"), ["[1, 9]"])
    }

    func testGuardWithSeveralClausesAtTheTopLevel() {
        type("let age: Int? = 20")
        type("guard let years = age, years >= 18 else { fatalError(\"too young\") }")
        XCTAssertEqual(valueLines("print(years + 1)"), ["21"])
    }

    func testAWrongConditionIsSwiftsMessageOnce() {
        let message = error("if case = 3 { }")
        let swifts = "expected expression in pattern (fix-it: insert expression); a condition"
        XCTAssertTrue(message.contains(swifts), message)
        XCTAssertEqual(message.components(separatedBy: "expected expression in pattern").count, 2, message)
    }

    func testAPatternTheBindingCannotName() {
        let message = error("if let (a, b) = [(1, 2)].first { print(a) }")
        XCTAssertTrue(message.contains("an optional binding names its value"), message)
    }

    func testAnOptionalTuplePattern() {
        type("let p: (Int, Int)? = (1, 2)")
        XCTAssertEqual(valueLines("if case let (a, b)? = p { print(a + b) }"), ["3"])
        // Nil matches no tuple: the names are never read from it.
        type("let none: (Int, Int)? = nil")
        XCTAssertEqual(valueLines("if case let (a, b)? = none { print(a + b) } else { print(\"none\") }"), ["none"])
    }
}

/// The head of a `for` loop read from Swift's tree (`Language/Lowering/LoopLowering.swift`).
final class LoopLoweringTests: SessionTestCase {
    func testATupleOfNamesAndAWhereAtTheTopLevelAndInABody() {
        XCTAssertEqual(valueLines("for (i, x) in [\"a\", \"b\"].enumerated() where i > 0 { print(i, x) }"), ["1 b"])
        type("func f() -> Int { var t = 0; for (i, x) in [5, 6].enumerated() where i > 0 { t += x }; return t }")
        XCTAssertEqual(valueLines("print(f())"), ["6"])
    }

    func testAWrongLoopHeadIsSwiftsMessage() {
        let message = error("for i 1...3 { print(i) }")
        XCTAssertTrue(message.contains("expected 'in' in 'for' statement (fix-it: insert 'in'); write `for NAME in"),
            message)
    }

    func testLoopPatternsThePlaygroundDoesNotRead() {
        XCTAssertTrue(error("for (i, (a, b)) in [(1, 2)].enumerated() { print(i) }")
            .contains("a loop's pattern is a name, `_`, or names in parentheses"))
    }
}
