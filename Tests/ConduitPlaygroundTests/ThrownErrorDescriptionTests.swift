import XCTest

@testable import ConduitPlayground

/// A thrown struct or enum whose type declares `description` (`CustomStringConvertible`) shows that
/// description wherever Swift prints it: a sink's failure line, `"\(error)"`, and inside a completion or a
/// `Result` (CustomDescription.swift, PlaygroundSink.swift).
final class ThrownErrorDescriptionTests: SessionTestCase {
    private func declareErrors() {
        type("struct CodeError: Error, CustomStringConvertible { let code: Int; "
            + "var description: String { \"code \\(code)\" } }")
        type("""
            enum APIError: Error, CustomStringConvertible {
                case invalid
                case bad(Int)
                var description: String {
                    switch self { case .invalid: return "invalid input"; case .bad(let n): return "bad \\(n)" }
                }
            }
            """)
    }

    func testASinksFailureLineShowsTheThrownValuesDescription() {
        declareErrors()
        XCTAssertEqual(
            values("let c = [1, 2].publisher.tryMap { v -> Int in if v == 2 { throw CodeError(code: 2) }; return v }"
                + ".sink { print($0) }"),
            ["1", "c ✗ failed: code 2"])
        XCTAssertEqual(values("let d = [1].publisher.tryMap { _ -> Int in throw APIError.invalid }.sink { print($0) }"),
            ["d ✗ failed: invalid input"])
    }

    func testAFailureSentToASubjectOrMadeByFailShowsItsDescription() {
        declareErrors()
        type("let subject = PassthroughSubject<Int, APIError>()")
        type("let c = subject.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })")
        XCTAssertEqual(values("subject.send(completion: .failure(.bad(3)))"), ["c ✗ failed: bad 3"])
        type("let failing = Fail<Int, CodeError>(error: CodeError(code: 1))")
        XCTAssertEqual(values("let d = failing.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })"),
            ["d ✗ failed: code 1"])
    }

    func testAnErrorWithoutADescriptionFailsAsBefore() {
        declareErrors()
        type("enum LoadError: Error { case offline }")
        XCTAssertEqual(
            values("let c = [1].publisher.tryMap { _ -> Int in throw LoadError.offline }.sink { print($0) }"),
            ["c ✗ failed: LoadError.offline"])
    }

    func testAFunctionWrittenBeforeTheTypeInterpolatesAndPrintsItsDescription() {
        type("func report(_ error: Error) -> String { \"report: \\(error)\" }")
        type("func show(_ error: Error) { print(error) }")
        declareErrors()
        XCTAssertEqual(valueLines("print(report(CodeError(code: 4))); show(APIError.bad(2))"),
            ["report: code 4", "bad 2"])
    }

    func testACompletionOrAResultCarryingTheErrorPrintsItsDescription() {
        declareErrors()
        let lines = valueLines("let c = [1].publisher.tryMap { _ -> Int in throw CodeError(code: 6) }"
            + ".sink(receiveCompletion: { print(\"sk \\($0)\"); print($0) }, receiveValue: { _ in })")
        XCTAssertEqual(lines, ["sk failure(code 6)", "failure(code 6)"])
        type("let r: Result<Int, APIError> = .failure(.bad(6))")
        XCTAssertEqual(valueLines("print(r, \"\\(r)\")"), ["failure(bad 6) failure(bad 6)"])
    }
}
