import XCTest
@testable import ConduitPlayground

/// Top-level `if`, `switch` and `while`, as a Swift script or Swift's REPL runs them.
final class ControlFlowCommandsTests: SessionTestCase {
    func testAGuardNamesItsValueFromThenOnOrRunsItsElseAndStops() {
        type("guard let n = Int(\"42\") else { fatalError(\"not a number\") }")
        XCTAssertEqual(values("print(n + 1)"), ["43"], "the name the guard binds is the session's from then on")
        let records = session.evaluate("guard let m = Int(\"x\") else { fatalError(\"not a number\") }")
        XCTAssertEqual(records.filter { $0.kind == .error }.count, 1)
        XCTAssertTrue(records.first { $0.kind == .error }?.text.contains("Fatal error: not a number") == true)
        XCTAssertTrue(error("print(m)").contains("`m`"), "nothing was named")
        let fallsThrough = session.evaluate("guard n > 100 else { print(\"small\") }")
        XCTAssertEqual(fallsThrough.map(\.text).first, "small", "the else block runs")
        XCTAssertTrue(fallsThrough.contains { $0.kind == .error && $0.text.contains("its `else` did not leave") })
        XCTAssertTrue(error("do { fatalError(\"boom\") } catch { print(\"caught\") }").contains("Fatal error: boom"),
            "a fatal error is not caught")
        XCTAssertEqual(values("precondition(n > 0, \"positive\"); print(\"fine\")"), ["fine"])
    }

    func testSwitchRunsTheFirstMatchingCaseAndBindsItsValues() {
        type("enum Load { case idle; case loaded(Int) }")
        type("var state = Load.loaded(3)")
        let written = "switch state {\ncase .idle: print(\"idle\")\n"
            + "case .loaded(let n): print(\"loaded\", n)\n}"
        XCTAssertEqual(values(written), ["loaded 3"])
        XCTAssertEqual(values("switch 7 { case 1, 2: print(\"small\") default: print(\"other\") }"), ["other"])
        XCTAssertEqual(values("switch state { case .loaded(let n) where n > 5: print(\"many\") "
            + "case .loaded(let n) where n > 1: print(\"some\", n) default: print(\"none\") }"), ["some 3"],
            "a case's `where` is read with the value it names; a case whose condition fails lets the next try")
        XCTAssertEqual(values("switch 4 { case let x where x % 2 == 0: print(\"even\", x) default: print(\"odd\") }"),
            ["even 4"])
        XCTAssertEqual(values("if case .loaded = state { print(\"a load\") }"), ["a load"],
            "a case written without its values matches whatever it carries")
        XCTAssertTrue(
            error("switch state { case .idle: print(1) }").contains("no case of the switch matches loaded(3)"))
    }

    func testIfRunsItsBlockOrItsElse() {
        type("var n = 5")
        XCTAssertEqual(values("if n > 3 { print(\"big\") } else { print(\"small\") }"), ["big"])
        type("n = 1")
        XCTAssertEqual(values("if n > 3 { print(\"big\") } else if n > 0 { print(\"some\") } else { print(\"none\") }"),
            ["some"])
        XCTAssertEqual(values("if n > 3 { print(\"big\") }"), [], "no else: nothing runs")
    }

    func testRepeatWhileRunsItsBlockOnceBeforeTheCondition() {
        type("var n = 10")
        XCTAssertEqual(values("repeat { n += 1; print(n) } while n < 3"), ["11"], "the block runs once")
        type("n = 0")
        XCTAssertEqual(values("repeat { n += 1; print(n) } while n < 3"), ["1", "2", "3"])
        XCTAssertTrue(error("repeat { n += 1 }").contains("expected 'while' after 'repeat' body"))
    }

    func testForWhereRunsTheBodyForTheElementsThatPass() {
        XCTAssertEqual(values("for i in 1...10 where i % 3 == 0 { print(i) }"), ["3", "6", "9"])
        XCTAssertEqual(values("for (i, x) in [\"a\", \"b\", \"c\"].enumerated() where i != 1 { print(i, x) }"),
            ["0 a", "2 c"])
        XCTAssertEqual(values("for i in 1...4 where i > 9 { print(i) }"), [])
    }

