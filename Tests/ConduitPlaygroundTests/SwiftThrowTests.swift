import XCTest

@testable import ConduitPlayground

/// `throw` in closures and functions, custom `Error` types, and function bodies of several
/// statements, as slides write them (issue 28).
final class SwiftThrowTests: SessionTestCase {
    func testThrowInTryMapFailsThePipelineWithThatError() {
        type("struct BadInput: Error {}")
        type("let t = PassthroughSubject<Int, Error>()")
        type("let c = t.tryMap { v -> Int in if v < 0 { throw BadInput() }; return v }"
            + ".sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })")
        XCTAssertEqual(printed("t.send(1)"), ["1"])
        XCTAssertEqual(printed("t.send(-1)"), ["failure(BadInput())", "c ✗ failed: BadInput()"])
        XCTAssertEqual(printed("t.send(2)"), [], "a failed pipeline takes nothing more")
    }

    func testAThrownStructsFailureLineShowsItsValueAsSwiftPrintsIt() {
        type("struct ParseError: Error { let text: String }")
        type("let t = PassthroughSubject<String, Error>()")
        type("let c = t.tryMap { (text: String) -> Int in "
            + "guard let n = Int(text) else { throw ParseError(text: text) }; return n }"
            + ".sink(receiveCompletion: { if case .failure(let e) = $0 { print(\"failed:\", e) } }, "
            + "receiveValue: { print($0) })")
        XCTAssertEqual(printed("t.send(\"1\")"), ["1"])
        XCTAssertEqual(printed("t.send(\"abc\")"),
            ["failed: ParseError(text: \"abc\")", "c ✗ failed: ParseError(text: \"abc\")"])
    }

    func testAThrownMessageIsItsText() {
        type("let t = PassthroughSubject<Int, Error>()")
        type("let c = t.tryMap { v -> Int in guard v > 0 else { throw \"not positive: \\(v)\" }; return v }"
            + ".sink { print($0) }")
        XCTAssertEqual(printed("t.send(0)"), ["c ✗ failed: not positive: 0"])
    }

    func testACatchRecoversFromAThrow() {
        type("struct Oops: Error {}")
        type("let t = PassthroughSubject<Int, Error>()")
        type("let kept1 = t.tryMap { _ -> Int in throw Oops() }.catch { _ in Just(0) }.sink { print($0) }")
        XCTAssertEqual(printed("t.send(5)"), ["0", "kept1 ✓ finished"])
    }

    func testThrowWithNothingToThrowSaysWhatWouldWork() {
        type("let t = PassthroughSubject<Int, Error>()")
        // swiftc's message, then the playground's.
        XCTAssertTrue(error("t.tryMap { v -> Int in throw }.sink { print($0) }").hasPrefix(
            "error: expected expression in 'throw' statement (fix-it: insert expression); expected a value"))
    }

    func testAFunctionBodyOfSeveralStatements() {
        type("func f(x: Int) -> Int { let y = x * 2; return y + 1 }")
        XCTAssertEqual(printed("print(f(x: 2))"), ["5"])
        type("func sign(of x: Int) -> String { if x < 0 { return \"minus\" }; let word = \"plus\"; return word }")
        XCTAssertEqual(printed("print(sign(of: -3), sign(of: 4))"), ["minus plus"])
        type("let xs = PassthroughSubject<Int, Never>()")
        type("let kept3 = xs.map { f(x: $0) }.sink { print($0) }")
        XCTAssertEqual(printed("xs.send(10)"), ["21"])
    }

    func testAFunctionThatThrowsFailsWhereItIsCalled() {
        type("struct Negative: Error {}")
        type("func checked(_ x: Int) -> Int { if x < 0 { throw Negative() }; return x }")
        let t = "let t = PassthroughSubject<Int, Error>(); let c = t.tryMap { checked($0) }.sink { print($0) }; "
            + "t.send(-1)"
        XCTAssertEqual(printed(t).last, "c ✗ failed: Negative()")
    }

    func testAnEnumErrorPrintsAsSwiftPrintsItWhereverItIsCaught() {
        type("enum E: Error { case bad, code(Int) }")
        type("func f() throws -> Int { throw E.bad }")
        // `print(error)` prints the case, as Swift's does; the completion keeps the error's type.
        XCTAssertEqual(printed("do { try f() } catch { print(error) }"), ["bad"])
        XCTAssertEqual(printed("do { try f() } catch let e { print(\"caught\", e) }"), ["caught bad"])
        type("let s = PassthroughSubject<Int, E>()")
        type("let c = s.sink(receiveCompletion: { completion in print(completion); "
            + "if case .failure(let error) = completion { print(error) } }, receiveValue: { print($0) })")
        XCTAssertEqual(printed("s.send(completion: .failure(.bad))"), ["failure(E.bad)", "bad", "c ✗ failed: .bad"])
        let thrown = printed("let d = [1, -2].publisher.tryMap { v -> Int in if v < 0 { throw E.code(v) }; return v }"
            + ".sink(receiveCompletion: { if case .failure(let error) = $0 { print(\"error:\", error) } }, "
            + "receiveValue: { print($0) })")
        XCTAssertEqual(Array(thrown.prefix(2)), ["1", "error: code(-2)"])
        type("let later = Future<Int, E> { promise in promise(.failure(E.bad)) }")
        XCTAssertEqual(printed("let g = later.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })"),
            ["failure(E.bad)", "g ✗ failed: E.bad"])
        // A message stays a message.
        type("let m = PassthroughSubject<Int, Error>()")
        type("let k = m.sink(receiveCompletion: { if case .failure(let error) = $0 { print(error) } }, "
            + "receiveValue: { print($0) })")
        XCTAssertEqual(printed("m.send(completion: .failure(\"offline\"))"), ["offline", "k ✗ failed: offline"])
    }
}
