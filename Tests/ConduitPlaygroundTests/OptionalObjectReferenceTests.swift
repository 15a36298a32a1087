import XCTest

@testable import ConduitPlayground

/// A name declared optional that refers to an object (`let o: Plain? = p`) prints as Swift prints an optional,
/// `Optional(...)` around the object's text (Interpreter+Objects.swift, `defineReference`).
final class OptionalObjectReferenceTests: SessionTestCase {
    func testAnOptionalReferencePrintsAsAnOptional() {
        type("class Person: CustomStringConvertible { var name = \"Ann\"; var description: String { name } }")
        type("let ann = Person()")
        type("let maybe: Person? = ann")
        XCTAssertEqual(valueLines("print(maybe as Any)"), ["Optional(Ann)"])
        XCTAssertEqual(valueLines("print(String(describing: maybe))"), ["Optional(Ann)"])
        XCTAssertEqual(valueLines("print(maybe?.name ?? \"-\")"), ["Ann"])
        type("var other: Person? = ann")
        XCTAssertEqual(valueLines("print(other as Any)"), ["Optional(Ann)"])
        type("other = nil")
        XCTAssertEqual(valueLines("print(other as Any)"), ["nil"])
    }
}
