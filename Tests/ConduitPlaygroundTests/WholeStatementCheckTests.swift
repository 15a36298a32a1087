import XCTest
@testable import ConduitPlayground

/// Swift's type errors that swiftc finds before a program runs, found here before a statement runs:
/// in a top-level block (`if`, `switch`, `do`, `guard`'s `else`, a loop's body), in what a function
/// returns against its declared result, and in a tuple pattern's length. Each refusal is one message
/// where swiftc puts its caret, with nothing of the statement run or printed and every name kept; the
/// same shapes written right still run.
final class WholeStatementCheckTests: SessionTestCase {
    /// What a refused statement gave: its error message and range, and what it printed before it.
    private struct Refusal {
        let message: String
        let line: Int
        let columns: Range<Int>
        let printedBefore: [String]
    }

    /// Types `source` (which the test knows is wrong) and returns its one error and what came before.
    private func refusal(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> Refusal? {
        let records = session.evaluate(source)
        guard let index = records.firstIndex(where: { $0.kind == .error }),
            case .error(let message, let range?)? = records[index].event?.kind
        else {
            XCTFail("expected an error with a range for `\(source)`, got \(records.map(\.text))",
                file: file, line: line)
            return nil
        }
        XCTAssertEqual(records.filter { $0.kind == .error }.count, 1, "one message", file: file, line: line)
        return Refusal(
            message: message, line: range.line, columns: range.startColumn..<range.endColumn,
            printedBefore: records[..<index].filter { $0.kind == .value }.map(\.text))
    }

    override func setUp() {
        super.setUp()
        type("let kept = 7")
        type("var count = 0")
    }

    /// The names defined before a refusal are still there, and `count` was not changed.
    private func assertSessionKept(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(valueLines("print(kept, count)"), ["7 0"], "names kept, nothing set", file: file, line: line)
    }

    // MARK: Top-level blocks

    func testATypeErrorLateInAnIfBlockRefusesTheWholeBlockBeforeItRuns() throws {
        let refused = try XCTUnwrap(refusal(#"if true { print("a"); count += 1; let x: Int = "s" }"#))
        XCTAssertEqual(refused.message, "cannot convert value of type 'String' to specified type 'Int'")
        XCTAssertEqual(refused.line, 1)
        XCTAssertEqual(refused.columns, 48..<51, "the caret is on `\"s\"`, where swiftc puts it (1:48)")
        XCTAssertEqual(refused.printedBefore, [], "nothing of the block ran")
        assertSessionKept()
        XCTAssertEqual(valueLines(#"if kept > 3 { print("a"); let x: Int = 5; print(x + kept) }"#), ["a", "12"])
    }

    func testAnElseBlockAndAMemberErrorAreCheckedToo() throws {
        let source = """
            if kept > 100 {
                print("big")
            } else {
                print("small")
                count += 1
                print(kept.uppercased())
            }
            """
        let refused = try XCTUnwrap(refusal(source))
        XCTAssertEqual(refused.message, "value of type 'Int' has no member 'uppercased'")
        XCTAssertEqual(refused.line, 6, "the caret is on the block's sixth line")
        XCTAssertEqual(refused.printedBefore, [])
        assertSessionKept()
    }

    func testSwitchDoAndWhileBlocksAreCheckedWhole() throws {
        let switched = try XCTUnwrap(refusal("""
            switch kept {
            case 7:
                print("seven")
                let flag: Bool = 3
                print(flag)
            default:
                break
            }
            """))
        XCTAssertEqual(switched.message, "cannot convert value of type 'Int' to specified type 'Bool'")
        XCTAssertEqual(switched.line, 4)
        XCTAssertEqual(switched.columns.lowerBound, 22, "on `3`, as swiftc's 4:22")
        XCTAssertEqual(switched.printedBefore, [])

        let done = try XCTUnwrap(refusal(#"do { print("in"); print("a" + 1) } catch { print(error) }"#))
        XCTAssertEqual(done.message, "binary operator '+' cannot be applied to operands of type 'String' and 'Int'")
        XCTAssertEqual(done.columns.lowerBound, 29, "on the `+`")
        XCTAssertEqual(done.printedBefore, [])

        let caught = try XCTUnwrap(refusal(#"do { print("in") } catch { print("caught"); let n: Int = "x" }"#))
        XCTAssertEqual(caught.message, "cannot convert value of type 'String' to specified type 'Int'")
        XCTAssertEqual(caught.printedBefore, [], "a `catch` block is checked before the `do` block runs")

        let looped = try XCTUnwrap(refusal(#"while count < 3 { count += 1; print(count); let s: String = count }"#))
        XCTAssertEqual(looped.message, "cannot convert value of type 'Int' to specified type 'String'")
        XCTAssertEqual(looped.columns, 61..<66, "on `count`, the value")
        XCTAssertEqual(looped.printedBefore, [], "no turn of the loop ran")

        let stepped = try XCTUnwrap(refusal("for x in [1, 2] { count += x; print(x); let y: String = x; print(y) }"))
        XCTAssertEqual(stepped.message, "cannot convert value of type 'Int' to specified type 'String'")
        XCTAssertEqual(stepped.columns, 57..<58, "on the `x` after `=`")
        XCTAssertEqual(stepped.printedBefore, [], "no turn of the `for` ran")

        let repeated = try XCTUnwrap(refusal("repeat { count += 1; print(kept.count) } while count < 3"))
        XCTAssertEqual(repeated.message, "value of type 'Int' has no member 'count'")
        XCTAssertEqual(repeated.printedBefore, [])
        assertSessionKept()
    }

    func testAGuardsElseBlockIsCheckedBeforeTheGuardRuns() throws {
        let refused = try XCTUnwrap(refusal(#"guard kept > 100 else { print("no"); let n: Int = "x"; fatalError() }"#))
        XCTAssertEqual(refused.message, "cannot convert value of type 'String' to specified type 'Int'")
        XCTAssertEqual(refused.printedBefore, [])
        assertSessionKept()
    }

    func testValidBlocksOfEachShapeStillRun() {
        XCTAssertEqual(valueLines("""
            if let n = Int("42"), n > kept {
                let doubled: Double = 2
                print(doubled * 2, n)
            } else {
                print("no")
            }
            """), ["4.0 42"])
        XCTAssertEqual(valueLines("""
            switch kept {
            case 1, 2: print("small")
            case 7:
                let label: String = "seven"
                print(label)
            default: print("other")
            }
            """), ["seven"])
        XCTAssertEqual(valueLines("while count < 3 { count += 1; let total: Int = count * kept; print(total) }"),
            ["7", "14", "21"])
        XCTAssertEqual(valueLines("repeat { count -= 1 } while count > 0; print(count)"), ["0"])
        type("struct BadInput: Error {}")
        XCTAssertEqual(valueLines("""
            do {
                let ids: [Int] = []
                print(ids.count)
                throw BadInput()
            } catch {
                print("caught", error)
            }
            """), ["0", "caught BadInput()"])
        XCTAssertEqual(valueLines("guard kept > 1 else { fatalError() }; print(\"went on\")"), ["went on"])
        XCTAssertEqual(valueLines("do { let d: [Int: String] = [:]; let o: Int? = nil; print(d.count, o == nil) }"),
            ["0 true"], "an empty dictionary literal and nil fit the types declared")
    }

    // MARK: Returns

    func testAReturnOfTheWrongTypeIsRefusedWhenTheFunctionIsDeclared() throws {
        let refused = try XCTUnwrap(refusal(#"func f() -> Int { return "a" }"#))
        XCTAssertEqual(refused.message, "cannot convert return expression of type 'String' to return type 'Int'")
        XCTAssertEqual(refused.columns, 26..<29, "on `\"a\"`, swiftc's 1:26")
        XCTAssertTrue(error("f()").contains("unknown function `f`"), "the refused `func` declared nothing")
        type("func one() -> Int { 1 }")
        XCTAssertNotNil(refusal(#"func one() -> Int { "one" }"#))
        XCTAssertEqual(valueLines("print(one())"), ["1"], "a refused declaration leaves the one before it")

        let branch = try XCTUnwrap(refusal(#"func g(_ x: Int) -> String { if x > 1 { return "a" }; return 1 }"#))
        XCTAssertEqual(branch.message, "cannot convert return expression of type 'Int' to return type 'String'")
        XCTAssertEqual(branch.columns.lowerBound, 62, "on the second return's `1` (swiftc's 1:62), not on `x > 1`")

        let source = "func h(_ name: String) -> Int {\n    let n = name.count\n    return name\n}"
        let named = try XCTUnwrap(refusal(source))
        XCTAssertEqual(named.message, "cannot convert return expression of type 'String' to return type 'Int'")
        XCTAssertEqual(named.line, 3)
        XCTAssertEqual(named.columns, 12..<16, "on `name`")

        XCTAssertEqual(refusal("func m() -> Int { 1.5 }")?.message,
            "cannot convert return expression of type 'Double' to return type 'Int'", "an implicit return")

        let looped = try XCTUnwrap(refusal(
            #"func n(_ xs: [Int]) -> Int { for x in xs { if x > 1 { return "a" } }; return 0 }"#))
        XCTAssertEqual(looped.message, "cannot convert return expression of type 'String' to return type 'Int'",
            "a return inside a loop")
        XCTAssertEqual(looped.columns.lowerBound, 62)
        let keyed = "func k(_ d: [String: Int]) -> Int { for (k, v) in d { if v > 1 { return k } }; return 0 }"
        XCTAssertEqual(refusal(keyed)?.message,
            "cannot convert return expression of type 'String' to return type 'Int'",
            "a loop's names have its elements' types")
        assertSessionKept()
    }

    func testAMissingReturnIsRefusedAtTheBodysEnd() throws {
        let refused = try XCTUnwrap(refusal(#"func h() -> Int { print("x"); print("y") }"#))
        XCTAssertEqual(refused.message, "missing return in global function expected to return 'Int'")
        XCTAssertEqual(refused.columns.lowerBound, 42, "on the closing `}`, swiftc's 1:42")
        XCTAssertEqual(refused.printedBefore, [])

        let alone = try XCTUnwrap(refusal(#"func g() -> Int { print("x") }"#))
        XCTAssertEqual(alone.message, "cannot convert return expression of type '()' to return type 'Int'",
            "one expression is returned, as swiftc reads it")
        XCTAssertEqual(alone.columns.lowerBound, 19)

        XCTAssertEqual(refusal("func total(_ xs: [Int]) -> Int { var t = 0; for x in xs { t += x } }")?.message,
            "missing return in global function expected to return 'Int'", "a loop does not return")
        assertSessionKept()
    }

    func testFunctionsThatReturnWhatTheyDeclareAreAccepted() {
        let declarations = [
            "func pct(_ a: Int, _ b: Int) -> Double { Double(a) / Double(b) * 100 }",
            "func half() -> Double { return 1 }",
            "func none() -> [Int: String] { [:] }",
            "func forever() -> Int { while true { return 3 } }",
            "func parsed(_ s: String) -> Int? { Int(s) }",
            "func never() -> Int { fatalError(\"no\") }",
            "func best(_ xs: [Int]) -> Int {\n    var best = 0\n    for x in xs where x > best { best = x }\n"
                + "    return best\n}",
            "func word(_ n: Int) -> String {\n    switch n {\n    case 0: return \"zero\"\n"
                + "    default: return \"many\"\n    }\n}",
            "func twice(_ n: Int?) -> Int { guard let n else { return -1 }; return n * 2 }",
            "func pair() -> (String, Int) { (\"a\", 1) }",
            "func maybe(_ b: Bool) -> String? { b ? \"y\" : nil }",
            "func first(_ s: String) -> Character { s.first! }",
            "func fact(_ n: Int) -> Int { n <= 1 ? 1 : n * fact(n - 1) }",
            "func log(_ s: String) { print(s) }",
            "func firstBig(_ xs: [Int]) -> Int? { for x in xs where x > 2 { return x }; return nil }",
            "func key(_ d: [String: Int]) -> String { for (k, v) in d { if v > 1 { return k } }; return \"\" }",
            "func upTo(_ n: Int) -> Int { var i = 0; while i < n { i += 1; if i == 3 { return i } }; return -1 }",
            "func doubled(_ xs: [Int]) -> Int { xs.map { x in return x * 2 }.count }",
        ]
        for declaration in declarations {
            XCTAssertFalse(session.evaluate(declaration).contains { $0.kind == .error }, declaration)
        }
        XCTAssertEqual(valueLines("print(pct(1, 4), half(), none(), forever(), parsed(\"4\") ?? 0)"),
            ["25.0 1.0 [:] 3 4"])
        XCTAssertEqual(valueLines("print(best([3, 9]), word(0), twice(4), pair(), maybe(true) ?? \"\", fact(4))"),
            ["9 zero 8 (\"a\", 1) y 24"])
        XCTAssertEqual(valueLines("print(firstBig([1, 5]) ?? 0, key([\"a\": 2]), upTo(5), doubled([1, 2]))"),
            ["5 a 3 2"])
    }

    // MARK: Tuple patterns

    func testATuplePatternOfTheWrongLengthIsRefusedBeforeTheValueIsMade() throws {
        let refused = try XCTUnwrap(refusal("let (a, b) = (1, 2, 3)"))
        XCTAssertEqual(refused.message,
            "'(Int, Int, Int)' is not convertible to '(Int, Int)', tuples have a different number of elements")
        XCTAssertEqual(refused.columns.lowerBound, 14, "on the value, swiftc's 1:14")
        XCTAssertTrue(error("print(a)").contains("cannot find `a`"), "no name of the pattern was declared")

        XCTAssertEqual(refusal(#"let (c, d, e) = (1, "x")"#)?.message,
            "'(Int, String)' is not convertible to '(Int, String, _)', tuples have a different number of elements")
        XCTAssertEqual(refusal("let (c, d) = kept")?.message,
            "cannot convert value of type 'Int' to specified type '(_, _)'")
        // The value is not made: a function with an effect is not called.
        type("func made() -> (Int, Int, Int) { count += 1; return (1, 2, 3) }")
        XCTAssertEqual(refusal("var (x, y) = made()")?.printedBefore, [])
        assertSessionKept()

        XCTAssertEqual(refusal("var (_, z) = made()")?.message.contains("different number of elements"), true,
            "`_` stands for one element")
        XCTAssertEqual(valueLines("let (x, y) = (1, \"a\"); print(x, y)"), ["1 a"])
        XCTAssertEqual(valueLines("let (p, q, r) = made(); print(p + q + r, count)"), ["6 1"])
    }
}
