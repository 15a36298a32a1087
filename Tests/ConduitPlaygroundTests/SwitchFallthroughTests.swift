import XCTest

@testable import ConduitPlayground

/// `fallthrough` as a case's last statement (`Language/Parser+Fallthrough.swift`): the next case's
/// statements run after the case's, whatever its pattern, as in Swift; the uses Swift refuses are refused.
final class SwitchFallthroughTests: SessionTestCase {
    func testTheNextCasesStatementsRun() {
        type("""
            func describe(_ n: Int) -> [String] {
                var words: [String] = []
                switch n {
                case 0:
                    words.append("zero")
                    fallthrough
                case 1:
                    words.append("small")
                    fallthrough
                case 2, 3:
                    words.append("tiny")
                case let x where x > 100:
                    words.append("big \\(x)")
                    fallthrough
                default:
                    words.append("other")
                }
                return words
            }
            """)
        XCTAssertEqual(values("print(describe(0), describe(1), describe(3))"),
            ["[\"zero\", \"small\", \"tiny\"] [\"small\", \"tiny\"] [\"tiny\"]"])
        XCTAssertEqual(values("print(describe(500), describe(50))"), ["[\"big 500\", \"other\"] [\"other\"]"])
    }

    func testAtTopLevelAndAsACasesOnlyStatement() {
        type("let k = 5")
        XCTAssertEqual(valueLines("switch k { case 5: fallthrough\n case 6: print(\"six\")\n default: print(\"no\") }"),
            ["six"])
    }

    func testFallthroughSwiftRefuses() {
        type("let n = 1")
        XCTAssertTrue(error("switch n { case 1: print(1)\n default: fallthrough }")
            .contains("'fallthrough' without a following 'case' or 'default' block"))
        XCTAssertTrue(error("switch n { case 1: fallthrough\n case let x: print(x) }")
            .contains("cannot transfer control to a case label that declares variables"))
        XCTAssertTrue(error("switch n { case 1: if n > 0 { fallthrough }; print(2)\n default: print(3) }")
            .contains("reads `fallthrough` only as the last statement of a case"))
    }
}