    func testALoopsNamesHaveTheElementsTypeAndNothingRunsOnATypeError() {
        let member = error("for x in [1, 2] { print(\"ran\"); print(x.uppercased()) }")
        XCTAssertTrue(member.contains("value of type 'Int' has no member 'uppercased'"), member)
        let pair = error("for (i, s) in [\"a\"].enumerated() { print(s + i) }")
        XCTAssertTrue(pair.contains("binary operator '+' cannot be applied to operands of type 'String' and 'Int'"),
            pair)
        XCTAssertEqual(values("for (i, s) in [\"a\"].enumerated() { print(s.uppercased(), i + 1) }"), ["A 1"])
    }

    func testANonBoolConditionIsRefusedBeforeAnythingRuns() {
        let lines = type("repeat { print(\"ran\") } while 5")
        XCTAssertFalse(lines.contains("ran"), "\(lines)")
        XCTAssertTrue(lines.first?.contains("type 'Int' cannot be used as a boolean") ?? false, "\(lines)")
        let filter = type("for i in 1...3 where i { print(i) }")
        XCTAssertFalse(filter.contains("1"), "\(filter)")
        XCTAssertTrue(filter.first?.contains("type 'Int' cannot be used as a boolean") ?? false, "\(filter)")
        XCTAssertTrue(error("for i in 1...3 where { print(i) }").contains("expected a condition after `where`"))
    }

    func testBreakAndContinueInATopLevelLoop() {
        XCTAssertEqual(values("for i in 1...10 { if i % 2 == 0 { continue }; if i > 5 { break }; print(i) }"),
            ["1", "3", "5"])
        type("var n = 0")
        XCTAssertEqual(values("while true { n += 1; if n == 3 { break } }; print(n)"), ["3"])
        XCTAssertTrue(error("break").contains("'break' is only allowed inside a loop"))
        XCTAssertTrue(error("while n < 5 { n += 1; return }").contains("return invalid outside of a func"))
        XCTAssertTrue(error("for i in 1...3 { if i == 2 { return } }").contains("return invalid outside of a func"))
    }

    func testIfLetUnwrapsForItsBlockOnly() {
        type("let found: Int? = 4")
        type("let missing: Int? = nil")
        XCTAssertEqual(values("if let found { print(found + 1) }"), ["5"])
        XCTAssertEqual(values("if let value = missing { print(value) } else { print(\"none\") }"), ["none"])
        XCTAssertTrue(error("print(value)").contains("cannot find `value` in scope"), "the binding ends with the block")
    }

    func testABlockMaySubscribeAndSendWithTheSessionsNames() {
        type("let numbers = PassthroughSubject<Int, Never>()")
        type("let c = numbers.sink { print(\"got\", $0) }")
        type("let factor: Int? = 3")
        XCTAssertEqual(values("if let factor { numbers.send(factor * 2) }"), ["got 6"])
        XCTAssertEqual(
            values("if let factor { let d = Just(1).map { $0 + factor }.sink { print($0) } }"),
            ["4", "sink1 ✓ finished"])
    }

    func testWhileRunsUntilItsConditionFails() {
        type("var count = 0")
        type("var total = 0")
        XCTAssertEqual(type("while count < 4 { count += 1; total += count }"), [])
        XCTAssertEqual(values("print(count, total)"), ["4 10"])
    }

    func testAWhileThatNeverEndsStopsWithAMessageAndKeepsTheSession() {
        type("var spins = 0")
        let message = error("while true { spins += 1 }")
        XCTAssertTrue(message.contains("ran 1000000 times"), message)
        XCTAssertEqual(values("print(spins)"), ["1000000"], "the session and its names are kept")
    }

    func testAConditionThatIsNoBoolIsRefused() {
        // One wording for every condition, Swift's.
        let message = error("if 3 { print(1) }")
        XCTAssertTrue(message.contains("type 'Int' cannot be used as a boolean; test for '!= 0' instead"), message)
        let loop = error("while \"x\" { print(1) }")
        XCTAssertTrue(loop.contains("cannot convert value of type 'String' to expected condition type 'Bool'"), loop)
        XCTAssertTrue(error("if 1 > { print(1) }").contains("expected"), "a broken condition")
    }

