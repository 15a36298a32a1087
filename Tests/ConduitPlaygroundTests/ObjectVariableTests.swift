import XCTest

@testable import ConduitPlayground

/// Variables that hold a reference to an object and are set to another as the program runs, as a
/// linked list is walked (`var current: Node? = list; while let node = current { ...; current =
/// node.next }`), and names of playground commands used as Swift variables (`current = ...`).
final class ObjectVariableTests: SessionTestCase {
    private func declareList() {
        type("""
            class Node {
                var value: Int
                var next: Node?
                init(value: Int, next: Node? = nil) {
                    self.value = value
                    self.next = next
                }
            }
            """)
        type("let list = Node(value: 1, next: Node(value: 2, next: Node(value: 3)))")
    }

    func testWhileLetWalksALinkedList() {
        declareList()
        type("var current: Node? = list")
        XCTAssertEqual(valueLines("""
            while let node = current {
                print(node.value)
                current = node.next
            }
            """), ["1", "2", "3"])
        XCTAssertEqual(valueLines("print(current == nil)"), ["true"])
    }

    func testWhileLetInAFunctionsBody() {
        declareList()
        type("""
            func sum(_ start: Node?) -> Int {
                var total = 0
                var node = start
                while let n = node {
                    total += n.value
                    node = n.next
                }
                return total
            }
            """)
        XCTAssertEqual(valueLines("print(sum(list), sum(nil))"), ["6 0"])
    }

    func testACommandWordIsAVariableWhenAssigned() {
        type("var current = 1")
        type("current = 2")
        type("current += 3")
        XCTAssertEqual(valueLines("print(current)"), ["5"])
    }

    func testWhileLetWithATestStopsWhenEitherFails() {
        declareList()
        type("var current: Node? = list")
        let loop = "while let node = current, node.value < 3 { print(node.value); current = node.next }"
        XCTAssertEqual(valueLines(loop), ["1", "2"])
    }

    func testMistakesAreAnswered() {
        declareList()
        XCTAssertTrue(error("while let { print(1) }").contains("an optional binding names its value: write `let NAME"))
    }
}
