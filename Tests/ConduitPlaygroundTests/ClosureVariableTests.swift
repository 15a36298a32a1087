import XCTest

@testable import ConduitPlayground

/// Closures held by typed variables (`var greet: (String) -> String = { name in ... }`) and replaced
/// later, as Swift replaces a variable's value (trial case 20-closures-in-vars).
final class ClosureVariableTests: SessionTestCase {
    func testAClosureVarIsReplacedByAnother() {
        type("var greet: (String) -> String = { name in\n    return \"Hello, \\(name)!\"\n}")
        XCTAssertEqual(valueLines("print(greet(\"Ann\"))"), ["Hello, Ann!"])
        type("greet = { \"Hi \\($0)\" }")
        XCTAssertEqual(valueLines("print(greet(\"Bob\"))"), ["Hi Bob"])
        type("greet = { who in who.uppercased() }")
        XCTAssertEqual(valueLines("func shout() -> String { greet(\"cy\") }; print(shout())"), ["CY"])
        type("let add: (Int, Int) -> Int = { $0 + $1 }")
        XCTAssertEqual(valueLines("print(add(2, 3))"), ["5"])
    }

    func testMistakesAreAnsweredAndChangeNothing() {
        type("let add: (Int, Int) -> Int = { $0 + $1 }")
        type("var f: (Int) -> Int = { $0 + 1 }")
        type("var n = 1")
        XCTAssertTrue(error("add = { $0 * $1 }").contains("'add' is a 'let' constant"))
        XCTAssertTrue(error("f = { a, b in a }").contains("holds a closure of 1 parameter; this one takes 2"))
        XCTAssertTrue(error("n = { $0 }").contains("`n` holds no closure to replace"))
        XCTAssertEqual(valueLines("print(add(2, 3), f(1), n)"), ["5 2 1"])
    }

    func testAClosureGivenToAFunctionDeclaredHereIsKeptAndAnUnknownWordIsRefused() {
        type("var handlers: [() -> Void] = []")
        type("func register(_ handler: @escaping () -> Void) { handlers.append(handler) }")
        XCTAssertEqual(valueLines("register { print(\"first\") }"), [])
        XCTAssertTrue(error("print(apply({ $0 * 2 }, 3))").contains("unknown function `apply`"))
        XCTAssertTrue(error("nothingHere { 1 }").contains("unknown command `nothingHere`"))
        XCTAssertEqual(valueLines("print(handlers.count)"), ["1"])
    }
}
