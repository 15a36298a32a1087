import XCTest

@testable import ConduitPlayground

/// `catch` clauses that take an enumeration's case apart, as The Swift Programming Language's
/// vending machine does (`catch VendingMachineError.insufficientFunds(let coinsNeeded)`), and
/// `guard case` / `if case` on a `Result`, printing what swiftc's build prints.
final class CatchPatternTests: SessionTestCase {
    func testACatchNamesTheValuesOfTheCaseItTakes() {
        type("""
            enum VendingMachineError: Error {
                case invalidSelection
                case insufficientFunds(coinsNeeded: Int)
                case outOfStock
            }
            """)
        type("""
            func vend(_ item: String, coins: Int) throws -> String {
                guard item == "chips" else { throw VendingMachineError.invalidSelection }
                guard coins >= 5 else { throw VendingMachineError.insufficientFunds(coinsNeeded: 5 - coins) }
                return "Enjoy your \\(item)"
            }
            """)
        let clauses = """
            catch VendingMachineError.invalidSelection {
                print("Invalid Selection.")
            } catch VendingMachineError.insufficientFunds(let coinsNeeded) {
                print("Insufficient funds. Please insert an additional \\(coinsNeeded) coins.")
            } catch {
                print("Unexpected error: \\(error).")
            }
            """
        XCTAssertEqual(valueLines("do { let snack = try vend(\"chips\", coins: 3); print(snack) } " + clauses),
            ["Insufficient funds. Please insert an additional 2 coins."])
        XCTAssertEqual(valueLines("do { print(try vend(\"candy\", coins: 3)) } " + clauses), ["Invalid Selection."])
        XCTAssertEqual(valueLines("do { print(try vend(\"chips\", coins: 9)) } " + clauses), ["Enjoy your chips"])
        XCTAssertEqual(
            valueLines("do { print(try vend(\"chips\", coins: 1)) } catch VendingMachineError.insufficientFunds("
                + "coinsNeeded: let n) { print(\"needs\", n) }"), ["needs 4"])
    }

    func testACaseWithSeveralValuesIsCaughtByItsCase() {
        type("enum E: Error { case a(Int, String), b }")
        type("func f(_ n: Int) throws { if n > 0 { throw E.a(n, \"x\") }; throw E.b }")
        XCTAssertEqual(
            valueLines("do { try f(2) } catch E.a(let n, let s) { print(\"a\", n, s) } catch { print(error) }"),
            ["a 2 x"])
        XCTAssertEqual(valueLines("do { try f(0) } catch E.a(_, let s) { print(s) } catch E.b { print(\"b\") }"), ["b"])
        XCTAssertEqual(valueLines("do { try f(3) } catch E.a { print(\"any a\") }"), ["any a"])
    }

    func testGuardCaseAndIfCaseTakeAResultApart() {
        type("enum E: Error { case bad }")
        type("let result: Result<Int, E> = .failure(.bad)")
        XCTAssertEqual(valueLines("if case .failure(let e) = result { print(\"failed\", e) }"), ["failed bad"])
        type("func value(_ r: Result<Int, E>) -> Int { guard case .success(let v) = r else { return -1 }; return v }")
        XCTAssertEqual(valueLines("print(value(result), value(.success(3)))"), ["-1 3"])
        type("guard case .failure(let problem) = result else { fatalError() }")
        XCTAssertEqual(valueLines("print(problem)"), ["bad"])
    }

    func testMistakesInACatchPatternAreAnsweredAndChangeNothing() {
        type("enum E: Error { case a(Int, String) }")
        type("var n = 0")
        XCTAssertTrue(error("do { throw E.a(1, \"x\") } catch E.a(let) { n = 1 }").contains(
            "expected expression in pattern (fix-it: insert expression); a `catch` reads"))
        XCTAssertTrue(error("do { throw E.a(1, \"x\") } catch E.a(let k { n = k }").contains("is never closed"))
        XCTAssertTrue(error("do { throw E.a(1, \"x\") } catch E { n = 2 }").contains("names a type, not a pattern"))
        XCTAssertEqual(valueLines("print(n)"), ["0"])
    }
}
