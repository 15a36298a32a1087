import XCTest

@testable import ConduitPlayground

/// Errors and enumeration values as Combine tutorials use them: casts of an error to its type
/// (`error as? APIError`), `catch` by type and by case, how a case prints alone and inside another
/// value, a bare `.offline` where the declared type says which enumeration, `Result.get()` and
/// `localizedDescription`.
final class SwiftErrorValueTests: SessionTestCase {
    private func declareAPIError() {
        type("enum APIError: Error { case invalidValue(Int); case unknown }")
        type("let e: Error = APIError.invalidValue(3)")
    }

    func testAnErrorCastToItsTypeIsItsCase() {
        declareAPIError()
        XCTAssertEqual(valueLines("print(e as? APIError)"), ["Optional(APIError.invalidValue(3))"])
        XCTAssertEqual(valueLines("print((e as? APIError) ?? .unknown)"), ["invalidValue(3)"])
        XCTAssertEqual(valueLines("if let api = e as? APIError { print(\"cast ok\", api) } else { print(\"no\") }"),
            ["cast ok invalidValue(3)"])
        XCTAssertEqual(valueLines("print(e as! APIError, e is APIError, e is Error)"), ["invalidValue(3) true true"])
    }

    func testACastToATypeTheValueIsNotIsNil() {
        declareAPIError()
        type("enum Other: Error { case unknown }")
        XCTAssertEqual(valueLines("print(e as? Other, e is Other, Other.unknown as? APIError)"), ["nil false nil"])
        XCTAssertEqual(valueLines("print(\"offline\" as? APIError, 5 as? APIError)"), ["nil nil"])
        XCTAssertTrue(error("print(e as! Other)").contains("is not of type Other"))
    }

    func testMapErrorKeepsTheCaseThrownInTryMap() {
        type("enum APIError: Error { case invalidValue(Int); case unknown }")
        let lines = valueLines("""
            let c = [1, -3].publisher
                .tryMap { v -> Int in guard v > 0 else { throw APIError.invalidValue(v) }; return v * 10 }
                .mapError { error -> APIError in (error as? APIError) ?? .unknown }
                .sink(receiveCompletion: { if case .failure(let error) = $0 { print("Failed with: \\(error)") } },
                      receiveValue: { print("Value: \\($0)") })
            """)
        XCTAssertEqual(lines, ["Value: 10", "Failed with: invalidValue(-3)"])
    }

    func testACustomDescriptionIsWhatPrints() {
        type("""
            enum APIError: Error, CustomStringConvertible {
                case invalidValue(Int)
                var description: String { switch self { case .invalidValue(let v): return "invalid value \\(v)" } }
            }
            """)
        XCTAssertEqual(valueLines("let x = APIError.invalidValue(2); print(x); print(\"got \\(x)\")"),
            ["invalid value 2", "got invalid value 2"])
    }

    func testACustomDescriptionPrintsInsideAnArrayADictionaryAndAnOptional() {
        type("struct Card: CustomStringConvertible { let rank: Int; var description: String { \"card \\(rank)\" } }")
        type("let c = Card(rank: 3)")
        type("let o: Card? = c")
        XCTAssertEqual(valueLines("print([c, Card(rank: 4)]); print([\"a\": c]); print(o as Any); print([1, 2])"),
            ["[card 3, card 4]", "[\"a\": card 3]", "Optional(card 3)", "[1, 2]"])
    }

