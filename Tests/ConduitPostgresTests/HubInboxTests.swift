#if Postgres
import Foundation
import XCTest

@testable import ConduitPostgres

/// The queue between a connection's event loop and the task that delivers: one delivering task at a
/// time, everything waiting taken at once, and arrivals held behind the gap of a resumed connection.
final class HubInboxTests: XCTestCase {
    private func payloads(_ arrivals: [HubInbox.Arrival]) -> [String] {
        arrivals.map { arrival in
            switch arrival {
            case .payload(let payload): payload
            case .gap(let gap): "gap: \(gap.reason)"
            }
        }
    }

    func testOneDeliveringTaskTakesEverythingWaiting() {
        var inbox = HubInbox()
        XCTAssertTrue(inbox.append(.payload("a")), "the first arrival starts a delivering task")
        XCTAssertFalse(inbox.append(.payload("b")), "one runs already")
        var batch: [HubInbox.Arrival] = []
        XCTAssertTrue(inbox.take(into: &batch))
        XCTAssertEqual(payloads(batch), ["a", "b"])
        batch.removeAll()
        XCTAssertFalse(inbox.append(.payload("c")), "the task has not finished: it takes this next")
        XCTAssertTrue(inbox.take(into: &batch))
        XCTAssertEqual(payloads(batch), ["c"])
        batch.removeAll()
        XCTAssertFalse(inbox.take(into: &batch), "nothing left: the task finishes")
        XCTAssertTrue(inbox.append(.payload("d")), "and the next arrival starts another")
    }

    func testTheGapGoesAheadOfWhatArrivedWhileListeningResumed() {
        var inbox = HubInbox()
        XCTAssertTrue(inbox.append(.payload("old")))
        inbox.hold()
        XCTAssertFalse(inbox.append(.payload("new 1")))
        var batch: [HubInbox.Arrival] = []
        XCTAssertTrue(inbox.take(into: &batch))
        XCTAssertEqual(payloads(batch), ["old"], "what came before the hold is delivered")
        batch.removeAll()
        XCTAssertFalse(inbox.take(into: &batch), "what came after it waits for the gap")
        XCTAssertFalse(inbox.append(.payload("new 2")), "held: no task is started for it")

        let gap = NotificationGap(start: Date(), end: Date(), reason: "lost")
        XCTAssertTrue(inbox.release(putting: .gap(gap)))
        XCTAssertTrue(inbox.take(into: &batch))
        XCTAssertEqual(payloads(batch), ["gap: lost", "new 1", "new 2"])
    }
}
#endif
