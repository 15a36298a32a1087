import XCTest
@testable import ConduitPlayground

/// A session that is let go frees everything it made, even with actions still waiting on its
/// virtual clock (found by the fuzzer's leak check: a `delay` or `debounce` pending when the
/// session ended kept its pipeline and the clock alive in a cycle).
final class SessionReleaseTests: XCTestCase {
    private func schedulerLeftBehind(after lines: [String]) -> SessionScheduler? {
        weak var scheduler: SessionScheduler?
        do {
            let session = Session()
            for line in lines {
                XCTAssertFalse(session.evaluate(line).contains { $0.kind == .error }, line)
            }
            XCTAssertGreaterThan(session.scheduler.virtual.pendingActionCount, 0, "an action is waiting")
            scheduler = session.scheduler
        }
        return scheduler
    }

    func testASessionWithADelayedValueWaitingFreesItsClock() {
        XCTAssertNil(schedulerLeftBehind(after: ["subject taps", "sink late = taps.delay(for: 300ms)", "send taps 1"]))
    }

    func testASessionWithADebounceWaitingFreesItsClock() {
        XCTAssertNil(schedulerLeftBehind(after: [
            "subject taps", "sink quiet = taps.debounce(for: 0.3, scheduler: DispatchQueue.main)", "send taps 1",
        ]))
    }

    func testASessionWithAFlatMappedDelayWaitingFreesItsClock() {
        XCTAssertNil(schedulerLeftBehind(after: [
            "subject taps", "func search(term) = Just([term]).delay(for: 300ms)",
            "sink results = taps.flatMap { search($0) }", "send taps \"ace\"",
        ]))
    }

    func testASessionWithAnAutoconnectedTimerFreesItsClock() {
        // Found by CI's fuzz run: the autoconnect subscriber and its subscriber held each other.
        XCTAssertNil(schedulerLeftBehind(after: ["sink ticks = Timer.publish(every: 1s).autoconnect()"]))
    }
}
