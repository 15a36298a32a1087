import Conduit
import Foundation
import XCTest

final class MulticastTests: XCTestCase {
    func testWaitsForConnectBeforeSubscribingToTheUpstream() {
        let upstream = ManualPublisher<Int, Never>()
        let multicast = upstream.multicast { PassthroughSubject<Int, Never>() }
        let a = RecordingSubscriber<Int, Never>()
        let b = RecordingSubscriber<Int, Never>()
        multicast.subscribe(a)
        multicast.subscribe(b)
        XCTAssertEqual(upstream.subscribeCount, 0)
        let connection = multicast.connect()
        XCTAssertEqual(upstream.subscribeCount, 1)
        upstream.send(1)
        XCTAssertEqual(a.values, [1])
        XCTAssertEqual(b.values, [1])
        connection.cancel()
        XCTAssertTrue(upstream.subscription.isCancelled)
    }

    func testMulticastThroughAGivenSubject() {
        let upstream = PassthroughSubject<Int, Never>()
        let subject = CurrentValueSubject<Int, Never>(0)
        let multicast = upstream.multicast(subject: subject)
        let recorder = RecordingSubscriber<Int, Never>()
        multicast.subscribe(recorder)
        upstream.send(1)
        XCTAssertEqual(recorder.values, [0])
        let connection = multicast.connect()
        upstream.send(2)
        XCTAssertEqual(recorder.values, [0, 2])
        XCTAssertEqual(subject.value, 2)
        withExtendedLifetime(connection) {}
    }

    func testCreatesOneSubjectForAllSubscribers() {
        var made = 0
        let upstream = PassthroughSubject<Int, Never>()
        let multicast = Publishers.Multicast(upstream: upstream) { () -> PassthroughSubject<Int, Never> in
            made += 1
            return PassthroughSubject()
        }
        multicast.subscribe(RecordingSubscriber<Int, Never>())
        multicast.subscribe(RecordingSubscriber<Int, Never>())
        let connection = multicast.connect()
        XCTAssertEqual(made, 1)
        withExtendedLifetime(connection) {}
    }

    func testSubscribersSeeAMulticastSubscriptionThatDescribesItself() throws {
        let multicast = PassthroughSubject<Int, Never>().multicast { PassthroughSubject<Int, Never>() }
        let recorder = RecordingSubscriber<Int, Never>()
        multicast.subscribe(recorder)
        let subscription = try XCTUnwrap(recorder.subscription)
        XCTAssertEqual(String(describing: subscription), "Multicast")
        XCTAssertEqual((subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String,
                       "Multicast")
        XCTAssertTrue(Mirror(reflecting: subscription).children.isEmpty)
        let connectable = PassthroughSubject<Int, Never>().makeConnectable()
        let other = RecordingSubscriber<Int, Never>()
        connectable.subscribe(other)
        XCTAssertEqual(other.subscription.map { String(describing: $0) }, "Multicast")
    }

    func testTheDemandAValueBringsIsRequestedFromTheSubject() {
        let subject = ManualSubject()
        let multicast = PassthroughSubject<Int, Never>().multicast(subject: subject)
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(2))
        multicast.subscribe(recorder)
        XCTAssertEqual(subject.subscription.requests, [.max(1)])
        XCTAssertEqual(subject.deliver(5), .none)
        XCTAssertEqual(subject.subscription.requests, [.max(1), .max(2)])
        recorder.demandPerValue = .none
        XCTAssertEqual(subject.deliver(6), .none)
        XCTAssertEqual(subject.subscription.requests, [.max(1), .max(2)], "no demand, no request")
    }

    func testASecondSubscriptionAndEventsAfterTheEndAreRefused() {
        let subject = ManualSubject()
        let multicast = PassthroughSubject<Int, Never>().multicast(subject: subject)
        let recorder = RecordingSubscriber<Int, Never>()
        multicast.subscribe(recorder)
        let extra = RecordingSubscription()
        subject.resubscribe(extra)
        XCTAssertEqual(extra.cancelCount, 1)
        subject.finish()
        subject.finish()
        XCTAssertEqual(subject.deliver(1), .none)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "finished"])
    }

    func testCancellingTwiceCancelsTheSubjectsSubscriptionOnceAndStopsRequests() {
        let subject = ManualSubject()
        let multicast = PassthroughSubject<Int, Never>().multicast(subject: subject)
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        multicast.subscribe(recorder)
        let subscription = recorder.subscription
        subscription?.cancel()
        subscription?.cancel()
        subscription?.request(.max(3))
        XCTAssertEqual(subject.subscription.cancelCount, 1)
        XCTAssertEqual(subject.subscription.requests, [.max(1)])
        XCTAssertEqual(subject.deliver(1), .none)
        XCTAssertEqual(recorder.values, [])
    }

    func testSubscribersAttachingAndCancellingFromManyThreadsWhileValuesFlow() {
        let upstream = PassthroughSubject<Int, Never>()
        let multicast = upstream.multicast { PassthroughSubject<Int, Never>() }
        let connection = multicast.connect()
        let recorders = (0..<8).map { _ in RecordingSubscriber<Int, Never>() }
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            multicast.subscribe(recorders[index])
            for value in 0..<100 { upstream.send(value) }
            if index.isMultiple(of: 2) { recorders[index].cancel() }
        }
        upstream.send(completion: .finished)
        for (index, recorder) in recorders.enumerated() where !index.isMultiple(of: 2) {
            XCTAssertTrue(recorder.isFinished)
            XCTAssertEqual(recorder.overlappingDeliveries, 0)
        }
        connection.cancel()
    }
}

/// A subject for tests that gives each subscriber a `RecordingSubscription` and lets the test
/// push values, completions and further subscriptions to the last one by hand.
private final class ManualSubject: Subject, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    let subscription = RecordingSubscription()
    private var subscriber: (any Subscriber<Int, Never>)?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        self.subscriber = subscriber
        subscriber.receive(subscription: subscription)
    }

    func send(_ value: Int) { _ = subscriber?.receive(value) }
    func send(completion: Subscribers.Completion<Never>) { subscriber?.receive(completion: completion) }
    func send(subscription: Subscription) { subscription.request(.unlimited) }

    func deliver(_ value: Int) -> Subscribers.Demand { subscriber?.receive(value) ?? .none }
    func finish() { subscriber?.receive(completion: .finished) }
    func resubscribe(_ other: Subscription) { subscriber?.receive(subscription: other) }
}
