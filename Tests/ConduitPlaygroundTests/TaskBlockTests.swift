import XCTest

@testable import ConduitPlayground

/// `Task { ... }` as a statement: its body's statements run in order as the session's own, so an
/// async loop over a publisher's values inside it subscribes as it does at the top level.
final class TaskBlockTests: SessionTestCase {
    /// The text the records' events say was printed (`print`), in order.
    private func printed(_ records: [OutputRecord]) -> [String] {
        records.compactMap { record in
            guard case .printed(_, let text)? = record.event?.kind else { return nil }
            return text
        }
    }

    func testAnAsyncLoopInATaskReceivesWhatIsSentAfterIt() {
        type("let subject = PassthroughSubject<Int, Never>()")
        let started = session.evaluate(
            "Task {\n    for await value in subject.values {\n        print(\"got\", value)\n    }\n}")
        XCTAssertFalse(started.contains { $0.kind == .error }, started.map(\.text).joined())
        XCTAssertEqual(printed(session.evaluate("subject.send(1); subject.send(2)")),
            ["got 1", "got 2"])
    }

    func testTheBodyRunsInOrderAndAMainActorSignatureIsReadAndLeftAside() {
        let printed = session.evaluate("Task { @MainActor in\n  print(\"one\")\n  print(\"two\")\n}\nprint(\"three\")")
        XCTAssertEqual(self.printed(printed), ["one", "two", "three"])
    }

    func testAMistakeInTheBodyIsReportedAtItsOwnLineAndColumn() {
        let records = session.evaluate("Task {\n    print(1)\n    prnt(2)\n}", file: "lesson.conduit", line: 10)
        let error = records.first { $0.kind == .error }?.text ?? ""
        XCTAssertTrue(error.hasPrefix("lesson.conduit:12:5: error: unknown function `prnt`"), error)
        XCTAssertEqual(printed(records), ["1"], "what came before it ran")
    }

    func testOnlyAStatementThatIsATaskIsUnwrapped() {
        XCTAssertNil(TaskBlock("Task.detached { print(1) }"))
        XCTAssertNil(TaskBlock("Task(priority: .high) { print(1) }"))
        XCTAssertNil(TaskBlock("Tasks { print(1) }"))
        XCTAssertEqual(TaskBlock("Task {\n  print(1)\n}")?.firstLine, 1)
        XCTAssertEqual(TaskBlock("Task { print(1) }")?.body, "       print(1)", "columns stay the statement's")
    }
}
