import XCTest

@testable import ConduitPlayground

/// A bare `.b` takes the enumeration its place declares, as Swift types an implicit member by its
/// context: a parameter, a property, a variable, a subject's Output, a collection's elements, a
/// closure's declared result. Each test checks the value is the case (its type, a cast, a catch),
/// not the text "b" the playground reads `.b` as until it knows the type.
final class ImpliedMemberTests: SessionTestCase {
    override func setUp() {
        super.setUp()
        type("enum E: Error { case a, b, c }")
    }

    func testAFunctionsArgumentIsTheCaseAndIsCaughtAsIt() {
        type("func f(_ e: E) throws { throw e }")
        XCTAssertEqual(
            printed("do { try f(.b) } catch let e as E { print(\"E\", e) } catch { print(\"other\", error) }"),
            ["E b"])
        type("func g(label e: E, n: Int) -> String { \"\\(type(of: e)) \\(e) \\(n)\" }")
        XCTAssertEqual(printed("print(g(label: .c, n: 2))"), ["E c 2"])
    }

    func testADefaultParameterValueIsTheCase() {
        type("func run(_ e: E = .c) { print(type(of: e), e is E, e) }")
        XCTAssertEqual(printed("run()"), ["E true c"])
        XCTAssertEqual(printed("run(.a)"), ["E true a"])
    }

    func testAStructsMemberwiseInitialiserMethodAndDefaultTakeTheCase() {
        type("struct Machine { var state: E; var spare: E = .c; "
            + "func describe(_ s: E) -> String { \"\\(type(of: s)).\\(s)\" }; "
            + "mutating func move(to s: E) { state = s } }")
        type("var m = Machine(state: .a)")
        XCTAssertEqual(printed("print(m.state, type(of: m.state), type(of: m.spare))"), ["a E E"])
        XCTAssertEqual(printed("print(m.describe(.b))"), ["E.b"])
        type("m.move(to: .c)")
        XCTAssertEqual(printed("print(type(of: m.state), m.state)"), ["E c"])
    }

    func testAClassInitialiserMethodAndPropertyTakeTheCase() {
        type("class Box { var s: E; init(s: E) { self.s = s }; func set(_ s: E) { self.s = s } }")
        type("let box = Box(s: .b)")
        XCTAssertEqual(printed("print(box.s, type(of: box.s))"), ["b E"])
        type("box.set(.c)")
        XCTAssertEqual(printed("print(box.s, type(of: box.s))"), ["c E"])
        type("box.s = .a")
        XCTAssertEqual(printed("print(box.s, type(of: box.s))"), ["a E"])
    }

    func testAssigningToATypedVariableAndFieldKeepsTheEnumeration() {
        type("var state: E = .a")
        XCTAssertTrue(error("state = \"b\"").contains("cannot assign value of type 'String' to type 'E'"),
            "a text is no case, though `.b` is read as the same text")
        type("state = .b")
        XCTAssertEqual(printed("print(state, type(of: state), state == .b, state != .c)"), ["b E true true"])
        type("struct S { var e: E = .a }")
        type("var s = S()")
        type("s.e = .c")
        XCTAssertEqual(printed("print(s.e, type(of: s.e))"), ["c E"])
    }

    func testAClosureDeclaredToReturnTheEnumerationGivesTheCase() {
        type("let make: () -> E = { return .c }")
        XCTAssertEqual(printed("print(make(), type(of: make()))"), ["c E"])
    }

    func testTypedAndInferredCollectionLiteralsHoldTheCases() {
        type("let d: [String: E] = [\"one\": .a, \"two\": .c]")
        XCTAssertEqual(printed("print(type(of: d[\"two\"]!))"), ["E"])
        type("let ys = [E.a, .b]")
        XCTAssertEqual(printed("print(ys, type(of: ys[1]))"), ["[E.a, E.b] E"])
    }

    func testSendingABareCaseToASubjectOfTheEnumerationSendsTheCase() {
        type("let s = PassthroughSubject<E, Never>()")
        type("let kept = s.sink { print(\"got\", $0, type(of: $0)) }")
        XCTAssertEqual(printed("s.send(.b)"), ["got b E"])
        type("let cv = CurrentValueSubject<E, Never>(.a)")
        XCTAssertEqual(printed("print(type(of: cv.value))"), ["E"])
        type("let kept2 = cv.sink { print(\"cv\", $0, type(of: $0)) }")
        XCTAssertEqual(printed("cv.send(.c)"), ["cv c E"])
        XCTAssertEqual(printed("cv.value = .a"), ["cv a E"])
    }
}

/// `.init(...)` where a declared type says which type's initialiser it is.
final class ImpliedInitialiserTests: SessionTestCase {
    func testABareInitMakesTheTypeDeclaredForTheName() {
        type("struct Point { var x: Int; var y: Int }")
        type("let p: Point = .init(x: 1, y: 2)")
        XCTAssertEqual(printed("print(p, type(of: p))"), ["Point(x: 1, y: 2) Point"])
    }
}
