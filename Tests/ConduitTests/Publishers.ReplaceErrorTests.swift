import Conduit
import Foundation
import XCTest

final class ReplaceErrorTests: XCTestCase {
    func testTheDownstreamIsSubscribedWhenTheUpstreamSubscriptionArrives() throws {
        let upstream = ManualPublisher<Int, TestError>(subscribesAtOnce: false)
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(10))
        upstream.replaceError(with: 0).subscribe(recorder)
        XCTAssertEqual(upstream.send(5), .none, "a value before the subscription is ignored")
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, [], "so is a completion")
        upstream.sendSubscription()
        XCTAssertEqual(recorder.eventDescriptions, ["subscription"])
        XCTAssertEqual(upstream.subscription.requests, [.max(10)])
        let subscription = try XCTUnwrap(recorder.subscription)
        XCTAssertEqual(String(describing: subscription), "ReplaceError")
        XCTAssertEqual((subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String,
                       "ReplaceError")
        XCTAssertTrue(Mirror(reflecting: subscription).children.isEmpty)
    }

    func testAFailureWithoutDemandWaitsForARequestAndLaterCompletionsAreIgnored() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.replaceError(with: 42).subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)"])
        recorder.request(.max(1))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "value(42)", "finished"])
    }

    func testCancellingWhileTheReplacementWaitsLeavesTheFailedUpstreamAlone() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.replaceError(with: 42).subscribe(recorder)
        upstream.send(completion: .failure(TestError()))
        recorder.subscription?.cancel()
        XCTAssertFalse(upstream.subscription.isCancelled, "the upstream had already ended by failing")
        recorder.request(.max(1))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription"], "nothing goes out after the cancel")
    }

    func testTheDemandAValueBringsIsReturnedToTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        upstream.replaceError(with: 42).subscribe(recorder)
        XCTAssertEqual(upstream.send(1), .max(1))
        upstream.send(completion: .failure(TestError()))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "value(42)", "finished"])
    }

    func testASubscriptionArrivingAfterAnEarlyCancelIsLeftAlone() throws {
        let upstream = CapturingPublisher<Int, TestError>()
        upstream.replaceError(with: 0).subscribe(RecordingSubscriber<Int, Never>())
        let subscriber = try XCTUnwrap(upstream.subscriber)
        try XCTUnwrap(subscriber as? Subscription).cancel()
        let late = RecordingSubscription()
        subscriber.receive(subscription: late)
        XCTAssertEqual(late.cancelCount, 0)
        XCTAssertEqual(late.requests, [])
        let another = RecordingSubscription()
        subscriber.receive(subscription: another)
        XCTAssertEqual(another.cancelCount, 1, "only the first late subscription is left alone")
    }
}

/// A publisher that keeps its subscriber (as its real type) without giving it a subscription.
private final class CapturingPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private(set) var subscriber: (any Subscriber<Output, Failure>)?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        self.subscriber = subscriber
    }
}
