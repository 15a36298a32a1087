import XCTest

@testable import ConduitPlayground

/// `do`/`catch` inside a function's, a method's and a closure's body (Parser+DoCatch.swift), with every
/// kind of `catch` clause, and a `return` inside the `do` that leaves the function, as Swift runs them.
final class BodyDoCatchTests: SessionTestCase {
    override func setUp() {
        super.setUp()
        type("enum MyError: Error { case bad; case worse(code: Int) }")
        type("struct ParseError: Error { let text: String }")
        type("func convert(_ s: String) throws -> Int { if s == \"bad\" { throw MyError.bad }; "
            + "if s == \"worse\" { throw MyError.worse(code: 7) }; "
            + "guard let n = Int(s) else { throw ParseError(text: s) }; return n }")
    }

    func testATypedCatchInAFunctionTakesTheErrorsOfItsPattern() {
        type("func parse(_ s: String) -> Int { do { let n = try convert(s); print(\"parsed\", n); return n } "
            + "catch MyError.bad { print(\"bad input\") } catch let e as ParseError { print(\"parse error\", e.text) } "
            + "catch MyError.worse(let code) { print(\"worse\", code) } catch { print(\"other\", error) }; return -1 }")
        XCTAssertEqual(printed("print(parse(\"12\"))"), ["parsed 12", "12"], "a `return` in `do` leaves the function")
        XCTAssertEqual(printed("print(parse(\"bad\"))"), ["bad input", "-1"])
        XCTAssertEqual(printed("print(parse(\"abc\"))"), ["parse error abc", "-1"])
        XCTAssertEqual(printed("print(parse(\"worse\"))"), ["worse 7", "-1"])
    }

    func testACatchThatTakesEverythingNamesTheErrorAsSwiftPrintsIt() {
        type("func attempt(_ s: String) { do { print(try convert(s)) } catch { print(\"failed:\", error) } }")
        XCTAssertEqual(printed("attempt(\"4\")"), ["4"])
        XCTAssertEqual(printed("attempt(\"bad\")"), ["failed: bad"])
        XCTAssertEqual(printed("attempt(\"x\")"), ["failed: ParseError(text: \"x\")"])
    }

    func testAnErrorNoClauseTakesGoesOnToTheCaller() {
        type("func strict(_ s: String) throws -> Int { do { return try convert(s) } catch MyError.bad { return 0 } }")
        XCTAssertEqual(printed("print(try strict(\"bad\"))"), ["0"])
        XCTAssertEqual(printed("do { print(try strict(\"q\")) } catch { print(\"outer\", error) }"),
            ["outer ParseError(text: \"q\")"])
    }

    func testEveryBranchReturningGivesTheFunctionsValue() {
        type("func safeDivide(_ a: Int, _ b: Int) -> Int { do { if b == 0 { throw MyError.bad }; return a / b } "
            + "catch { return 0 } }")
        XCTAssertEqual(printed("print(safeDivide(10, 2), safeDivide(1, 0))"), ["5 0"])
    }

    func testADoCatchInAMethodOfAClass() {
        type("class Loader { var loaded = 0; func load(_ items: [String]) { for item in items { "
            + "do { let value = try convert(item); loaded += value } "
            + "catch let e as MyError { print(\"skipped\", item, e) } "
            + "catch { print(\"failed\", error) } }; print(\"loaded\", loaded) } }")
        type("let loader = Loader()")
        XCTAssertEqual(printed("loader.load([\"1\", \"bad\", \"2\", \"x\"])"),
            ["skipped bad bad", "failed ParseError(text: \"x\")", "loaded 3"])
    }

    func testADoCatchInAClosure() {
        type("let inputs = PassthroughSubject<String, Never>()")
        type("let c = inputs.map { s -> Int in do { return try convert(s) } catch { return -1 } }.sink { print($0) }")
        XCTAssertEqual(printed("inputs.send(\"5\")"), ["5"])
        XCTAssertEqual(printed("inputs.send(\"bad\")"), ["-1"])
    }

    func testADoCatchInALoopMayContinueOrReturnAndOneInAnInitialiser() {
        type("func firstNumber(_ list: [String]) -> Int? { for s in list { do { return try convert(s) } "
            + "catch { continue } }; return nil }")
        XCTAssertEqual(printed("print(firstNumber([\"x\", \"bad\", \"8\"]) ?? -1, firstNumber([\"x\"]) ?? -1)"),
            ["8 -1"])
        type("class Store { var total = 0; var failures = 0; init(names: [String]) { for name in names { "
            + "do { total += try convert(name) } catch MyError.worse(let code) { failures += code } "
            + "catch { failures += 1 } } } }")
        type("let store = Store(names: [\"2\", \"worse\", \"3\", \"x\"])")
        XCTAssertEqual(printed("print(store.total, store.failures)"), ["5 8"])
    }

    func testAMistakeInACatchClauseIsRefusedWithWhatWouldBeRight() {
        let message = error("func f() { do { try convert(\"1\") } catch MyError { print(1) } }")
        XCTAssertTrue(message.contains("`catch MyError` names a type, not a pattern"), message)
        XCTAssertTrue(error("f()").contains("unknown function `f`"), "the refused function was not declared")
    }
}
