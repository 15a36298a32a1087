import XCTest

@testable import ConduitPlayground

/// An instance of a class that conforms to `CustomStringConvertible` prints as its `description` gives it, as
/// Swift prints it: by `print`, interpolation, `String(describing:)`, and inside arrays, dictionaries and
/// optionals; a subclass inherits it; a class that does not conform keeps the playground's own text
/// (Objects/CustomDescription.swift).
final class ClassDescriptionTests: SessionTestCase {
    override func setUp() {
        super.setUp()
        type("class Person: CustomStringConvertible { let name: String; let age: Int; "
            + "init(name: String, age: Int) { self.name = name; self.age = age }; "
            + "var description: String { \"\\(name) (\\(age))\" } }")
        type("let ann = Person(name: \"Ann\", age: 3)")
    }

    func testPrintAndInterpolationUseTheDescription() {
        type("class Box: CustomStringConvertible { var description: String { \"box\" } }")
        XCTAssertEqual(valueLines("print(Box())"), ["box"])
        XCTAssertEqual(valueLines("print(ann)"), ["Ann (3)"])
        XCTAssertEqual(valueLines("print(\"hi \\(ann)\")"), ["hi Ann (3)"])
        XCTAssertEqual(valueLines("print(String(describing: ann))"), ["Ann (3)"])
    }

    func testContainersAndOptionalsShowEachDescription() {
        XCTAssertEqual(valueLines("print([ann, Person(name: \"Bo\", age: 4)])"), ["[Ann (3), Bo (4)]"])
        XCTAssertEqual(valueLines("print([\"k\": ann])"), ["[\"k\": Ann (3)]"])
        type("func show(_ x: Person?) { print(x as Any) }")
        XCTAssertEqual(valueLines("show(ann)"), ["Optional(Ann (3))"])
        type("let people: [Person?] = [ann, nil]")
        XCTAssertEqual(valueLines("print(people)"), ["[Optional(Ann (3)), nil]"])
    }

    func testTheDescriptionFollowsTheObjectsProperties() {
        type("class Counter: CustomStringConvertible { var n = 0; var description: String { \"n=\\(n)\" } }")
        type("let c = Counter()")
        type("c.n = 5")
        XCTAssertEqual(valueLines("print(c)"), ["n=5"])
    }

    func testASubclassInheritsTheDescription() {
        type("class Student: Person {}")
        XCTAssertEqual(valueLines("print(Student(name: \"Cy\", age: 9))"), ["Cy (9)"])
    }

    func testAClassThatDoesNotConformKeepsItsOwnText() {
        type("class Plain { var description: String { \"plain\" } }")
        type("let plain = Plain()")
        XCTAssertEqual(valueLines("print(plain)"), ["Plain(plain)"])
    }
}
