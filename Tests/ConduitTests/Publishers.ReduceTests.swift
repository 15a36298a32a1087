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
}
