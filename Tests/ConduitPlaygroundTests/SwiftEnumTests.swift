import XCTest

@testable import ConduitPlayground

/// Enumerations as slides write them (issue 28): plain cases, raw values, cases that carry values,
/// `switch` over them, and an `Error` enumeration used as a failure.
final class SwiftEnumTests: SessionTestCase {
    func testPlainCasesPrintAsSwiftAndEqualTheirShorthand() {
        XCTAssertFalse(session.evaluate("enum Direction { case up, down }").contains { $0.kind == .error })
        XCTAssertEqual(printed("let d = Direction.up; print(d, d == .up, d == Direction.down)"), ["up true false"])
        XCTAssertTrue(type("let e = Direction.down").joined().contains("Direction"), "the name says its type")
    }

    func testRawValuesGivenAndImplicit() {
        type("enum Suit: String { case hearts = \"♥\", spades }")
        XCTAssertEqual(printed("print(Suit.hearts.rawValue, Suit.spades.rawValue)"), ["♥ spades"])
        XCTAssertEqual(printed("print(Suit(rawValue: \"♥\") == .hearts, Suit(rawValue: \"x\") == nil)"), ["true true"])
        type("enum Rank: Int { case two = 2, three, four }")
        XCTAssertEqual(printed("print(Rank.four.rawValue)"), ["4"])
    }

    func testASwitchOverCasesThatCarryValues() {
        type("enum Load { case idle; case loaded(Int); case pair(Int, String) }")
        type("let s = PassthroughSubject<Load, Never>()")
        type("let kept1 = s.sink { v in switch v { case .loaded(let n): print(\"loaded\", n); "
            + "case .pair(_, let name): print(\"pair\", name); case .idle: print(\"idle\") } }")
        XCTAssertEqual(printed("s.send(Load.loaded(5))"), ["loaded 5"])
        XCTAssertEqual(printed("s.send(.idle)"), ["idle"])
        XCTAssertEqual(printed("s.send(Load.pair(1, \"x\"))"), ["pair x"])
        XCTAssertEqual(printed("print(Load.loaded(7))"), ["loaded(7)"])
    }

    func testAPatternNamesSeveralValues() {
        type("enum Move { case to(Int, Int, String) }")
        type("let moves = PassthroughSubject<Move, Never>()")
        type("let kept2 = moves.sink { switch $0 { case .to(let x, _, let label): print(label, x) } }")
        XCTAssertEqual(printed("moves.send(Move.to(3, 4, \"go\"))"), ["go 3"])
        // `if case` names each value too, as Swift's does.
        type("let kept3 = moves.sink { if case .to(let x, let y, _) = $0 { print(\"if\", x, y) } }")
        XCTAssertEqual(printed("moves.send(Move.to(5, 6, \"on\"))"), ["on 5", "if 5 6"])
    }

    func testAnErrorEnumerationAsAFailure() {
        type("enum NetworkError: Error { case offline }")
        type("let t = PassthroughSubject<Int, Error>()")
        type("let kept4 = t.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })")
        XCTAssertEqual(printed("t.send(completion: .failure(NetworkError.offline))"),
            ["failure(NetworkError.offline)", "kept4 ✗ failed: NetworkError.offline"])
        type("let u = PassthroughSubject<Int, Error>()")
        type("let kept5 = u.tryMap { _ -> Int in throw NetworkError.offline }.sink { print($0) }")
        XCTAssertEqual(printed("u.send(1)"), ["kept5 ✗ failed: NetworkError.offline"])
    }

    func testMistakesSayWhatWouldWork() {
        type("enum Direction { case up, down }")
        XCTAssertTrue(error("print(Direction.left)").contains("`Direction` has no case `left`"))
        type("enum Load { case loaded(Int) }")
        XCTAssertTrue(error("print(Load.loaded)").contains("carries 1 value"))
        XCTAssertTrue(error("print(Load.loaded(1, 2))").contains("carries 1 value, not 2"))
        XCTAssertTrue(error("enum Empty2 { }").contains("has no cases"))
        XCTAssertTrue(error("enum A { case a = 1 }").contains("needs the enum's raw type"))
        XCTAssertTrue(error("enum B { case b; init() {} }").contains("holds cases"))
        // Declared again, as in Swift's REPL, the new one serves from then on.
        type("enum Direction { case x }")
        XCTAssertEqual(printed("print(Direction.x)"), ["x"])
        type("class Box { var n = 0 }")
        XCTAssertTrue(type("enum Box { case x }").contains(
            "Box is declared again: the new declaration serves from now on"),
            "a type declared again replaces the old one, as in Swift's REPL")
    }

