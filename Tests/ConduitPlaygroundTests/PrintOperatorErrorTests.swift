import XCTest

@testable import ConduitPlayground

/// The print operator's `receive error: (...)` line shows a thrown error as Swift's does: by its type's
/// `description` where it declares one, else as Swift prints its value (`offline`, not `LoadError.offline`)
/// (PlaygroundError.swift, CustomDescription.swift).
final class PrintOperatorErrorTests: SessionTestCase {
    /// The print operator's error line in what `line` printed.
    private func errorLine(_ line: String) -> String? {
        type(line).first { $0.contains("receive error") }
    }

    func testAThrownStructShowsItsDescriptionOrElseItsValue() {
        type("struct CodeError: Error, CustomStringConvertible { let code: Int; "
            + "var description: String { \"(code \\(code))\" } }")
        type("struct PlainError: Error { let code: Int }")
        XCTAssertEqual(
            errorLine("let a = [1, 2].publisher.tryMap { v -> Int in if v == 2 { throw CodeError(code: 6) }; "
                + "return v }.print(\"p\").sink(receiveCompletion: { _ in }, receiveValue: { _ in })"),
            "p: receive error: ((code 6))")
        XCTAssertEqual(
            errorLine("let b = [1].publisher.tryMap { v -> Int in throw PlainError(code: v) }.print(\"q\")"
                + ".sink(receiveCompletion: { _ in }, receiveValue: { _ in })"),
            "q: receive error: (PlainError(code: 1))")
    }

    func testAThrownEnumCaseShowsItsCaseAsSwiftPrintsIt() {
        type("enum LoadError: Error { case offline, timeout(Int) }")
        XCTAssertEqual(
            errorLine("let a = [1].publisher.tryMap { _ -> Int in throw LoadError.offline }.print(\"r\")"
                + ".sink(receiveCompletion: { _ in }, receiveValue: { _ in })"),
            "r: receive error: (offline)")
        XCTAssertEqual(
            errorLine("let b = Fail<Int, LoadError>(error: .timeout(4)).print(\"s\")"
                + ".sink(receiveCompletion: { _ in }, receiveValue: { _ in })"),
            "s: receive error: (timeout(4))")
    }

    func testAFailureSentToASubjectShowsItsDescriptionAndTheSinkLineIsUnchanged() {
        type("struct CodeError: Error, CustomStringConvertible { let code: Int; "
            + "var description: String { \"(code \\(code))\" } }")
        type("let subject = PassthroughSubject<Int, CodeError>()")
        type("let c = subject.print(\"t\").sink(receiveCompletion: { _ in }, receiveValue: { _ in })")
        let lines = type("subject.send(completion: .failure(CodeError(code: 2)))")
        XCTAssertTrue(lines.contains("t: receive error: ((code 2))"), "\(lines)")
        XCTAssertTrue(lines.contains("c ✗ failed: (code 2)"), "\(lines)")
    }
}
