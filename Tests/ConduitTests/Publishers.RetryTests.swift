import Conduit
import Foundation
import XCTest

/// A publisher that, on each subscription, records the demand it gets, sends the number of the
/// attempt once asked, then fails, until attempt `succeedOn` (if any), which finishes instead.
private final class FlakyPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = TestError

    private let lock = NSLock()
    private var _attempts = 0
    private var _requests: [Subscribers.Demand] = []
    let succeedOn: Int?

    init(succeedOn: Int? = nil) {
        self.succeedOn = succeedOn
    }

    var attempts: Int { lock.withLock { _attempts } }
    var requests: [Subscribers.Demand] { lock.withLock { _requests } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        let attempt = lock.withLock { _attempts += 1; return _attempts }
        subscriber.receive(subscription: Attempt(owner: self, attempt: attempt, subscriber: AnySubscriber(subscriber)))
    }

    private final class Attempt: Subscription, @unchecked Sendable {
        let owner: FlakyPublisher
        let attempt: Int
        var subscriber: AnySubscriber<Int, TestError>?

        init(owner: FlakyPublisher, attempt: Int, subscriber: AnySubscriber<Int, TestError>) {
            self.owner = owner
            self.attempt = attempt
            self.subscriber = subscriber
        }

        func request(_ demand: Subscribers.Demand) {
            owner.lock.withLock { owner._requests.append(demand) }
            guard let subscriber else { return }
            self.subscriber = nil
            _ = subscriber.receive(attempt)
            if attempt == owner.succeedOn {
                subscriber.receive(completion: .finished)
            } else {
                subscriber.receive(completion: .failure(TestError("attempt \(attempt)")))
            }
        }

        func cancel() {
            subscriber = nil
        }
    }
}

final class RetryTests: XCTestCase {
    func testResubscribesExactlyTheGivenNumberOfTimes() {
        let upstream = FlakyPublisher()
        let recorder = RecordingSubscriber<Int, TestError>()
        upstream.retry(3).subscribe(recorder)
        XCTAssertEqual(upstream.attempts, 4)
        XCTAssertEqual(recorder.eventDescriptions,
                       ["subscription", "value(1)", "value(2)", "value(3)", "value(4)", "failure(attempt 4)"])
    }

