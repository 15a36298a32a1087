import Conduit
import XCTest

/// The reducing operators and `ignoreOutput`: what they ask for, and when the completion goes out.
final class ReduceTests: XCTestCase {
    func testAFinishWithNoResultWaitsForDemandAsAResultDoes() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.first().subscribe(subscriber)
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription"])
        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "finished"])
    }

    func testMinOfAnEmptyStreamFinishesOnlyOnceAsked() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.min().subscribe(subscriber)
        upstream.send(completion: .finished)
        XCTAssertNil(subscriber.completion)
        subscriber.request(.max(3))
        XCTAssertTrue(subscriber.isFinished)
    }

    func testIgnoreOutputHandsTheUpstreamSubscriptionOnAndThenAsksForEverything() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Never, Never>(initialDemand: .max(42))
        upstream.ignoreOutput().subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.requests, [.max(42), .unlimited])
        subscriber.request(.max(5))
        XCTAssertEqual(upstream.subscription.requests, [.max(42), .unlimited, .max(5)])
        XCTAssertEqual(upstream.send(1), .none)
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "finished"])
    }

    func testReplaceEmptyAsksForEverythingAfterTheDownstreamsFirstRequest() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(42), demandPerValue: .max(4))
        upstream.replaceEmpty(with: 9).subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.requests, [.max(42), .unlimited])
        XCTAssertEqual(upstream.send(1), .max(4))
        let subscription = subscriber.subscription
        subscriber.cancel()
        subscription?.request(.max(1))
        XCTAssertEqual(upstream.subscription.requests, [.max(42), .unlimited])
    }

    func testIgnoreOutputShowsNoChildren() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        upstream.ignoreOutput().subscribe(RecordingSubscriber<Never, Never>())
        XCTAssertEqual(mirrorText(upstream.subscriberMirror), [])
        XCTAssertEqual(upstream.subscriberPlaygroundDescription, "IgnoreOutput")
    }

    func testReplaceEmptyIgnoresAValueBeforeTheSubscription() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(demandPerValue: .max(3))
        upstream.replaceEmpty(with: 0).subscribe(recorder)
        XCTAssertEqual(upstream.send(7), .none)
        XCTAssertEqual(recorder.eventDescriptions, [])
        XCTAssertEqual(mirrorText(upstream.subscriberMirror), [])
    }

    func testReplaceEmptyStillAsksASubscriptionThatComesAfterACancelForEverything() throws {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.replaceEmpty(with: 0).subscribe(recorder)
        try XCTUnwrap(upstream.operatorSubscription).cancel()
        let late = RecordingSubscription()
        upstream.send(subscription: late)
        XCTAssertEqual(late.requests, [.unlimited])
        XCTAssertFalse(late.isCancelled)
        XCTAssertEqual(recorder.eventDescriptions, [])
    }
}
