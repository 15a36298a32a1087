import XCTest

@testable import ConduitPlayground

/// The patterns of `case` and the shape of `switch`, read from Swift's own tree
/// (`Language/Lowering/PatternLowering.swift`, `Parser+Switch.swift`).
final class PatternLoweringTests: SessionTestCase {
    private func declareLoad() {
        type("enum Load { case loaded(Int), pair(Int, String), idle }")
    }

    func testAnEnumerationsCaseWithValuesToMatch() {
        declareLoad()
        type("let l = Load.loaded(5)")
        XCTAssertEqual(valueLines("switch l { case .loaded(4): print(4) case .loaded(5): print(5) default: break }"),
            ["5"])
        type("let p = Load.pair(2, \"x\")")
        XCTAssertEqual(valueLines("if case .pair(2, let s) = p { print(s) }"), ["x"])
        XCTAssertEqual(valueLines("if case .pair(let n, \"y\") = p { print(n) } else { print(\"not y\") }"),
            ["not y"])
        // Another case's values are never read.
        XCTAssertEqual(valueLines("if case .loaded(let n) = Load.idle { print(n) } else { print(\"idle\") }"),
            ["idle"])
    }

    func testIsTypePatterns() {
        type("let v: Any = 3")
        let statement = "switch v { case is String: print(\"s\") case is Int: print(\"i\") default: print(\"?\") }"
        XCTAssertEqual(valueLines(statement), ["i"])
    }

    func testACastPatternNamesAValueOfItsType() {
        type("let things: [Any] = [1, \"two\", 3.0]")
        let body = "switch t { case let i as Int where i > 0: print(\"int\", i + 1) case let s as String: "
            + "print(s.count) default: print(\"other\") }"
        XCTAssertEqual(valueLines("for t in things { \(body) }"), ["int 2", "3", "other"])
    }

    func testWhereAndSeveralPatterns() {
        type("let n = 4")
        XCTAssertEqual(valueLines("switch n { case 1, 2: print(\"a\") case let x where x > 3: print(\"b\", x) "
            + "default: print(\"c\") }"), ["b 4"])
        XCTAssertEqual(valueLines("switch n { case 1, 4 where n > 5: print(\"a\") default: print(\"c\") }"), ["c"])
    }

    func testRangesAndValuesInAPipelinesSwitch() {
        type("subject s")
        type("sink out = s.map { x -> String in switch x { case ..<0: return \"neg\" case 0: return \"zero\" "
            + "case 1...9: return \"small\" case 10...: return \"big\" default: return \"?\" } }")
        XCTAssertEqual(values("send s -3"), ["out ← \"neg\""])
        XCTAssertEqual(values("send s 0"), ["out ← \"zero\""])
        XCTAssertEqual(values("send s 5"), ["out ← \"small\""])
        XCTAssertEqual(values("send s 50"), ["out ← \"big\""])
    }

    func testOptionalPatterns() {
        type("let o: Int? = nil")
        XCTAssertEqual(valueLines("switch o { case .none: print(\"nil\") case .some(let v): print(v) }"), ["nil"])
        type("let t: Int? = 7")
        XCTAssertEqual(valueLines("switch t { case let v?: print(v) case nil: print(\"nil\") }"), ["7"])
    }

    func testAFailureMatchedWithAnotherPatternIsRefused() {
        type("enum E: Error { case offline }")
        type("let r: Result<Int, E> = .failure(.offline)")
        let message = error("switch r { case .failure(.offline): print(1) default: break }")
        XCTAssertTrue(message.contains("write `.failure(let error)` or `.failure(_)`"), message)
        XCTAssertEqual(valueLines("switch r { case .failure(let e): print(e) default: break }"), ["offline"])
    }

    func testAWrongCaseLabelIsSwiftsMessage() {
        type("let n = 3")
        let message = error("switch n { case .a(let): print(1) default: break }")
        XCTAssertTrue(message.contains("expected expression in pattern (fix-it: insert expression); a case reads"),
            message)
        XCTAssertTrue(error("switch n case 1: print(1)").contains("expected '{' in 'switch' statement (fix-it: insert"))
        XCTAssertTrue(error("switch n { }").contains("this switch has no cases"))
        // The session keeps its names after each mistake.
        XCTAssertEqual(valueLines("print(n)"), ["3"])
    }
}

/// `catch` clauses read from Swift's tree: any pattern a `switch` reads, and `where`.
final class CatchLoweringTests: SessionTestCase {
    func testACatchWithAWhereCondition() {
        type("enum E: Error { case code(Int), other }")
        type("func f(_ n: Int) throws { throw E.code(n) }")
        let clauses = "catch E.code(let n) where n > 10 { print(\"big\", n) } catch { print(\"rest\", error) }"
        XCTAssertEqual(valueLines("do { try f(50) } " + clauses), ["big 50"])
        XCTAssertEqual(valueLines("do { try f(5) } " + clauses), ["rest code(5)"])
        XCTAssertEqual(valueLines("do { try f(7) } catch let e as E where e == E.code(7) { print(\"seven\") }"),
            ["seven"])
    }

    func testACatchWithAValueInsideTheCase() {
        type("enum E: Error { case code(Int), other }")
        type("func f(_ n: Int) throws { throw E.code(n) }")
        let statement = "do { try f(404) } catch E.code(500) { print(500) } catch E.code(404) { print(404) }"
        XCTAssertEqual(valueLines(statement), ["404"])
    }

    func testSeveralPatternsInOneCatch() {
        type("enum E: Error { case a, b, c }")
        type("func f(_ e: E) throws { throw e }")
        let clauses = "catch E.a, E.b { print(\"a or b\") } catch { print(\"c\") }"
        XCTAssertEqual(valueLines("do { try f(E.b) } " + clauses), ["a or b"])
        XCTAssertEqual(valueLines("do { try f(E.c) } " + clauses), ["c"])
    }

    func testAMemberOfAValueTypeIsAValue() {
        type("let n = Int.max")
        let statement = "switch n { case Int.min: print(\"min\") case Int.max: print(\"max\") default: break }"
        XCTAssertEqual(valueLines(statement), ["max"])
    }
}
