import Conduit
import Foundation
import XCTest

final class DropWhileTests: XCTestCase {
    func testCancelIsPassedUpOnceAndNothingPassesAfterIt() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.drop { $0 < 0 }.subscribe(recorder)
        let subscription = RecordingSubscription()
        upstream.send(subscription: subscription)
        recorder.subscription?.cancel()
        recorder.subscription?.cancel()
        XCTAssertEqual(subscription.cancelCount, 1)
        upstream.send(5)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription"])
    }

    func testASecondCompletionIsIgnored() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.drop { $0 < 0 }.subscribe(recorder)
        upstream.send(subscription: RecordingSubscription())
        upstream.send(completion: .finished)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "finished"])
    }

    func testAValueBeforeTheSubscriptionIsIgnoredWithoutAskingThePredicate() {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let recorder = RecordingSubscriber<Int, Never>()
        var asked = 0
        upstream.drop { _ in asked += 1; return false }.subscribe(recorder)
        XCTAssertEqual(upstream.send(1), .none)
        upstream.send(completion: .finished)
        XCTAssertEqual(asked, 0)
        XCTAssertEqual(recorder.eventDescriptions, [])
    }

    func testEachDroppedValueAsksForOneMoreThenValuesPassWithTheDownstreamsDemand() {
        let upstream = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(4))
        upstream.drop { $0 < 3 }.subscribe(recorder)
        XCTAssertEqual(upstream.send(1), .max(1))
        XCTAssertEqual(upstream.send(3), .max(4))
        XCTAssertEqual(upstream.send(1), .max(4))
        XCTAssertEqual(recorder.values, [3, 1])
    }

    func testAThrowingPredicateCancelsTheUpstreamAndFails() {
        let upstream = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Error>()
        upstream.tryDrop { _ in throw TestError("no") }.subscribe(recorder)
        XCTAssertEqual(upstream.send(1), .none)
        XCTAssertTrue(upstream.subscription.isCancelled)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "failure(no)"])
        XCTAssertEqual(upstream.send(2), .none)
    }

    func testCancelBeforeTheSubscriptionLeavesItAloneAndASecondOneIsCancelled() {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let recorder = RecordingSubscriber<Int, Never>()
        let publisher = upstream.drop { $0 < 3 }
        publisher.subscribe(recorder)
        let subscriber = upstream.subscriberAsGiven as? Subscription
        subscriber?.cancel()
        upstream.sendSubscription()
        XCTAssertFalse(upstream.subscription.isCancelled)
        let other = ManualPublisher<Int, Never>()
        other.drop { $0 < 3 }.subscribe(RecordingSubscriber<Int, Never>())
        let second = RecordingSubscription()
        other.sendSubscription(second)
        XCTAssertTrue(second.isCancelled)
    }

    func testTheNamesAreCombines() throws {
        let upstream = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.drop { $0 < 3 }.subscribe(recorder)
        XCTAssertEqual(recorder.subscription.map { String(describing: $0) }, "DropWhile")
        let trying = RecordingSubscriber<Int, Error>()
        upstream.tryDrop { $0 < 3 }.subscribe(trying)
        let subscription = try XCTUnwrap(trying.subscription)
        XCTAssertEqual(String(describing: subscription), "TryDropWhile")
        XCTAssertTrue(Mirror(reflecting: subscription).children.isEmpty)
    }
}
