import XCTest

@testable import ConduitPlayground

/// Parameters with default values (`func greet(_ name: String = "you")`), in functions, class
/// methods and a struct's mutating methods: a call may leave them out, as Swift's may.
final class DefaultArgumentTests: SessionTestCase {
    func testAFunctionsDefaultsFillTheArgumentsLeftOut() {
        type("func greet(_ name: String = \"you\", punctuation: String = \"!\") -> String "
            + "{ \"Hi, \\(name)\\(punctuation)\" }")
        XCTAssertEqual(type("print(greet())"), ["Hi, you!"])
        XCTAssertEqual(type("print(greet(\"Ada\"))"), ["Hi, Ada!"])
        XCTAssertEqual(type("print(greet(\"Bo\", punctuation: \"?\"))"), ["Hi, Bo?"])
        XCTAssertTrue(error("print(greet(\"a\", \"b\", \"c\"))").contains("`greet` takes 2 arguments"))
    }

    func testMethodsOfClassesAndStructsTakeTheirDefaults() {
        type("class Counter { var count = 0; func add(_ n: Int = 1) { count += n } }")
        type("let counter = Counter()")
        type("counter.add()")
        type("counter.add(5)")
        XCTAssertEqual(type("print(counter.count)"), ["6"])
        type("struct Tally { var n = 0; mutating func bump(by amount: Int = 1) { n += amount } }")
        type("var tally = Tally()")
        type("tally.bump()")
        type("tally.bump(by: 10)")
        XCTAssertEqual(type("print(tally.n)"), ["11"])
    }

    func testAParameterWithoutADefaultIsStillNeeded() {
        type("func scale(_ x: Int, by factor: Int = 2) -> Int { x * factor }")
        XCTAssertEqual(type("print(scale(4))"), ["8"])
        XCTAssertTrue(error("print(scale())").contains("`scale` takes 2 arguments"))
    }
}
