import Conduit
import Synchronization
import XCTest
@testable import ConduitPlayground

/// A subscriber that breaks the protocol: it asks for a zero demand.
private final class ZeroDemandSubscriber: Subscriber {
    func receive(subscription: Subscription) {
        subscription.request(.none)
    }

    func receive(_ input: Int) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Never>) {}
}

/// What a learner sees of an API violation in the engine: where Combine (and the engine by
/// default) stops the program, a session reports Combine's message as an error and lives on.
final class APIViolationReportsTests: SessionTestCase {
    func testAViolationBetweenStatementsIsAnErrorAndTheSessionLivesOn() {
        var received: [Int] = []
        // Made by the session's installed handler: the engine ignores the zero demand (no trap).
        Just(1).subscribe(ZeroDemandSubscriber())
        _ = Just(2).sink { received.append($0) }
        XCTAssertEqual(received, [2], "the engine still works after the ignored event")
        let lines = type("let n = PassthroughSubject<Int, Never>()")
        XCTAssertEqual(
            lines.first,
            "error: API Violation: demand must not be zero (Combine stops the program here; the playground "
                + "ignored the event)"
        )
        XCTAssertEqual(type("sink s = n"), [], "the statement after it runs as usual")
    }

    func testAViolationDuringAStatementIsReportedAtItsLine() {
        let shown = Mutex<[String]>([])
        session.asynchronousOutput = { record in shown.withLock { $0.append(record.text) } }
        session.interpreter.report(
            APIViolationDiagnostic(violation: .valueBeforeSubscription, statement: "sink s = n.removeDuplicates()"),
            in: "sink s = n.removeDuplicates()", file: "lesson.conduit", line: 4
        )
        XCTAssertEqual(shown.withLock { $0 }, [
            "lesson.conduit:4:1: error: API Violation: received a value before the subscription (Combine stops the "
                + "program here; the playground ignored the event)\n  sink s = n.removeDuplicates()\n  "
                + String(repeating: "^", count: 29),
        ])
    }
}
