import XCTest

@testable import ConduitPlayground

/// The statements of a body, each read as the kind Swift's parser reads it as, from where Swift starts
/// it to where Swift ends it (`Language/Lowering/BodyStatementLowering.swift`).
final class BodyStatementTests: SessionTestCase {
    /// A parser of `text` at its first token whose text is `word`, counted from `occurrence` (0 first).
    private func parser(_ text: String, at word: String, occurrence: Int = 0) throws -> Parser {
        var parser = try Parser(text)
        let matches = parser.tokens.indices.filter { parser.tokens[$0].display == word }
        parser.position = try XCTUnwrap(matches.dropFirst(occurrence).first)
        return parser
    }

    func testEachStatementIsOfTheKindSwiftReadsItAs() throws {
        let text = "func f(xs: [Int]) -> Int { let a = 1; var (b, c) = (2, 3); b += a; if a > 0 { print(a) }; "
            + "guard c > 0 else { return 0 }; switch a { default: break }; for x in xs { continue }; "
            + "while b < 0 { b += 1 }; repeat { b -= 1 } while b > 9; do { print(1) }; defer { print(2) }; "
            + "throw E(); return b }"
        let expected: [(String, Int, BodyStatement.Kind)] = [
            ("let", 0, .step), ("var", 0, .tupleStep), ("b", 1, .expression), ("if", 0, .ifStatement),
            ("guard", 0, .guardStatement), ("switch", 0, .switchStatement), ("for", 0, .loop),
            ("continue", 0, .jump), ("while", 0, .loop), ("repeat", 0, .loop), ("do", 0, .doStatement),
            ("defer", 0, .deferStatement), ("throw", 0, .throwStatement),
            ("return", 0, .returnStatement(givesValue: true)), ("return", 1, .returnStatement(givesValue: true)),
            ("break", 0, .jump),
        ]
        for (word, occurrence, kind) in expected {
            let statement = try parser(text, at: word, occurrence: occurrence).bodyStatementHere()
            XCTAssertEqual(statement?.kind, kind, "`\(word)` #\(occurrence)")
        }
        let alone = try parser("func f() { guard true else { return }; print(1) }", at: "return")
        XCTAssertEqual(try alone.bodyStatementHere()?.kind, .returnStatement(givesValue: false))
        let last = try parser(text, at: "return", occurrence: 1).bodyStatementHere()
        XCTAssertEqual(last?.isLast, true, "the body's `}` follows its last statement")
        XCTAssertEqual(try parser(text, at: "let").bodyStatementHere()?.isLast, false)
    }

    func testTheArgumentsAClosureNamesByPositionAreItsOwnNotAnInnerClosures() throws {
        let text = "let r = [1].reduce(0) { let d = $1 * 2; return $0 + [d].map { $0 + $3 }.count }"
        let closure = try parser(text, at: "{")
        XCTAssertEqual(closure.highestDollar(inClosureOpenedBy: closure.current), 1)
        let inner = try parser(text, at: "{", occurrence: 1)
        XCTAssertEqual(inner.highestDollar(inClosureOpenedBy: inner.current), 3)
        type("let total = [1, 2, 3].reduce(0) { let d = $1 * 2; return $0 + d }")
        XCTAssertEqual(printed("print(total)"), ["12"])
    }

    func testAnEmptyBodyDoesNothingOnlyAfterASignature() {
        XCTAssertTrue(error("let m = [1].map { }").contains("this closure is empty"))
        type("let c = [1, 2].publisher.sink { _ in }")
        XCTAssertEqual(printed("[3].forEach { x in }"), [])
    }

    func testAStatementReadOnlyInPartIsRefused() throws {
        let text = "func f() { let a = 1 + 2; print(a) }"
        XCTAssertThrowsError(try parser(text, at: "+").bodyStatementHere()) { error in
            let message = (error as? SyntaxError)?.message ?? ""
            XCTAssertTrue(message.contains("Swift reads `let a = 1 + 2` as one statement"), message)
            XCTAssertTrue(message.contains("read it only up to `1`"), message)
        }
    }

    func testMembersOfATypesBodyAreNotABodysStatements() throws {
        let text = "struct S { enum Mode { case a, b }; var x = 1 }"
        XCTAssertNil(try parser(text, at: "var").bodyStatementHere())
    }

