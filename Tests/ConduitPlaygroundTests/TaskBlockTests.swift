import XCTest

@testable import ConduitPlayground

/// `Task { ... }` as a statement: its body's statements run in order as the session's own, so an
/// async loop over a publisher's values inside it subscribes as it does at the top level.
final class TaskBlockTests: SessionTestCase {
    /// The text the records' events say was printed (`print`), in order.
    private func printed(_ records: [OutputRecord]) -> [String] {
        records.compactMap { record in
            guard case .printed(let kind, let text)? = record.event?.kind, kind != .info else { return nil }
            return text
        }
    }

    func testOnlyAWholeTaskStatementIsATaskBlock() {
        XCTAssertEqual(TaskBlock("Task { print(1) }")?.body.trimmingCharacters(in: .whitespaces), "print(1)")
        for text in ["send s 1", "", "T", "Tas", "task { print(1) }", "Task(priority: .high) { }", "Task { } + 1"] {
            XCTAssertNil(TaskBlock(text), text)
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

    func testWhatFollowsAnAsyncLoopRunsWhenThePublisherFinishesAsSwiftsTaskWaitsInTheLoop() {
        type("let subject = PassthroughSubject<Int, Never>()")
        let started = session.evaluate("""
            Task {
                var total = 0
                for await value in subject.values {
                    print("got", value)
                    total += value
                }
                print("loop ended, total", total)
            }
            """)
        XCTAssertEqual(printed(started), [], "the task waits in the loop")
        XCTAssertEqual(printed(session.evaluate("subject.send(1); subject.send(2)")), ["got 1", "got 2"])
        XCTAssertEqual(printed(session.evaluate("subject.send(completion: .finished)")), ["loop ended, total 3"])
        XCTAssertTrue(error("print(total)").contains("`total`"), "the task's variable is gone once it ends")
    }

    func testALoopOverAFinitePublisherEndsAtOnceAndBreakLeavesTheLoop() {
        let finite = session.evaluate(
            "Task {\n  for await v in [1, 2].publisher.values { print(v) }\n  print(\"done\")\n}")
        XCTAssertEqual(printed(finite), ["1", "2", "done"])
        type("let subject = PassthroughSubject<Int, Never>()")
        type("""
            Task {
                for await value in subject.values {
                    if value > 2 { break }
                    print("got", value)
                }
                print("left the loop")
            }
            """)
        XCTAssertEqual(printed(session.evaluate("subject.send(1); subject.send(3)")), ["got 1", "left the loop"])
        XCTAssertEqual(printed(session.evaluate("subject.send(1)")), [], "`break` cancelled the loop's subscription")
    }

    func testAwaitingAFutureFulfilledLaterSuspendsTheTaskUntilItsValueArrives() {
        type("""
            func loadNumber() -> Future<Int, Never> {
                Future { promise in
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { promise(.success(7)) }
                }
            }
            """)
        let started = session.evaluate("Task {\n    let n = await loadNumber().value\n    print(\"loaded \\(n)\")\n}")
        XCTAssertEqual(printed(started), [], "the task waits for the value")
        XCTAssertFalse(started.contains { $0.kind == .error }, started.map(\.text).joined())
        XCTAssertEqual(printed(session.evaluate("print(\"waiting\")")), ["waiting"])
        XCTAssertEqual(printed(session.evaluate("tick 1s")), ["loaded 7"])
        XCTAssertTrue(error("print(n)").contains("`n`"), "the task's constant went with the task")
    }

    func testAFailureTheTaskAwaitsEndsItWithANote() {
        type("enum E: Error { case bad }")
        type("let f = Future<Int, E> { promise in DispatchQueue.main.asyncAfter(deadline: .now() + 1) { "
            + "promise(.failure(.bad)) } }")
        type("Task {\n    let m = try await f.value\n    print(\"never\", m)\n}")
        let records = session.evaluate("tick 1s")
        XCTAssertEqual(printed(records), [])
        XCTAssertTrue(records.contains { $0.text.hasPrefix("note: `f.value` threw E.bad: the task ends there") },
            records.map(\.text).joined(separator: "\n"))
        XCTAssertFalse(records.contains { $0.kind == .error }, "Swift's task keeps the error; nothing failed")
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

    func testAwaitGivesAFunctionsValueAndAFulfilledFuturesValue() {
        type("func load() async -> Int { 42 }")
        type("let f = Future<Int, Never> { promise in promise(.success(7)) }")
        let records = session.evaluate(
            "Task {\n    let x = await load()\n    let v = await f.value\n    print(x, v)\n}")
        XCTAssertEqual(printed(records), ["42 7"])
        let again = session.evaluate("Task {\n    let x = await load()\n    print(x + 1)\n}")
        XCTAssertEqual(printed(again), ["43"], "a Task's constants are its own: another Task declares them again")
        XCTAssertTrue(error("print(x)").contains("`x`"), "and they are gone once it ends")
        type("let later = Future<Int, Never> { promise in DispatchQueue.main.asyncAfter(deadline: .now() + 1) { "
            + "promise(.success(1)) } }")
        XCTAssertTrue(error("let w = await later.value").contains("would wait for a value not sent yet"))
        type("enum E: Error { case bad }")
        type("let failing = Future<Int, E> { promise in promise(.failure(.bad)) }")
        let caught = session.evaluate("do { let y = try await failing.value } catch { print(\"caught\", error) }")
        XCTAssertEqual(printed(caught), ["caught bad"], "a failed future's value throws its error")
    }
}
