import XCTest

@testable import ConduitPlayground

/// The patterns of `switch` and `if case` as workshop slides write them: one-sided ranges
/// (`case ..<0:`, `case 10...:`), tuples (`case (0, 0):`, `case (let x, 0):`), `let (x, y)` with a
/// `where`, each printing what swiftc's build prints; mistakes answered with one message.
final class SwitchPatternTests: SessionTestCase {
    func testOneSidedRangesMatchWhatTheyContain() {
        type("""
            func classify(_ n: Int) -> String {
                switch n {
                case ..<0: return "negative"
                case 0: return "zero"
                case 1...9: return "small"
                case ...99: return "medium"
                case 1000..., 500: return "huge or 500"
                default: return "large"
                }
            }
            """)
        XCTAssertEqual(valueLines("print([-5, 0, 3, 42, 1500, 500, 700].map(classify))"),
            [#"["negative", "zero", "small", "medium", "huge or 500", "huge or 500", "large"]"#])
        XCTAssertEqual(
            valueLines("switch 85 { case 90...: print(\"A\") case 80..<90: print(\"B\") default: print(\"C\") }"),
            ["B"])
    }

    func testTuplePatternsTestEachElementAndNameTheirValues() {
        type("""
            func locate(_ p: (Int, Int)) -> String {
                switch p {
                case (0, 0): return "origin"
                case (let x, 0): return "x axis at \\(x)"
                case (0, let y): return "y axis at \\(y)"
                case let (x, y) where x == -y: return "diagonal \\(x), \\(y)"
                case (1...5, _): return "near"
                default: return "far"
                }
            }
            """)
        XCTAssertEqual(valueLines("print([(0, 0), (3, 0), (0, 4), (1, -1), (3, 9), (7, 8)].map(locate))"),
            [#"["origin", "x axis at 3", "y axis at 4", "diagonal 1, -1", "near", "far"]"#])
        type("let point = (1, -1)")
        XCTAssertEqual(valueLines("""
            switch point {
            case (0, 0): print("origin")
            case (_, 0): print("on x axis")
            case let (x, y) where x == -y: print("on diagonal \\(x), \\(y)")
            default: print("elsewhere")
            }
            """), ["on diagonal 1, -1"])
        XCTAssertEqual(valueLines("switch (1, \"one\") { case (1, let name): print(\"got\", name) default: break }"),
            ["got one"])
        XCTAssertEqual(valueLines("""
            switch (x: 2, y: 2) { case (x: let a, y: let b) where a == b: print("same", a, b) default: print("no") }
            """), ["same 2 2"])
    }

    func testIfCaseTakesATupleApart() {
        type("let p = (3, 0)")
        XCTAssertEqual(valueLines("if case (let x, 0) = p { print(\"on x\", x) }"), ["on x 3"])
        XCTAssertEqual(valueLines("if case let (a, b) = p { print(a + b) }"), ["3"])
        XCTAssertEqual(valueLines("if case (let a, 3) = p { print(a) } else { print(\"no\") }"), ["no"])
        XCTAssertEqual(valueLines("if case (1 + 2, let b) = p { print(b) }"), ["0"])
    }

    func testOptionalPatternsMatchAValueOrNil() {
        type("func show(_ o: Int?) -> String { switch o { case .some(let x): return \"some \\(x)\" case .none: "
            + "return \"none\" } }")
        XCTAssertEqual(valueLines("print(show(3), show(nil))"), ["some 3 none"])
        type("let o: Int? = 3")
        XCTAssertEqual(valueLines("switch o { case let x?: print(\"got\", x) case nil: print(\"nil\") }"), ["got 3"])
        XCTAssertEqual(valueLines("if case .some(1...5) = o { print(\"small\") }"), ["small"])
        type("let none: Int? = nil")
        XCTAssertEqual(valueLines("if case let x? = none { print(x) } else { print(\"none\") }"), ["none"])
        type("let pair: (Int?, Int) = (nil, 1)")
        XCTAssertEqual(valueLines("switch pair { case (let a?, _): print(a) case (nil, let b): print(\"b\", b) "
            + "default: break }"), ["b 1"])
        type("let r: Result<Int, Error> = .success(2)")
        XCTAssertEqual(valueLines("switch r { case let .success(v): print(v) case .failure: print(\"f\") }"), ["2"])
        XCTAssertTrue(error("switch o { case .some(let x: print(x) default: break }").contains("is never closed"))
    }

    func testAValueInBracketsIsStillAValue() {
        XCTAssertEqual(valueLines("switch 6 { case (2 + 1) * 2: print(\"six\") default: print(\"other\") }"), ["six"])
    }

    func testMistakesInPatternsAreAnsweredAndChangeNothing() {
        type("var n = 1")
        XCTAssertTrue(error("switch 3 { case (2: n = 5 default: break }").contains("`(` is never closed"))
        XCTAssertTrue(error("switch (1, 2) { case (1, let a), (let a, 2): n = a default: break }")
            .contains("several patterns cannot name a value"))
        XCTAssertTrue(error("func f(_ p: (Int, String)) -> String { switch p { case (let x, \"a\"): "
            + "return x.uppercased() default: return \"\" } }").contains("has no member 'uppercased'"))
        XCTAssertTrue(error("switch (1, 2) { case (1, 2, 3): n = 9 default: break }").contains("no element"))
        XCTAssertEqual(valueLines("print(n)"), ["1"])
    }

    /// `case .failure(let error as ParseError):` matches a failure of that type only, as Swift's cast
    /// pattern does; another failure goes on to the next case.
    func testAFailurePatternWithACastMatchesThatTypeOnly() {
        type("struct ParseError: Error { let text: String }")
        type("enum Other: Error { case broken }")
        type("""
            func report(_ completion: Subscribers.Completion<Error>) {
                switch completion {
                case .finished: print("finished")
                case .failure(let error as ParseError): print("cannot parse", error.text)
                case .failure(let error): print("other", error)
                }
            }
            """)
        let inputs = "let inputs = PassthroughSubject<String, Never>()"
        type(inputs)
        type("""
            let c = inputs
                .tryMap { text -> Int in
                    guard let n = Int(text) else { throw ParseError(text: text) }
                    return n
                }
                .sink(receiveCompletion: { report($0) }, receiveValue: { print("value", $0) })
            """)
        XCTAssertEqual(valueLines("inputs.send(\"4\")"), ["value 4"])
        XCTAssertEqual(valueLines("inputs.send(\"x\")"), ["cannot parse x"])
        XCTAssertEqual(valueLines("let d = Fail<Int, Other>(error: .broken).sink(receiveCompletion: { report($0) }, "
            + "receiveValue: { _ in })"), ["other broken"])
    }
}