    func testACaseWithValuesMayLeaveOutItsTypeWhenOneEnumerationHasIt() {
        type("enum Shape { case circle(radius: Double); case square(side: Double) }")
        type("func area(_ s: Shape) -> Double { switch s { case .circle(let r): return 3 * r * r; "
            + "case .square(let side): return side * side } }")
        XCTAssertEqual(
            values("print(area(.square(side: 2)), [.circle(radius: 1), .square(side: 3)].count)"), ["4.0 2"])
        type("enum Other { case circle(Int) }")
        let message = error("print(area(.circle(radius: 1)))")
        XCTAssertTrue(message.contains("cannot infer which enumeration `.circle` is: `Other`, `Shape`"), message)
        XCTAssertTrue(error("print(.hexagon(1))").contains("no enumeration declared here has a case `hexagon`"))
    }

    func testAnEnumIsReadBySwiftsParserAndItsSyntaxErrorsAreSwiftsWords() {
        let message = error("enum Bad { case a b }")
        XCTAssertTrue(message.contains("error: unexpected code 'b' in enum"), message)
        XCTAssertTrue(message.contains("`enum Direction { case up, down }`"), "and what would be right: \(message)")
        XCTAssertTrue(error("enum Gen<T> { case a }").contains("not generic"))
        XCTAssertTrue(error("enum Twice { case a, a }").contains("`a` is declared twice"))
        type("enum Level: Int { case low = -2, middle, high }")
        XCTAssertEqual(printed("print(Level.low.rawValue, Level.high.rawValue)"), ["-2 0"])
        // A playground comment inside a declaration written over lines is not Swift's: it is left out.
        let lines = ["enum Light {", "    case red    # stop", "    case green  // go", "}"]
        var reader = StatementReader(mode: .lookahead)
        let statements = lines.flatMap { reader.read($0) } + reader.release()
        XCTAssertEqual(statements.count, 1)
        XCTAssertFalse(session.evaluate(statements[0].text).contains { $0.kind == .error })
        XCTAssertEqual(printed("print(Light.green)"), ["green"])
    }

    func testSwiftsResultIsAnEnumerationEverySessionHas() {
        type("enum ValidationError: Error { case tooShort }")
        type("let result: Result<Int, ValidationError> = .success(3)")
        XCTAssertEqual(printed("print(result)"), ["success(3)"])
        let switched = "switch result { case .success(let v): print(\"ok\", v) case .failure(let e): print(e) }"
        XCTAssertEqual(printed(switched), ["ok 3"])
        type("let failed = Result<Int, ValidationError>.failure(.tooShort)")
        XCTAssertEqual(printed("if case .failure(let e) = failed { print(\"err\", e) }"), ["err tooShort"])
        // An enumeration declared with the same case comes first for a case written without its type.
        type("enum Outcome { case success, failure }")
        XCTAssertEqual(printed("let o: Outcome = .success; print(o == Outcome.success)"), ["true"])
    }

    func testAnEnumsMethodsAndComputedPropertiesRunOnTheCasesValue() {
        type("""
            enum Light {
                case red, yellow, green
                var canGo: Bool { self == .green }
                var label: String {
                    switch self {
                    case .red: return "stop"
                    case .yellow: return "slow"
                    case .green: return "go"
                    }
                }
                func next() -> Light {
                    switch self { case .red: return .green; case .green: return .yellow; case .yellow: return .red }
                }
                mutating func advance() { self = next() }
            }
            """)
        type("var light = Light.red")
        XCTAssertEqual(printed("print(light.label, light.canGo, light.next())"), ["stop false green"])
        type("light.advance()")
        XCTAssertEqual(printed("print(light, light.label, light == .green)"), ["green go true"],
            "a mutating method changes the variable; `.green` in the enum's methods is its case")
        type("enum Shape { case circle(radius: Double); var area: Double { switch self { "
            + "case .circle(let r): return 3.0 * r * r } } }")
        XCTAssertEqual(printed("print(Shape.circle(radius: 2).area)"), ["12.0"])
        XCTAssertTrue(error("enum Level { case low; var n = 1 }").contains("an enum holds cases, methods and computed"))
    }
}
