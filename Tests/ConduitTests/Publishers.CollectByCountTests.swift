import Conduit
import XCTest

/// `collect(_ count:)`: demand, early events, extra subscriptions and what reflection shows.
final class CollectByCountTests: XCTestCase {
    func testARequestForArraysAsksForThatManyTimesTheCount() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<[Int], Never>(initialDemand: .max(2), demandPerValue: .max(1))
        upstream.collect(3).subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.requests, [.max(6)])
        XCTAssertEqual(upstream.send(1), .none)
        XCTAssertEqual(upstream.send(2), .none)
        XCTAssertEqual(upstream.send(3), .max(3))
        upstream.send(4)
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value([1, 2, 3])", "value([4])", "finished"])
    }

    func testAValueBeforeTheSubscriptionIsIgnoredButACompletionPasses() {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<[Int], Never>()
        upstream.collect(2).subscribe(subscriber)
        XCTAssertEqual(upstream.send(1), .none)
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.eventDescriptions, ["finished"])
    }

    func testASecondSubscriptionIsCancelledAndCancelReachesTheFirst() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<[Int], Never>()
        upstream.collect(2).subscribe(subscriber)
        let second = RecordingSubscription()
        upstream.sendSubscription(second)
        XCTAssertEqual(second.cancelCount, 1)
        XCTAssertFalse(upstream.subscription.isCancelled)
        subscriber.cancel()
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
        let late = RecordingSubscription()
        upstream.sendSubscription(late)
        XCTAssertEqual(late.cancelCount, 1)
    }

    func testAFailureDropsThePartArray() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<[Int], TestError>()
        upstream.collect(2).subscribe(subscriber)
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "failure(boom)"])
    }

    func testReflectionShowsTheDownstreamTheSubscriptionTheBufferAndTheCount() throws {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<[Int], Never>()
        upstream.collect(5).subscribe(subscriber)
        upstream.send(8)
        let subscription = try XCTUnwrap(subscriber.subscription)
        let children = Mirror(reflecting: subscription).children
        XCTAssertEqual(children.map(\.label), ["downstream", "upstreamSubscription", "buffer", "count"])
        XCTAssertEqual(children.map { String(describing: $0.value) }.suffix(2), ["[8]", "5"])
        XCTAssertEqual(String(describing: subscription), "CollectByCount")
        XCTAssertEqual(
            (subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String, "CollectByCount"
        )
    }
}
