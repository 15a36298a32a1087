import Conduit
import XCTest

/// `dropFirst(_:)`: when and how much it asks the upstream for.
final class DropTests: XCTestCase {
    func testFirstRequestAsksForTheDemandPlusTheElementsToDropInOneRequest() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(42), demandPerValue: .max(3))
        upstream.dropFirst(2).subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.requests, [.max(44)])
        XCTAssertEqual(upstream.send(1), .none)
        XCTAssertEqual(upstream.send(2), .none)
        XCTAssertEqual(upstream.send(3), .max(3))
        XCTAssertEqual(subscriber.values, [3])
        subscriber.request(.max(5))
        XCTAssertEqual(upstream.subscription.requests, [.max(44), .max(5)])
    }

    func testDownstreamIsSubscribedBeforeTheUpstreamAndItsEarlyDemandIsKept() {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(10))
        upstream.dropFirst(4).subscribe(subscriber)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription"])
        upstream.sendSubscription()
        XCTAssertEqual(upstream.subscription.requests, [.max(14)])
    }

    func testWithoutDemandTheUpstreamIsAskedOnlyForTheElementsToDrop() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.dropFirst().subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
        let subscription = subscriber.subscription
        subscriber.cancel()
        subscription?.request(.unlimited)
        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func testDroppingNothingAsksForNothingUntilRequested() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none, demandPerValue: .max(1))
        upstream.dropFirst(0).subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.requests, [])
        subscriber.request(.max(42))
        XCTAssertEqual(upstream.subscription.requests, [.max(42)])
        XCTAssertEqual(upstream.send(1), .max(1))
    }

    func testAValueAndACompletionBeforeTheUpstreamsSubscriptionStillGoDownstream() {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Int, Never>()
        upstream.dropFirst(0).subscribe(subscriber)
        upstream.send(7)
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(7)", "finished"])
    }

    func testCancelBeforeTheUpstreamCameLeavesItsLateSubscriptionAlone() {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(3))
        upstream.dropFirst(1).subscribe(subscriber)
        subscriber.cancel()
        upstream.sendSubscription()
        XCTAssertEqual(upstream.subscription.requests, [])
        XCTAssertFalse(upstream.subscription.isCancelled)
    }

    func testASecondSubscriptionIsCancelled() {
        let upstream = ManualPublisher<Int, Never>()
        upstream.dropFirst(1).subscribe(RecordingSubscriber<Int, Never>())
        let second = RecordingSubscription()
        upstream.sendSubscription(second)
        XCTAssertTrue(second.isCancelled)
        XCTAssertFalse(upstream.subscription.isCancelled)
    }

    func testItNamesItselfDropAndShowsNoChildren() throws {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>()
        upstream.dropFirst(3).subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)
        XCTAssertEqual(String(describing: subscription), "Drop")
        XCTAssertTrue(Mirror(reflecting: subscription).children.isEmpty)
        XCTAssertEqual((subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String, "Drop")
    }

    func testANegativeCountIsAcceptedUntilSubscribed() {
        let drop = Publishers.Drop(upstream: Just(1), count: -1)
        XCTAssertEqual(drop.count, -1)
    }

    func testEveryCompletionGoesDownstreamAndLaterRequestsGoNowhere() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, TestError>(initialDemand: .max(1))
        upstream.dropFirst(1).subscribe(subscriber)
        upstream.send(completion: .finished)
        upstream.send(completion: .failure(TestError()))
        subscriber.request(.max(3))
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "finished", "failure(boom)"])
        XCTAssertEqual(upstream.subscription.requests, [.max(2)])
    }
}