    func testRetryZeroPassesTheFirstFailureOn() {
        let upstream = FlakyPublisher()
        let recorder = RecordingSubscriber<Int, TestError>()
        upstream.retry(0).subscribe(recorder)
        XCTAssertEqual(upstream.attempts, 1)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "failure(attempt 1)"])
    }

    func testStopsRetryingWhenAnAttemptSucceeds() {
        let upstream = FlakyPublisher(succeedOn: 2)
        let recorder = RecordingSubscriber<Int, TestError>()
        Publishers.Retry(upstream: upstream, retries: nil).subscribe(recorder)
        XCTAssertEqual(upstream.attempts, 2)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func testEachAttemptIsAskedForTheOutstandingDemand() {
        let upstream = FlakyPublisher()
        let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(5))
        upstream.retry(2).subscribe(recorder)
        XCTAssertEqual(upstream.requests, [.max(5), .max(4), .max(3)])
    }

    func testWithoutDemandTheNextAttemptWaitsForARequest() {
        let upstream = FlakyPublisher()
        let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(1))
        upstream.retry(1).subscribe(recorder)
        XCTAssertEqual(upstream.attempts, 2)
        XCTAssertEqual(recorder.values, [1])
        recorder.request(.max(1))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "value(2)", "failure(attempt 2)"])
    }

    func testCancelStopsRetrying() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = RecordingSubscriber<Int, TestError>()
        upstream.retry(5).subscribe(recorder)
        recorder.cancel()
        XCTAssertTrue(upstream.subscription.isCancelled)
        upstream.send(completion: .failure(TestError()))
        XCTAssertEqual(upstream.subscribeCount, 1)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription"])
    }

    func testRetryIsEquatableWhenItsUpstreamIs() {
        XCTAssertEqual(TaggedPublisher(tag: 1).retry(2), Publishers.Retry(upstream: TaggedPublisher(tag: 1),
            retries: 2))
        XCTAssertNotEqual(TaggedPublisher(tag: 1).retry(2), TaggedPublisher(tag: 1).retry(3))
        XCTAssertEqual(TaggedPublisher(tag: 1).retry(2).retries, 2)
    }

    func testRetryingAnUpstreamThatFailsWhileSubscribingDoesNotGrowTheStack() {
        // A subject that has failed fails every new subscriber at once: each attempt fails inside
        // the subscribe of the one before. A hundred thousand of them must neither recurse nor trap.
        let subject = PassthroughSubject<Int, TestError>()
        subject.send(completion: .failure(TestError("gone")))
        var completions: [Subscribers.Completion<TestError>] = []
        let cancellable = subject.retry(100_000).sink(receiveCompletion: { completions.append($0) },
            receiveValue: { _ in })
        XCTAssertEqual(completions, [.failure(TestError("gone"))])
        cancellable.cancel()
    }

    func testTheDownstreamIsSubscribedWhenTheFirstAttemptsSubscriptionArrives() throws {
        let upstream = ManualPublisher<Int, TestError>(subscribesAtOnce: false)
        let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(3), demandPerValue: .max(5))
        upstream.retry(2).subscribe(recorder)
        XCTAssertEqual(recorder.eventDescriptions, [])
        upstream.sendSubscription()
        XCTAssertEqual(recorder.eventDescriptions, ["subscription"])
        let subscription = try XCTUnwrap(recorder.subscription)
        XCTAssertEqual(String(describing: subscription), "Retry")
        XCTAssertEqual((subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String,
                       "Retry")
        XCTAssertTrue(Mirror(reflecting: subscription).children.isEmpty)
        XCTAssertEqual(upstream.send(7), .none, "the demand a value brings is requested, not returned")
        XCTAssertEqual(upstream.subscription.requests, [.max(3), .max(5)])
    }

    func testAFinishBeforeAnySubscriptionIsPassedOn() {
        let upstream = ManualPublisher<Int, TestError>(subscribesAtOnce: false)
        let recorder = RecordingSubscriber<Int, TestError>()
        upstream.retry(1).subscribe(recorder)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["finished"])
    }

    func testAValueSentWhileResubscribingCountsAgainstTheDemandTheNextAttemptIsAskedFor() {
        let upstream = ManualPublisher<Int, TestError>(subscribesAtOnce: false)
        let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(3), demandPerValue: .max(2))
        upstream.retry(1).subscribe(recorder)
        upstream.sendSubscription()
        upstream.send(completion: .failure(TestError()))
        XCTAssertEqual(upstream.subscribeCount, 2)
        upstream.send(1)
        let second = RecordingSubscription()
        upstream.sendSubscription(second)
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(upstream.subscription.requests, [.max(3)])
        XCTAssertEqual(second.requests, [.max(4)], "3 asked for, 1 delivered, 2 more asked for with it")
    }

    func testANegativeCountRetriesWithoutLimit() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(1))
        Publishers.Retry(upstream: upstream, retries: -1).subscribe(recorder)
        for _ in 0..<50 {
            upstream.send(completion: .failure(TestError()))
        }
        XCTAssertEqual(upstream.subscribeCount, 51)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription"])
    }

    func testASubscriptionArrivingAfterCancelIsCancelled() {
        let upstream = ManualPublisher<Int, TestError>(subscribesAtOnce: false)
        let recorder = RecordingSubscriber<Int, TestError>()
        upstream.retry(1).subscribe(recorder)
        upstream.sendSubscription()
        recorder.cancel()
        let late = RecordingSubscription()
        upstream.sendSubscription(late)
        XCTAssertEqual(late.cancelCount, 1)
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }
}
