import XCTest

@testable import ConduitPlayground

/// An optional holding a value whose type declares `description` prints as Swift prints it: `Optional(item 3)`,
/// wherever its static type says it is optional: a function's parameter, `String(describing:)`, interpolation,
/// and an array of optionals (Interpreter+OptionalText.swift, Value+StaticTypeDescription.swift).
final class OptionalDescriptionTests: SessionTestCase {
    override func setUp() {
        super.setUp()
        type("struct Item: CustomStringConvertible { let n: Int; var description: String { \"item \\(n)\" } }")
    }

    func testAFunctionsOptionalParameterPrintsAsAnOptional() {
        type("func show(_ x: Item?) { print(x as Any) }")
        XCTAssertEqual(valueLines("show(Item(n: 7))"), ["Optional(item 7)"])
        XCTAssertEqual(valueLines("show(nil)"), ["nil"])
        type("func count(_ x: Int?) { [1].forEach { print($0) }; print(x as Any) }")
        XCTAssertEqual(valueLines("count(3)"), ["1", "Optional(3)"], "a closure's `$0` inside is its own")
    }

    func testStringDescribingAndInterpolationWrapTheDescription() {
        type("let opt: Item? = Item(n: 4)")
        XCTAssertEqual(valueLines("print(String(describing: opt))"), ["Optional(item 4)"])
        XCTAssertEqual(valueLines("print(\"\\(opt as Any)\")"), ["Optional(item 4)"])
        XCTAssertEqual(valueLines("print(\"v: \\(opt)\")"), ["v: Optional(item 4)"])
        type("let none: Item? = nil")
        XCTAssertEqual(valueLines("print(String(describing: none))"), ["nil"])
    }

    func testAnArrayOfOptionalsShowsEachDescription() {
        type("let items: [Item?] = [Item(n: 1), nil]")
        XCTAssertEqual(valueLines("print(items)"), ["[Optional(item 1), nil]"])
        XCTAssertEqual(valueLines("print(\"\\(items)\")"), ["[Optional(item 1), nil]"])
    }

    func testAClosureDeclaringAnOptionalResultSendsOptionals() {
        type("let p = [3].publisher.map { n -> Item? in Item(n: n) }")
        XCTAssertEqual(valueLines("let c = p.sink { value in print(value as Any) }"), ["Optional(item 3)"])
        let rows = type("types [3].publisher.map { n -> Int? in n }")
            .map { $0.split(separator: " ").joined(separator: " ") }
        XCTAssertTrue(rows.contains(".map { n -> Int? in n } Publishers.Sequence Int? Never"), "\(rows)")
    }
}
