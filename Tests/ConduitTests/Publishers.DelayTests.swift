import Conduit
import XCTest

/// `delay` and `receive(on:)`: what the upstream sends after its completion schedules nothing.
final class ScheduledDeliveryTests: XCTestCase {
    func testDelaySchedulesNothingForEventsAfterTheUpstreamsCompletion() {
        let scheduler = RecordingScheduler()
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, TestError>()
        upstream.delay(for: .nanoseconds(200), tolerance: .nanoseconds(5), scheduler: scheduler, options: "o")
            .subscribe(subscriber)
        upstream.send(1)
        upstream.send(completion: .failure(TestError("x")))
        upstream.send(completion: .finished)
        upstream.send(2)
        XCTAssertEqual(scheduler.calls, ["now", "after 200ns ~5ns o", "now", "after 200ns ~5ns o"])
        scheduler.advance(to: 500)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(1)", "failure(x)"])
    }

    func testReceiveOnSchedulesNothingForEventsAfterTheUpstreamsCompletion() {
        let scheduler = RecordingScheduler()
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, TestError>()
        upstream.receive(on: scheduler, options: "o").subscribe(subscriber)
        upstream.send(completion: .finished)
        upstream.send(completion: .finished)
        upstream.send(3)
        XCTAssertEqual(scheduler.calls, ["schedule o"])
    }

    func testReceiveOnCancelsASecondSubscriptionAndIgnoresEventsBeforeTheFirst() throws {
        let scheduler = RecordingScheduler()
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.receive(on: scheduler).subscribe(recorder)
        XCTAssertEqual(upstream.send(1), .none)
        upstream.send(completion: .finished)
        XCTAssertEqual(scheduler.calls, [], "nothing is scheduled before the subscription")
        let first = RecordingSubscription()
        upstream.send(subscription: first)
        let second = RecordingSubscription()
        upstream.send(subscription: second)
        XCTAssertTrue(second.isCancelled)
        XCTAssertFalse(first.isCancelled)
        try XCTUnwrap(recorder.subscription).cancel()
        XCTAssertTrue(first.isCancelled)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription"])
        XCTAssertEqual(mirrorText(upstream.subscriberMirror), [])
        XCTAssertEqual(upstream.subscriberPlaygroundDescription, "ReceiveOn")
    }

    func testDelayLeavesAloneASubscriptionThatComesAfterACancel() throws {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.delay(for: .seconds(1), scheduler: ImmediateScheduler.shared).subscribe(recorder)
        try XCTUnwrap(upstream.operatorSubscription).cancel()
        let late = RecordingSubscription()
        upstream.send(subscription: late)
        XCTAssertFalse(late.isCancelled)
        XCTAssertEqual(late.requests, [])
        XCTAssertEqual(recorder.eventDescriptions, [])
    }
}
