import Conduit
import XCTest

/// `handleEvents`: which closures run for which events, as in Combine.
final class HandleEventsTests: XCTestCase {
    /// A `handleEvents` on `upstream` that logs every closure call into `log`.
    private func logged(
        _ upstream: HeldSubscriberPublisher<Int, Never>, into log: @escaping (String) -> Void
    ) -> Publishers.HandleEvents<HeldSubscriberPublisher<Int, Never>> {
        upstream.handleEvents(
            receiveSubscription: { _ in log("subscription") }, receiveOutput: { log("output \($0)") },
            receiveCompletion: { _ in log("completion") }, receiveCancel: { log("cancel") },
            receiveRequest: { log("request \($0)") }
        )
    }

    func testDemandReturnedForAValueIsReportedAsARequest() {
        var log: [String] = []
        let upstream = HeldSubscriberPublisher<Int, Never>()
        logged(upstream) { log.append($0) }
            .subscribe(RecordingSubscriber<Int, Never>(initialDemand: .none, demandPerValue: .max(3)))
        upstream.send(subscription: RecordingSubscription())
        XCTAssertEqual(upstream.send(1), .max(3))
        XCTAssertEqual(log, ["subscription", "output 1", "request max(3)"])
    }

    func testEverySubscriptionIsSeenAndOnlyTheFirstCancel() throws {
        var log: [String] = []
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
        logged(upstream) { log.append($0) }.subscribe(recorder)
        let first = RecordingSubscription()
        upstream.send(subscription: first)
        let second = RecordingSubscription()
        upstream.send(subscription: second)
        XCTAssertTrue(second.isCancelled)
        let subscription = try XCTUnwrap(recorder.subscription)
        subscription.cancel()
        subscription.request(.max(1))
        subscription.cancel()
        XCTAssertEqual(log, ["subscription", "subscription", "cancel"])
        XCTAssertEqual(first.cancelCount, 1)
    }

    func testCancelBeforeTheSubscriptionIsSeenAndTheLateSubscriptionLeftAlone() throws {
        var log: [String] = []
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        logged(upstream) { log.append($0) }.subscribe(recorder)
        try XCTUnwrap(upstream.operatorSubscription).cancel()
        let late = RecordingSubscription()
        upstream.send(subscription: late)
        XCTAssertEqual(log, ["cancel", "subscription"])
        XCTAssertFalse(late.isCancelled)
        XCTAssertEqual(late.requests, [])
        XCTAssertEqual(recorder.eventDescriptions, [])
        XCTAssertEqual(mirrorText(upstream.subscriberMirror), [])
    }
}
