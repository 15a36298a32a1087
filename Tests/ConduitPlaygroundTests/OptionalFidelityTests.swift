import XCTest

@testable import ConduitPlayground

/// Optionals read as swiftc reads them: a method called through an optional chain (`words.last?.uppercased()`),
/// an optional printed through `Any` or from a function's local, and an optional closure variable set to nil.
final class OptionalFidelityTests: SessionTestCase {
    func testAMethodCalledThroughAnOptionalChainIsAcceptedAndNilStaysNil() {
        type("let words = [\"a\", \"bee\"]")
        type("let empty: [String] = []")
        XCTAssertEqual(valueLines("print(words.last?.uppercased() ?? \"\")"), ["BEE"])
        XCTAssertEqual(valueLines("print(empty.first?.uppercased() ?? \"none\")"), ["none"])
        XCTAssertEqual(valueLines("print(words.last?.uppercased() as Any)"), ["Optional(\"BEE\")"])
        XCTAssertEqual(valueLines("print(empty.last?.uppercased() as Any)"), ["nil"])
        type("let name: String? = \"zed\"")
        XCTAssertEqual(valueLines("print(name?.hasPrefix(\"z\") ?? false)"), ["true"])
    }

    func testAMemberTheWrappedTypeLacksOrAnUnwrappedOptionalIsStillRefused() {
        type("let words = [\"a\", \"bee\"]")
        let lacking = error("print(words.last?.nope() ?? \"\")")
        XCTAssertTrue(lacking.contains("value of type 'String' has no member 'nope'"), lacking)
        let message = error("print(words.last.uppercased())")
        XCTAssertTrue(message.contains("value of optional type 'String?' must be unwrapped to refer to member "
            + "'uppercased' of wrapped base type 'String'"), message)
        XCTAssertTrue(message.contains("chain it with `?.uppercased`"), message)
    }

    func testAnOptionalPrintsAsOptionalThroughAnyAndFromAFunctionsLocal() {
        type("let opt: String? = \"ann\"")
        type("let none: Int? = nil")
        XCTAssertEqual(valueLines("print(opt as Any)"), ["Optional(\"ann\")"])
        XCTAssertEqual(valueLines("print(none as Any)"), ["nil"])
        type("let any: Any = opt as Any")
        XCTAssertEqual(valueLines("print(any)"), ["Optional(\"ann\")"])
        type("func show() {\n    var count: Int? = 2\n    print(count)\n    count = nil\n    print(count)\n"
            + "    let label: String? = \"x\"\n    print(label as Any, label ?? \"-\")\n}")
        XCTAssertEqual(valueLines("show()"), ["Optional(2)", "nil", "Optional(\"x\") x"])
    }

    func testAnOptionalClosureVariableIsCalledUnlessNilAndCanBeSetToNil() {
        type("var handler: ((Int) -> Void)? = { print(\"got \\($0)\") }")
        XCTAssertEqual(valueLines("handler?(1)"), ["got 1"])
        XCTAssertEqual(valueLines("print(handler == nil)"), ["false"])
        type("handler = nil")
        XCTAssertEqual(valueLines("handler?(2)"), [])
        XCTAssertEqual(valueLines("print(handler == nil)"), ["true"])
        type("handler = { print(\"now \\($0)\") }")
        XCTAssertEqual(valueLines("handler?(3)"), ["now 3"])
        type("let fixed: (() -> Void)? = { print(\"fixed\") }")
        XCTAssertTrue(error("fixed = nil").contains("`fixed` is a `let` constant"))
        XCTAssertEqual(valueLines("fixed?()"), ["fixed"])
    }

    func testAnOptionalObjectsPropertyIsSetAndItsClosureCalledUnlessNil() {
        type("class Box {\n    var value = 1\n    var onChange: ((Int) -> Void)? = { print(\"changed \\($0)\") }\n"
            + "    func hi() { print(\"hi\") }\n}")
        type("var box: Box? = Box()")
        type("box?.value = 10")
        XCTAssertEqual(valueLines("print(box?.value ?? 0)"), ["10"])
        XCTAssertEqual(valueLines("box?.onChange?(5)"), ["changed 5"])
        type("box = nil")
        XCTAssertEqual(valueLines("box?.value = 3"), [])
        XCTAssertEqual(valueLines("box?.onChange?(6)"), [])
        XCTAssertEqual(valueLines("box?.hi()"), [])
        XCTAssertEqual(valueLines("print(box?.value as Any)"), ["nil"])
    }

    func testOptionalsMadeByNameAndByItsNoneCase() {
        type("let maybe = Optional(5)")
        XCTAssertEqual(valueLines("print(maybe as Any)"), ["Optional(5)"])
        XCTAssertEqual(valueLines("print(Optional(\"a\"))"), ["Optional(\"a\")"])
        type("let gone: Int? = .none")
        XCTAssertEqual(valueLines("print(gone == nil, maybe == 5)"), ["true true"])
        XCTAssertTrue(error("let wrong: Int? = \"none\"").contains("cannot convert value of type 'String'"))
    }

    func testAnOptionalClosurePropertyComparesWithNilAsItIsSetAndEmptied() {
        type("class Model {\n    var onDone: (() -> Void)?\n"
            + "    var onValue: ((Int) -> Void)? = { print(\"value \\($0)\") }\n    func finish() { onDone?() }\n}")
        type("let m = Model()")
        XCTAssertEqual(valueLines("print(m.onDone == nil, m.onValue == nil)"), ["true false"])
        type("m.onDone = { print(\"done\") }")
        XCTAssertEqual(valueLines("print(m.onDone == nil)"), ["false"])
        XCTAssertEqual(valueLines("m.finish()"), ["done"])
        type("m.onValue = nil")
        XCTAssertEqual(valueLines("m.onValue?(4)"), [])
        XCTAssertEqual(valueLines("print(m.onValue == nil)"), ["true"])
    }

    func testTheRestOfAChainAfterAMemberIsCalledOnTheValueAndTheChainIsOptional() {
        type("struct Item { var name: String }")
        type("let items = [Item(name: \"a\")]")
        type("let none: [Item] = []")
        XCTAssertEqual(valueLines("print(items.first?.name.uppercased() ?? \"\")"), ["A"])
        XCTAssertEqual(valueLines("print(none.first?.name.uppercased() ?? \"-\")"), ["-"])
        XCTAssertEqual(valueLines("print(items.first?.name as Any)"), ["Optional(\"a\")"])
        type("let words = [\"hi\"]")
        XCTAssertEqual(valueLines("print(words.first?.first as Any)"), ["Optional(\"h\")"])
    }

    func testANameBoundFromAnOptionalWrittenWithItsTypeIsTheWrappedValue() {
        // `Optional<Int>.some(9)` is written with its optional type; what `if let`, `guard let` and `.some(let)`
        // bind is its wrapped value, printed as such.
        XCTAssertEqual(valueLines("if let v = Optional<Int>.some(9) { print(\"a\", v) }"), ["a 9"])
        XCTAssertEqual(valueLines("if case .some(let v) = Optional<Int>.some(9) { print(\"b\", v) }"), ["b 9"])
        type("func f() {\n    guard let w = Optional<String>.some(\"x\") else { return }\n    print(\"c\", w)\n"
            + "    let t: Int? = 4\n    print(t as Any)\n}")
        XCTAssertEqual(valueLines("f()"), ["c x", "Optional(4)"])
    }
}
