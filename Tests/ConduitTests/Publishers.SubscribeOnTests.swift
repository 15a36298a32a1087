import Conduit
import XCTest

/// `subscribe(on:)`: requests and cancel run on the scheduler, in the order they were made.
final class SubscribeOnTests: XCTestCase {
    func testARequestMadeJustBeforeACancelStillReachesTheUpstream() {
        let scheduler = RecordingScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.subscribe(on: scheduler).subscribe(subscriber)
        scheduler.advance(to: 0)
        subscriber.request(.unlimited)
        subscriber.cancel()
        XCTAssertEqual(scheduler.calls, ["schedule", "schedule", "schedule"])
        XCTAssertEqual(upstream.subscription.requests, [])
        scheduler.advance(to: 1)
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func testNothingIsScheduledAfterTheCancel() {
        let scheduler = RecordingScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.subscribe(on: scheduler).subscribe(subscriber)
        scheduler.advance(to: 0)
        let subscription = subscriber.subscription
        subscriber.cancel()
        subscription?.request(.max(3))
        subscription?.cancel()
        XCTAssertEqual(scheduler.calls, ["schedule", "schedule"])
        scheduler.advance(to: 1)
        XCTAssertEqual(upstream.subscription.requests, [])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func testASecondSubscriptionIsCancelledAndEventsBeforeTheFirstAreIgnored() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(demandPerValue: .max(4))
        upstream.subscribe(on: ImmediateScheduler.shared).subscribe(recorder)
        XCTAssertEqual(upstream.send(1), .none)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, [])
        let first = RecordingSubscription()
        upstream.send(subscription: first)
        let second = RecordingSubscription()
        upstream.send(subscription: second)
        XCTAssertTrue(second.isCancelled)
        XCTAssertEqual(upstream.send(2), .max(4))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(2)"])
        XCTAssertEqual(mirrorText(upstream.subscriberMirror), [])
        XCTAssertEqual(upstream.subscriberPlaygroundDescription, "SubscribeOn")
    }
}
