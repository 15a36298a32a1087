import XCTest
@testable import ConduitPlayground

/// Structs with methods, as slides write them: a method reads the value, a `mutating` one changes
/// the variable it is called on (and nothing else: a copy keeps its own value), and Swift's rules
/// about `let` and `self` are kept, in Swift's words.
final class StructMethodTests: SessionTestCase {
    override func setUp() {
        super.setUp()
        type("""
            struct Stack {
                var items: [Int] = []
                mutating func push(_ x: Int) { items.append(x) }
                mutating func pushTwice(_ x: Int) { push(x); push(x) }
                func peek() -> Int? { return items.last }
                func describe() -> String { return "Stack of \\(items.count)" }
            }
            """)
    }

    func testAMutatingMethodChangesTheVariableAndACopyKeepsItsValue() {
        type("var st = Stack()")
        type("st.push(3)")
        type("let before = st")
        type("st.pushTwice(4)")
        XCTAssertEqual(values("print(st.items, before.items)"), ["[3, 4, 4] [3]"])
        XCTAssertEqual(values("print(st.peek() ?? -1, st.describe())"), ["4 Stack of 3"])
    }

    func testMethodsOnABodysVariable() {
        type("func build() -> [Int] { var s = Stack(); for i in 1...3 { s.push(i * 10) }; print(s.describe()); "
            + "return s.items }")
        XCTAssertEqual(values("print(build())"), ["Stack of 3", "[10, 20, 30]"])
    }

    func testAMethodMakesAValueOfItsOwnType() {
        type("struct Point { var x: Int; var y: Int; "
            + "func moved(by d: Int) -> Point { return Point(x: x + d, y: y + d) }; "
            + "mutating func shift() { x += 1; self.y += 2 } }")
        type("var p = Point(x: 1, y: 1)")
        type("p.shift()")
        XCTAssertEqual(values("print(p, p.moved(by: 5))"), ["Point(x: 2, y: 3) Point(x: 7, y: 8)"])
    }

    func testSwiftsRulesAboutLetAndSelf() {
        let immutable = error("struct Counter { var n = 0; func bump() { n += 1 } }")
        XCTAssertTrue(immutable.contains("cannot assign to property: 'self' is immutable"), immutable)
        type("let fixed = Stack()")
        let constant = error("fixed.push(1)")
        XCTAssertTrue(constant.contains("cannot use mutating member on immutable value: 'fixed' is a 'let' constant"),
            constant)
        XCTAssertEqual(values("print(fixed.items)"), ["[]"], "nothing ran")
        XCTAssertTrue(error("struct S { var a = 1; init(a: Int) { self.a = a } }").contains("a struct's `init`"))
    }

    func testAComputedPropertyIsReadFromTheValueAndADoubleFieldTakesAnInteger() {
        type("struct Temperature {\n    var celsius: Double\n    var fahrenheit: Double { celsius * 9 / 5 + 32 }\n}")
        type("var t = Temperature(celsius: 37)")
        XCTAssertEqual(session.evaluate("print(t.fahrenheit, t)").map(\.text), ["98.6 Temperature(celsius: 37.0)"],
            "read from the field, as Swift's Double arithmetic gives it; no field of its own")
        type("t.celsius = 100")
        XCTAssertEqual(session.evaluate("print(t.fahrenheit)").map(\.text), ["212.0"])
        XCTAssertTrue(error("struct Box { var n = 1; var m: Int { get { n } set { n = newValue } } }")
            .contains("a struct's computed property is read here, not set"))
    }
}
