import Conduit
import Foundation
import XCTest

final class CatchTests: XCTestCase {
    func testReplacesAFailedUpstreamWithTheHandlersPublisher() {
        let upstream = PassthroughSubject<Int, TestError>()
        let replacement = PassthroughSubject<Int, Never>()
        var caught: [TestError] = []
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.catch { error -> PassthroughSubject<Int, Never> in
            caught.append(error)
            return replacement
        }.subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .failure(TestError("first")))
        replacement.send(2)
        replacement.send(completion: .finished)
        XCTAssertEqual(caught, [TestError("first")])
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func testTheReplacementIsAskedForTheOutstandingDemand() {
        let upstream = ManualPublisher<Int, TestError>()
        let replacement = ManualPublisher<Int, TestError>()
        let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(3))
        upstream.catch { _ in replacement }.subscribe(recorder)
        XCTAssertEqual(upstream.subscription.requests, [.max(3)])
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        XCTAssertEqual(replacement.subscription.requests, [.max(2)])
        recorder.request(.max(4))
        XCTAssertEqual(replacement.subscription.requests, [.max(2), .max(4)])
        XCTAssertEqual(upstream.subscription.requests, [.max(3)])
    }

    func testAFailureOfTheReplacementIsPassedOn() {
        let upstream = ManualPublisher<Int, TestError>()
        let replacement = ManualPublisher<Int, TestError>()
        let recorder = RecordingSubscriber<Int, TestError>()
        Publishers.Catch(upstream: upstream) { _ in replacement }.subscribe(recorder)
        upstream.send(completion: .failure(TestError("first")))
        replacement.send(completion: .failure(TestError("second")))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "failure(second)"])
    }

    func testAnUpstreamThatFinishesNeverCallsTheHandler() {
        let upstream = PassthroughSubject<Int, TestError>()
        var called = false
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.catch { _ -> PassthroughSubject<Int, Never> in
            called = true
            return PassthroughSubject()
        }.subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .finished)
        XCTAssertFalse(called)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "finished"])
    }

    func testCancelCancelsTheCurrentSource() {
        let upstream = ManualPublisher<Int, TestError>()
        let replacement = ManualPublisher<Int, TestError>()
        let first = RecordingSubscriber<Int, TestError>()
        upstream.catch { _ in replacement }.subscribe(first)
        first.cancel()
        XCTAssertTrue(upstream.subscription.isCancelled)
        let second = RecordingSubscriber<Int, TestError>()
        let upstream2 = ManualPublisher<Int, TestError>()
        upstream2.catch { _ in replacement }.subscribe(second)
        upstream2.send(completion: .failure(TestError()))
        second.cancel()
        XCTAssertTrue(replacement.subscription.isCancelled)
        upstream2.send(5)
        replacement.send(6)
        XCTAssertTrue(second.values.isEmpty)
    }

    func testTryCatchReplacesTheUpstreamOrFailsWithTheThrownError() {
        let upstream = PassthroughSubject<Int, TestError>()
        let replacement = PassthroughSubject<Int, TestError>()
        let recorder = RecordingSubscriber<Int, Error>()
        upstream.tryCatch { error -> PassthroughSubject<Int, TestError> in
            if error.message == "recoverable" { return replacement }
            throw TestError("thrown")
        }.subscribe(recorder)
        upstream.send(completion: .failure(TestError("recoverable")))
        replacement.send(1)
        replacement.send(completion: .failure(TestError("replacement failed")))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "failure(replacement failed)"])

        let other = PassthroughSubject<Int, TestError>()
        let thrown = RecordingSubscriber<Int, Error>()
        Publishers.TryCatch(upstream: other) { _ -> PassthroughSubject<Int, TestError> in
            throw TestError("thrown")
        }.subscribe(thrown)
        other.send(completion: .failure(TestError("fatal")))
        XCTAssertEqual(thrown.eventDescriptions, ["subscription", "failure(thrown)"])
    }

    func testTheDownstreamIsSubscribedOnlyWhenTheUpstreamSubscriptionArrives() {
        let upstream = ManualPublisher<Int, TestError>(subscribesAtOnce: false)
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.catch { _ in Just(0) }.subscribe(recorder)
        XCTAssertEqual(recorder.eventDescriptions, [])
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, [], "a completion before the subscription is ignored")
        upstream.sendSubscription()
        XCTAssertEqual(recorder.eventDescriptions, ["subscription"])
        XCTAssertEqual(upstream.subscription.requests, [.max(2)])
    }

    func testCatchAndTryCatchDescribeThemselvesWithTheirDownstreamAndDemand() throws {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(4))
        upstream.catch { _ in Just(0) }.subscribe(recorder)
        let subscription = try XCTUnwrap(recorder.subscription)
        XCTAssertEqual(String(describing: subscription), "Catch")
        XCTAssertEqual((subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String,
                       "Catch")
        let children = Mirror(reflecting: subscription).children.map { $0.label }
        XCTAssertEqual(children, ["downstream", "demand"])
        let demand = Mirror(reflecting: subscription).children.first { $0.label == "demand" }?.value
        XCTAssertEqual(demand as? Subscribers.Demand, .max(4))

        let tryRecorder = RecordingSubscriber<Int, Error>()
        upstream.tryCatch { _ in Just(0) }.subscribe(tryRecorder)
        XCTAssertEqual(tryRecorder.subscription.map { String(describing: $0) }, "TryCatch")
    }

    func testTheReplacementsSubscriberShowsItselfAsTheCatch() {
        let replacement = SubscriberProbe<Int, Never>()
        Fail<Int, TestError>(error: TestError()).catch { _ in replacement }
            .subscribe(RecordingSubscriber<Int, Never>())
        XCTAssertEqual(replacement.descriptions, ["Catch"])
        XCTAssertEqual(replacement.mirrorLabels, [["downstream", "demand"]])
    }

    func testASecondUpstreamFailureIsIgnored() {
        let upstream = ManualPublisher<Int, TestError>()
        var handled = 0
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.catch { _ -> Just<Int> in
            handled += 1
            return Just(9)
        }.subscribe(recorder)
        upstream.send(completion: .failure(TestError()))
        upstream.send(completion: .failure(TestError()))
        XCTAssertEqual(handled, 1)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(9)", "finished"])
    }
}

/// A publisher that only notes how each subscriber describes and reflects itself.
private final class SubscriberProbe<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private(set) var descriptions: [String] = []
    private(set) var mirrorLabels: [[String?]] = []

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        descriptions.append(String(describing: subscriber))
        mirrorLabels.append(Mirror(reflecting: subscriber).children.map(\.label))
    }
}
