import XCTest

@testable import ConduitPlayground

/// Swift's mutating methods that give what they take out of an array (`popLast()`, `removeFirst()`,
/// `removeLast()`, `remove(at:)`), written where their result is used: the variable loses the element
/// and the expression is the element.
final class TakingCallTests: SessionTestCase {
    func testPopLastGivesTheLastElementThenNil() {
        type("var stack = [3, 1, 4]")
        XCTAssertEqual(printed("print(stack.popLast() as Any)"), ["Optional(4)"])
        XCTAssertEqual(printed("print(stack)"), ["[3, 1]"])
        type("var nothing: [Int] = []")
        XCTAssertEqual(printed("print(nothing.popLast() as Any)"), ["nil"])
    }

    func testWhileLetPopLastEmptiesTheStack() {
        type("var stack = [3, 1, 4]")
        XCTAssertEqual(printed("while let top = stack.popLast() { print(\"top\", top) }"),
            ["top 4", "top 1", "top 3"])
        XCTAssertEqual(printed("print(stack.isEmpty)"), ["true"])
    }

    func testAFunctionsOwnVariableIsTakenFrom() {
        type("func drain(_ xs: [Int]) -> [Int] { var stack = xs; var out: [Int] = []; "
            + "while let top = stack.popLast() { out.append(top * 10) }; return out }")
        XCTAssertEqual(printed("print(drain([1, 2, 3]))"), ["[30, 20, 10]"])
        type("func firstTwo(_ xs: [String]) -> String { var q = xs; let a = q.removeFirst(); "
            + "let b = q.removeFirst(); return a + b + \"\\(q.count)\" }")
        XCTAssertEqual(printed("print(firstTwo([\"x\", \"y\", \"z\"]))"), ["xy1"])
    }

    func testRemoveFirstLastAndAtGiveTheElement() {
        type("var q = [1, 2, 3, 4, 5]")
        XCTAssertEqual(printed("print(q.removeFirst())"), ["1"])
        XCTAssertEqual(printed("print(q.removeLast())"), ["5"])
        XCTAssertEqual(printed("print(q.remove(at: 1))"), ["3"])
        XCTAssertEqual(printed("print(q)"), ["[2, 4]"])
        type("let taken = q.removeFirst()")
        XCTAssertEqual(printed("print(taken, q)"), ["2 [4]"])
    }

    func testPopLastOnALineOfItsOwnAndOnALet() {
        type("var stack = [1, 2]")
        type("stack.popLast()")
        XCTAssertEqual(printed("print(stack)"), ["[1]"])
        type("let fixed = [1, 2]")
        XCTAssertTrue(error("print(fixed.popLast() as Any)").contains("mutating"))
    }

    func testRemovingFromAnEmptyArraySaysSo() {
        type("var none: [Int] = []")
        XCTAssertTrue(error("print(none.removeFirst())").contains("empty"))
    }
}
