import XCTest

@testable import ConduitPlayground

/// The playground's main queue (issue 28): `DispatchQueue.main.async` and
/// `receive(on: DispatchQueue.main)` run after the line that queued the work, as a run loop turns.
final class MainQueueTests: SessionTestCase {
    func testAsyncWorkRunsAfterTheLine() {
        XCTAssertEqual(printed("DispatchQueue.main.async { print(\"later\") }; print(\"now\")"), ["now", "later"])
    }

    func testReceiveOnTheMainQueueDeliversAfterTheLine() {
        type("let s = PassthroughSubject<Int, Never>()")
        let line = "let c = s.receive(on: DispatchQueue.main).sink { print(\"got\", $0) }; print(\"before\"); "
            + "s.send(1); print(\"after\")"
        XCTAssertEqual(printed(line), ["before", "after", "got 1"])
        XCTAssertEqual(printed("s.send(2)"), ["got 2"])
    }

    func testRunLoopMainIsTheSameQueue() {
        type("let s = PassthroughSubject<Int, Never>()")
        XCTAssertEqual(printed("let c = s.receive(on: RunLoop.main).sink { print($0) }; s.send(1); print(\"sent\")"),
            ["sent", "1"])
    }

    func testAScriptRunsTheQueueAfterEachTopLevelStatement() {
        let script = """
            DispatchQueue.main.async { print("first turn") }
            print("one")
            print("two")
            """
        XCTAssertEqual(printed(script), ["first turn", "one", "two"])
    }

    func testWorkQueuedFromASinkRunsInOrderAfterTheLine() {
        type("let s = PassthroughSubject<Int, Never>()")
        type("let kept2 = s.sink { v in DispatchQueue.main.async { print(\"queued\", v) }; print(\"sink\", v) }")
        XCTAssertEqual(printed("s.send(1); s.send(2); print(\"end\")"),
            ["sink 1", "sink 2", "end", "queued 1", "queued 2"])
    }

    func testAsyncAfterWaitsOnTheSessionsClock() {
        XCTAssertEqual(printed("DispatchQueue.main.asyncAfter(deadline: .now() + 1) { print(\"a second\") }"), [])
        XCTAssertEqual(printed("tick 500ms"), [])
        XCTAssertEqual(printed("tick 500ms"), ["a second"])
        XCTAssertEqual(
            printed("DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) { print(\"soon\") }"), [])
        XCTAssertEqual(printed("tick 199ms"), [])
        XCTAssertEqual(printed("tick 1ms"), ["soon"])
    }

    func testAnErrorInQueuedWorkIsReportedAndTheRestRuns() {
        let records = session.evaluate(
            "DispatchQueue.main.async { print(1 / 0) }; DispatchQueue.main.async { print(\"still\") }")
        XCTAssertTrue(records.contains { $0.kind == .error && $0.text.contains("division by zero") })
        XCTAssertEqual(records.filter { $0.kind != .error && $0.kind != .info }.map(\.text), ["still"])
    }

    func testWhatTheMainQueueCannotDoSaysWhatWould() {
        XCTAssertTrue(error("DispatchQueue.main.sync { print(1) }").contains("write `DispatchQueue.main.async"))
        // A global queue's work runs on a real thread (GlobalQueueTests); its `sync` is refused.
        XCTAssertTrue(error("DispatchQueue.global().sync { print(1) }").contains("is not run here"))
        XCTAssertTrue(error("DispatchQueue.main.asyncAfter(deadline: 1) { print(1) }").contains(".now() + 1"))
    }

    func testWorkThatQueuesItselfForEverStops() {
        type("let s = PassthroughSubject<Int, Never>()")
        type("let kept3 = s.receive(on: DispatchQueue.main).sink { s.send($0 + 1) }")
        let records = session.evaluate("s.send(0)")
        XCTAssertTrue(records.contains { $0.kind == .error }, "\(records.map(\.text))")
    }
}
