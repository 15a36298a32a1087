import XCTest

@testable import ConduitPlayground

/// A class's instance is a reference, as in Swift: a second name, an array element or a function's
/// parameter reach the same object.
final class ObjectReferenceTests: SessionTestCase {
    func testASecondNameAndAParameterChangeTheSameObject() {
        type("class Node { var value = 1 }")
        type("let a = Node()")
        type("let b = a")
        type("b.value = 5")
        XCTAssertEqual(printed("print(a.value)"), ["5"])
        type("func bump(_ n: Node) { n.value += 1 }")
        type("bump(a)")
        XCTAssertEqual(printed("print(a.value, b.value)"), ["6 6"])
        XCTAssertEqual(printed("print([a, Node()].count)"), ["2"])
    }

    func testAStructParameterCannotBeChangedAndSaysSo() {
        type("struct Point { var x = 1 }")
        type("func move(_ p: Point) { p.x = 5 }")
        let message = error("move(Point())")
        XCTAssertTrue(message.contains("is a value, which a closure cannot change"), message)
    }
}