    func testCatchClausesTakeTheirTypeOrCase() {
        declareAPIError()
        type("func f(_ n: Int) throws { if n < 0 { throw APIError.invalidValue(n) }; throw APIError.unknown }")
        XCTAssertEqual(valueLines("do { try f(-5) } catch let err as APIError { print(\"caught\", err) } "
            + "catch { print(\"other\") }"), ["caught invalidValue(-5)"])
        XCTAssertEqual(valueLines("do { try f(1) } catch APIError.invalidValue { print(\"a\") } "
            + "catch APIError.unknown { print(\"unknown\") }"), ["unknown"])
        XCTAssertEqual(valueLines("do { try f(1) } catch .unknown { print(\"bare\") }"), ["bare"])
        XCTAssertEqual(valueLines("do { try f(1) } catch is APIError { print(\"is\") }"), ["is"])
        type("enum Other: Error { case unknown }")
        XCTAssertEqual(
            valueLines("do { try f(1) } catch let o as Other { print(\"wrong\", o) } catch { print(\"rest\") }"),
            ["rest"])
        // An error no clause takes goes on, as Swift's does.
        XCTAssertTrue(error("do { try f(1) } catch let o as Other { print(o) }").contains("APIError.unknown"))
    }

    func testCasesPrintAsSwiftPrintsThemAloneAndInsideAnother() {
        type("enum LoadError: Error { case offline, timeout(seconds: Int) }")
        XCTAssertEqual(valueLines("print(LoadError.timeout(seconds: 3))"), ["timeout(seconds: 3)"])
        XCTAssertEqual(valueLines("print(Result<Int, LoadError>.failure(.offline))"), ["failure(LoadError.offline)"])
        XCTAssertEqual(valueLines("print([LoadError.offline], (1, LoadError.offline))"),
            ["[LoadError.offline] (1, LoadError.offline)"])
        XCTAssertEqual(valueLines("do { throw LoadError.offline } catch { print(\"caught \\(error)\") }"),
            ["caught offline"])
    }

    func testAFailSinkBindsTheCaseItself() {
        type("enum LoadError: Error { case offline }")
        XCTAssertEqual(
            valueLines("let c = Fail<Int, LoadError>(error: .offline).sink(receiveCompletion: { completion in "
                + "print(completion); if case .failure(let err) = completion { print(\"err:\", err) } }, "
                + "receiveValue: { _ in })"),
            ["failure(LoadError.offline)", "err: offline"])
    }

    func testABareCaseIsTheDeclaredEnumerationsCase() {
        type("enum LoadError: Error { case offline, slow }")
        type("enum Other { case offline }")
        type("let r: Result<Int, LoadError> = .failure(.offline)")
        XCTAssertEqual(valueLines("print(r)"), ["failure(LoadError.offline)"])
        type("let e: LoadError = .offline")
        XCTAssertEqual(valueLines("print(e as? LoadError, e == .offline)"), ["Optional(LoadError.offline) true"])
        type("let maybe: LoadError? = .slow")
        XCTAssertEqual(valueLines("print(maybe)"), ["Optional(LoadError.slow)"])
        type("func status() -> LoadError { return .slow }")
        XCTAssertEqual(valueLines("print([status()])"), ["[LoadError.slow]"])
        type("let all: [LoadError] = [.offline, .slow]")
        XCTAssertEqual(valueLines("print(all)"), ["[LoadError.offline, LoadError.slow]"])
        // Where no type says which and one enumeration has the case, it is that one's.
        XCTAssertEqual(valueLines("print(Result<Int, LoadError>.failure(.slow))"), ["failure(LoadError.slow)"])
        let future = "let f = Future<Int, LoadError> { promise in promise(.failure(.slow)) }"
        type(future)
        XCTAssertEqual(valueLines("let s = f.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })"),
            ["failure(LoadError.slow)"])
    }

    func testResultGetGivesTheSuccessOrThrowsTheFailure() {
        type("enum ParseError: Error { case notANumber(String) }")
        type("func parse(_ s: String) -> Result<Int, ParseError> { if let n = Int(s) { return .success(n) }; "
            + "return .failure(.notANumber(s)) }")
        XCTAssertEqual(valueLines("print(try parse(\"4\").get())"), ["4"])
        XCTAssertEqual(valueLines("print([\"1\", \"x\", \"3\"].map(parse).compactMap { try? $0.get() })"), ["[1, 3]"])
        type("let bad = parse(\"x\")")
        XCTAssertEqual(valueLines("do { let v = try bad.get(); print(v) } catch { print(\"caught\", error) }"),
            ["caught notANumber(\"x\")"])
        XCTAssertEqual(valueLines("do { print(try bad.get()) } catch let e as ParseError { print(\"as\", e) }"),
            ["as notANumber(\"x\")"])
    }