    func testDoCatchCatchesWhatSwiftCodeThrowsAndOnlyThat() {
        type("struct BadInput: Error {}")
        type("func check(_ n: Int) throws -> Int { if n < 0 { throw BadInput() }; return n * 2 }")
        XCTAssertEqual(values("do { let v = try check(-1); print(v) } catch { print(\"caught\", error) }"),
            ["caught BadInput()"])
        XCTAssertEqual(values("do { print(try check(2)) } catch let problem { print(problem) }"), ["4"])
        let trap = error("do { print(1 / 0) } catch { print(\"caught\") }")
        XCTAssertTrue(trap.contains("division by zero"), "a trap is no thrown error: \(trap)")
        XCTAssertEqual(values("do { print(\"a block\") }"), ["a block"])
        XCTAssertTrue(error("do { print(1) } catch BadInput { }").contains("write `catch is BadInput { ... }`"))
    }

    func testTryQuestionMarkGivesNilForAThrownError() {
        type("struct BadInput: Error {}")
        type("func check(_ n: Int) throws -> Int { if n < 0 { throw BadInput() }; return n }")
        XCTAssertEqual(type("let missing = try? check(-1)"), ["missing: Int? = nil"])
        XCTAssertEqual(type("let found = try? check(3)"), ["found: Int? = 3"])
        XCTAssertEqual(type("let sure = try! check(1)"), ["sure: Int = 1"])
    }
}

/// Conditions as Swift lists them (`if let a = x, let b = y, a > b`), and `print`'s `separator:` and
/// `terminator:`.
final class ConditionListAndPrintTests: SessionTestCase {
    func testAnIfTestsItsClausesInOrderAndTheLaterReadWhatTheEarlierBound() {
        type("let dict = [\"a\": 1, \"b\": -2]")
        XCTAssertEqual(
            type("if let a = dict[\"a\"], let b = dict[\"b\"], a > b { print(a, b) } else { print(\"no\") }"),
            ["1 -2"])
        XCTAssertEqual(type("if let c = dict[\"c\"], c > 0 { print(\"c\") } else { print(\"no c\") }"), ["no c"])
        XCTAssertEqual(type("if dict.count > 1, dict[\"a\"] == 1 { print(\"both\") }"), ["both"])
    }

    func testAGuardInAClosureWithABindingAndATestOfIt() {
        type("let s = PassthroughSubject<Int?, Never>()")
        type("""
            let c = s.sink { value in
                guard let v = value, v > 10 else { print("small or nil"); return }
                print("big", v + 1)
            }
            """)
        XCTAssertEqual(type("s.send(nil)"), ["small or nil"])
        XCTAssertEqual(type("s.send(5)"), ["small or nil"])
        XCTAssertEqual(type("s.send(50)"), ["big 51"], "the bound value is an Int, no longer optional")
    }

    func testATopLevelGuardDefinesEveryNameItBinds() {
        type("let user: [String: Int] = [\"age\": 30]")
        type("guard let age = user[\"age\"], age >= 18, let same = user[\"age\"] else { fatalError(\"minor\") }")
        XCTAssertEqual(type("print(age, same)"), ["30 30"])
        let message = error("guard let none = user[\"x\"], none > 0 else { print(\"missing\") }")
        XCTAssertTrue(message.contains("the `guard` condition failed"), message)
    }

    func testAFunctionWithAShorthandBindingAndATest() {
        type("""
            func describe(_ n: Int?) -> String {
                if let n, n % 2 == 0 { return "even \\(n)" }
                return "other"
            }
            """)
        XCTAssertEqual(type("print(describe(4), describe(3), describe(nil))"), ["even 4 other other"])
    }

    func testPrintsSeparatorAndTerminator() {
        XCTAssertEqual(type("print(1, 2, 3, separator: \"-\")"), ["1-2-3"])
        XCTAssertEqual(type("for i in 1...3 { print(i, terminator: \" \") }"), ["1 2 3 "])
        XCTAssertEqual(type("print(\"a\", \"b\", separator: \", \", terminator: \"!\\n\")"), ["a, b!"])
        XCTAssertEqual(type("print(\"two\\nlines\", terminator: \"\")"), ["two", "lines"])
    }
}
