import XCTest

@testable import ConduitPlayground

/// Tuples as Swift code declares them: labels a function's return type gives (`-> (min: Int, max: Int)?`,
/// read as `bounds.min`), several names from one tuple (`let (code, message) = response`), and
/// `typealias`, accepted for the types pasted code names.
final class SwiftTupleDeclarationTests: SessionTestCase {
    func testAReturnedTupleTakesTheLabelsOfTheReturnType() {
        type("func minMax(array: [Int]) -> (min: Int, max: Int)? { if array.isEmpty { return nil }; "
            + "return (array.min()!, array.max()!) }")
        XCTAssertEqual(printed("if let bounds = minMax(array: [8, -6, 109]) { print(bounds.min, bounds.max) }"),
            ["-6 109"])
        XCTAssertEqual(printed("print(minMax(array: [2, 1])!.1)"), ["2"], "the positions still read")
        XCTAssertEqual(printed("print(minMax(array: [2, 1])!)"), ["(min: 1, max: 2)"])
        XCTAssertEqual(printed("print(minMax(array: []) == nil)"), ["true"])
    }

    func testSeveralNamesFromOneTuple() {
        XCTAssertEqual(type("let (a, b) = (1, \"x\")"), ["a: Int = 1", "b: String = \"x\""])
        type("let http404Error = (404, \"Not Found\")")
        XCTAssertEqual(type("var (code, _) = http404Error"), ["code: Int = 404"])
        type("code += 1")
        XCTAssertEqual(printed("print(code, a, b)"), ["405 1 x"])
    }

    func testSeveralNamesFromOneTupleInAFunctionsBody() {
        type("func minMax(_ xs: [Int]) -> (Int, Int) { return (xs.min()!, xs.max()!) }")
        type("func describe(_ xs: [Int]) -> String { let (low, high) = minMax(xs); var (a, _, b) = (1, 0, 2); "
            + "a += low; b += high; return \"\\(low)...\\(high) \\(a) \\(b)\" }")
        XCTAssertEqual(printed("print(describe([3, 9, 1]))"), ["1...9 2 11"])
        type("func swapped(_ p: (Int, String)) -> (String, Int) { let (n, s) = p; return (s, n) }")
        XCTAssertEqual(printed("print(swapped((1, \"a\")))"), ["(\"a\", 1)"])
    }

    func testSeveralNamesFromOneTupleInAClosuresBody() {
        type("let pairs = [(1, \"one\"), (2, \"two\")]")
        type("let names = pairs.map { pair -> String in let (n, name) = pair; return \"\\(name)=\\(n)\" }")
        XCTAssertEqual(printed("print(names)"), ["[\"one=1\", \"two=2\"]"])
        XCTAssertEqual(printed("for p in pairs { let (n, _) = p; print(n) }"), ["1", "2"], "a block may end with one")
    }

    func testATupleStepWithoutNamesIsRefused() {
        let message = error("func f() -> Int { let (x) = (1, 2); return x }")
        XCTAssertTrue(message.contains("names (or `_`) between parentheses"), message)
    }

    func testATypeAliasIsAcceptedForTheTypesPastedCodeNames() {
        XCTAssertEqual(type("typealias Handler = (Int) -> Void"), ["typealias Handler = (Int) -> Void"])
        XCTAssertEqual(type("typealias Pair = (Int, Int)"), ["typealias Pair = (Int, Int)"])
        XCTAssertEqual(printed("let p: Pair = (1, 2); print(p.0 + p.1)"), ["3"])
    }

    func testWrongTupleDeclarationsAreRefusedAndChangeNothing() {
        // Refused before the value is made, in swiftc's words (TuplePatternCheckTests has more).
        XCTAssertTrue(error("let (x, y) = 5").contains("cannot convert value of type 'Int' to specified type '(_, _)'"))
        XCTAssertTrue(error("let (x, y) = (1, 2, 3)").contains("tuples have a different number of elements"))
        XCTAssertTrue(error("print(x)").contains("cannot find `x`"))
        XCTAssertTrue(error("let (x) = 1").contains("names (or `_`) between parentheses"))
        XCTAssertTrue(error("let (x, 3) = (1, 2)").contains("expected pattern in tuple pattern (fix-it: insert"))
        XCTAssertTrue(error("typealias = 3").contains("`typealias` needs a name"))
        XCTAssertTrue(error("typealias X = ;").contains("needs a type"))
    }
}