    func testABodyMixingEveryKindOfStatementRunsAsSwiftRunsIt() {
        type("enum Stop: Error { case now }")
        type("func check(_ v: Int) throws { guard v <= 10 else { throw Stop.now } }")
        type("func run(_ xs: [Int]) throws -> Int { defer { print(\"done\") }; var total = 0; let (a, b) = (1, 2)\n"
            + "for x in xs { if x < 0 { continue } else if x > 100 { break }; total += x }\n"
            + "var n = 3; while n > 0 { n -= 1 }; repeat { n += 1 } while n < 2\n"
            + "switch total { case 0: throw Stop.now; default: print(\"total\", total) }\n"
            + "do { try check(total) } catch { print(\"caught\", error) }\n"
            + "guard total < 50 else { return -1 }; let sum = total + a + b + n; return sum }")
        XCTAssertEqual(printed("print(try run([1, -5, 2, 200, 9]))"), ["total 3", "done", "8"])
        XCTAssertEqual(printed("print(try run([20]))"), ["total 20", "caught now", "done", "25"])
        XCTAssertEqual(printed("print(try run([60]))"), ["total 60", "caught now", "done", "-1"])
        XCTAssertTrue(error("print(try run([]))").contains("now"))
    }

    func testStatementsSeparatedBySemicolonsOnOneLine() {
        type("let xs = [1, 2].map { x in let y = x * 2; var z = y; z += 1; return z }")
        XCTAssertEqual(printed("print(xs)"), ["[3, 5]"])
        type("func f() -> Int { var a = 1; a += 2; return a };")
        XCTAssertEqual(printed("print(f())"), ["3"])
    }

    func testWhatFollowsAnElseIfRunsAfterEveryBranch() {
        // Swift's `if a { } else if b { }; print(3)` is one statement and then another: the playground read the
        // `print(3)` inside the last `else`, so it did not run after the first branch.
        type("func f(_ a: Bool, _ b: Bool) { if a { print(1) } else if b { print(2) }; print(3) }")
        XCTAssertEqual(printed("f(true, false)"), ["1", "3"])
        XCTAssertEqual(printed("f(false, true)"), ["2", "3"])
        XCTAssertEqual(printed("f(false, false)"), ["3"])
        // An early return's alternative is still what follows.
        type("func g(_ a: Int) -> String { if a == 1 { return \"one\" } else if a == 2 { return \"two\" }; "
            + "return \"many\" }")
        XCTAssertEqual(printed("print(g(1), g(2), g(3))"), ["one two many"])
    }

    func testAWrongStatementInABodyHasSwiftcsMessage() {
        let cases = [
            ("func h() { let a = 1 print(a) }", "consecutive statements on a line must be separated by newline or ';' "
                + "(fix-it: insert newline); the playground reads a body's statements as Swift's parser reads them"),
            ("func h() { throw }",
             "expected expression in 'throw' statement (fix-it: insert expression); expected a value"),
            ("func h() { defer print(1); print(2) }",
             "expected '{' in 'defer' statement (fix-it: insert '{'); expected `{` to open the block of this `defer`"),
            ("let m = [1].map { x in let = x; return x }", "expected pattern in variable"),
            ("func f() -> Int { var a = 1;; return a }", "unexpected ';' separator"),
        ]
        for (line, message) in cases {
            let shown = error(line)
            XCTAssertTrue(shown.contains(message), shown)
        }
    }

    func testAStatementReadPastWhereSwiftEndsItIsRefused() {
        let shown = error("func h() { for x in [1] { break outer } }")
        XCTAssertTrue(shown.contains("expected the end of the statement here: Swift reads `break outer`"), shown)
    }

    func testHostileBodiesNeitherCrashNorHang() {
        type("subject s")
        let start = Date()
        // 20,000 statements: each holds the rest of the body, so the body's length is bounded as nesting is.
        let long = error("func many() { " + String(repeating: "0; ", count: 20_000) + "}")
        XCTAssertTrue(long.contains("nests too deeply") || long.contains("too long"), long)
        let statements = error("sink t = s.map { x in " + String(repeating: "print(x); ", count: 5_000) + "x }")
        XCTAssertTrue(statements.contains("nests too deeply") || statements.contains("too long"), statements)
        let nested = error("sink t = s.map { x in " + String(repeating: "[1].map { _ in ", count: 1_000) + "x"
            + String(repeating: " }", count: 1_000) + " }")
        XCTAssertTrue(nested.contains("nest"), nested)
        XCTAssertLessThan(Date().timeIntervalSince(start), 60 * sanitizerSlowdown)
        type("sink ok = s.map { x in let y = x + 1; return y }")
        XCTAssertEqual(values("send s 1").filter { $0.hasPrefix("ok") }, ["ok ← 2"])
    }
}
