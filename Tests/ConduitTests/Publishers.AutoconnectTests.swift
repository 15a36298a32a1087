import Conduit
import Foundation
import XCTest

final class AutoconnectTests: XCTestCase {
    func testAutoconnectConnectsOnTheFirstSubscriberAndAgainAfterEveryoneCancelled() {
        let upstream = ManualPublisher<Int, Never>()
        let auto = upstream.makeConnectable().autoconnect()
        XCTAssertEqual(upstream.subscribeCount, 0)
        let first = RecordingSubscriber<Int, Never>()
        auto.subscribe(first)
        XCTAssertEqual(upstream.subscribeCount, 1)
        upstream.send(1)
        XCTAssertEqual(first.values, [1])
        first.cancel()
        XCTAssertTrue(upstream.subscription.isCancelled)
        let second = RecordingSubscriber<Int, Never>()
        auto.subscribe(second)
        XCTAssertEqual(upstream.subscribeCount, 2)
    }

    func testSubscribersHoldTheUpstreamsOwnSubscriptionUnderItsNameAndIdentity() throws {
        let upstream = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.makeConnectable().autoconnect().subscribe(recorder)
        let subscription = try XCTUnwrap(recorder.subscription)
        XCTAssertEqual(String(describing: subscription), "Multicast")
        XCTAssertFalse(subscription is CustomReflectable)

        let plain = ManualConnectable()
        let other = RecordingSubscriber<Int, Never>()
        plain.autoconnect().subscribe(other)
        XCTAssertEqual(other.subscription?.combineIdentifier, plain.subscription.combineIdentifier)
        XCTAssertEqual(plain.subscriberDescriptions, ["Autoconnect"])
        XCTAssertEqual(plain.subscriberMirrorLabels, [["parent", "downstream"]])
    }

    func testEveryCancelReachesTheUpstreamButOnlyTheFirstCountsForTheConnection() throws {
        let plain = ManualConnectable()
        let auto = plain.autoconnect()
        let a = RecordingSubscriber<Int, Never>()
        let b = RecordingSubscriber<Int, Never>()
        auto.subscribe(a)
        auto.subscribe(b)
        let first = try XCTUnwrap(a.subscription)
        first.cancel()
        first.cancel()
        XCTAssertEqual(plain.subscription.cancelCount, 2)
        XCTAssertEqual(plain.disconnects, 0, "b still counts")
        b.cancel()
        XCTAssertEqual(plain.disconnects, 1)
    }

    func testACompletedSubscriberStillCountsUntilItCancels() throws {
        let plain = ManualConnectable()
        let auto = plain.autoconnect()
        let a = RecordingSubscriber<Int, Never>()
        auto.subscribe(a)
        plain.finish()
        XCTAssertTrue(a.isFinished)
        XCTAssertEqual(plain.disconnects, 0)
        try XCTUnwrap(a.subscription).cancel()
        XCTAssertEqual(plain.disconnects, 1)
    }

    func testSubscribingAndCancellingFromManyThreadsConnectsAndDisconnectsInStep() {
        let plain = ManualConnectable()
        let auto = plain.autoconnect()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<50 {
                let recorder = RecordingSubscriber<Int, Never>()
                auto.subscribe(recorder)
                recorder.cancel()
            }
        }
        XCTAssertEqual(plain.connects, plain.disconnects)
        XCTAssertGreaterThan(plain.connects, 0)
    }
}

/// A connectable publisher for tests: hands each subscriber the same `RecordingSubscription`,
/// notes how subscribers describe themselves, and counts connections and their cancellations.
private final class ManualConnectable: ConnectablePublisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    private let lock = NSLock()
    let subscription = RecordingSubscription()
    private var subscribers: [any Subscriber<Int, Never>] = []
    private(set) var subscriberDescriptions: [String] = []
    private(set) var subscriberMirrorLabels: [[String?]] = []
    private var counts = (connects: 0, disconnects: 0)

    var connects: Int { lock.withLock { counts.connects } }
    var disconnects: Int { lock.withLock { counts.disconnects } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        lock.withLock {
            subscribers.append(subscriber)
            subscriberDescriptions.append(String(describing: subscriber))
            subscriberMirrorLabels.append(Mirror(reflecting: subscriber).children.map(\.label))
        }
        subscriber.receive(subscription: subscription)
    }

    func connect() -> Cancellable {
        lock.withLock { counts.connects += 1 }
        return AnyCancellable { [self] in lock.withLock { counts.disconnects += 1 } }
    }

    func finish() {
        for subscriber in lock.withLock({ subscribers }) {
            subscriber.receive(completion: .finished)
        }
    }
}