    func testLocalizedDescriptionIsSwiftsSentence() {
        type("enum LoadError: Error { case offline, timeout(seconds: Int) }")
        // Swift counts the cases that carry values first: `timeout` is 0, `offline` 1.
        XCTAssertEqual(valueLines("do { throw LoadError.offline } catch { print(error.localizedDescription) }"),
            ["The operation could not be completed. (LoadError error 1.)"])
        type("struct BadInput: Error {}")
        XCTAssertEqual(valueLines("print(BadInput().localizedDescription)"),
            ["The operation could not be completed. (BadInput error 1.)"])
        type("""
            enum Friendly: Error {
                case gone
                var errorDescription: String? { "it is gone" }
            }
            """)
        XCTAssertEqual(valueLines("print(Friendly.gone.localizedDescription)"), ["it is gone"])
        let all = session.evaluate("print(LoadError.offline.localizedDescription)").map(\.text).joined()
        XCTAssertFalse(all.contains("#case"), "internal names never reach a message: \(all)")
        type("let lost = PassthroughSubject<LoadError, Never>()")
        type("let kept1 = lost.sink { print($0.code) }")
        let missing = session.evaluate("lost.send(.timeout(seconds: 2))").map(\.text).joined(separator: "\n")
        XCTAssertTrue(missing.contains("value of type 'LoadError' has no member 'code'"), missing)
        XCTAssertFalse(missing.contains("#"), "internal names never reach a message: \(missing)")
    }

    func testACastToAnUnknownTypeIsRefusedAndChangesNothing() {
        declareAPIError()
        let message = error("let made = e as? Missing")
        XCTAssertTrue(message.contains("cannot find type 'Missing' in scope"), message)
        XCTAssertEqual(message.components(separatedBy: "\n").filter { $0.contains("error") }.count, 1, message)
        XCTAssertTrue(error("print(made)").contains("cannot find `made`"), "nothing of the statement ran")
        XCTAssertEqual(valueLines("print(e as? APIError)"), ["Optional(APIError.invalidValue(3))"])
        XCTAssertTrue(error("do { } catch let x as Missing { }").contains("cannot find type 'Missing'"))
    }

    /// Swift's `Result` as a publisher and with its own `map`, `mapError` and `flatMap`.
    func testAResultIsAPublisherAndMapsItsCases() {
        type("enum NetError: Error { case offline, badStatus(Int) }")
        type("""
            func load(_ id: Int) -> Result<String, NetError> {
                id > 0 ? .success("item \\(id)") : .failure(.badStatus(404))
            }
            """)
        XCTAssertEqual(valueLines("let c = load(0).publisher.sink(receiveCompletion: { print($0) }, "
            + "receiveValue: { print($0) })"), ["failure(NetError.badStatus(404))"])
        XCTAssertEqual(valueLines("let d = load(2).publisher.sink(receiveCompletion: { print($0) }, "
            + "receiveValue: { print($0) })"), ["item 2", "finished"])
        XCTAssertEqual(valueLines("print(load(5).map { $0.uppercased() }, load(0).map { $0.count })"),
            [#"success("ITEM 5") failure(NetError.badStatus(404))"#])
        XCTAssertEqual(valueLines("print(load(0).mapError { _ in NetError.offline })"), ["failure(NetError.offline)"])
        XCTAssertEqual(valueLines("print(load(1).flatMap { _ in load(-1) })"), ["failure(NetError.badStatus(404))"])
    }
}
