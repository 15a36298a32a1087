import Conduit
import Foundation
import XCTest

final class FutureTests: XCTestCase {
    func testClosureRunsOnceAtCreation() {
        let runs = ManagedCounter()
        let future = Future<Int, Never> { promise in
            runs.increment()
            promise(.success(1))
        }
        XCTAssertEqual(runs.value, 1)
        _ = future.sink { _ in }
        _ = future.sink { _ in }
        XCTAssertEqual(runs.value, 1)
    }

    func testLateSubscriberReceivesTheResult() {
        let future = Future<String, Never> { $0(.success("done")) }
        let subscriber = RecordingSubscriber<String, Never>()
        future.subscribe(subscriber)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(done)", "finished"])
    }

    func testEarlySubscriberWaitsForThePromise() {
        var fulfil: Future<Int, TestError>.Promise?
        let future = Future<Int, TestError> { fulfil = $0 }
        let subscriber = RecordingSubscriber<Int, TestError>()
        future.subscribe(subscriber)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription"])
        fulfil?(.success(5))
        fulfil?(.success(6))
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(5)", "finished"])
    }

    func testValueWaitsForDemand() {
        let future = Future<Int, Never> { $0(.success(3)) }
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        future.subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [])
        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(3)", "finished"])
    }

    func testFailureIsDeliveredWithoutDemand() {
        let future = Future<Int, TestError> { $0(.failure(TestError("late"))) }
        let subscriber = RecordingSubscriber<Int, TestError>(initialDemand: .none)
        future.subscribe(subscriber)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "failure(late)"])
    }

    func testPromiseFulfilledFromAnotherThreadReachesAllSubscribers() {
        let future = Future<Int, Never> { promise in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
                promise(.success(42))
            }
        }
        let subscribers = (0..<20).map { _ in RecordingSubscriber<Int, Never>() }
        DispatchQueue.concurrentPerform(iterations: subscribers.count) { index in
            future.subscribe(subscribers[index])
        }
        let done = expectation(description: "all finished")
        DispatchQueue.global().async {
            while !subscribers.allSatisfy(\.isFinished) { usleep(1000) }
            done.fulfill()
        }
        wait(for: [done], timeout: 5)
        for subscriber in subscribers {
            XCTAssertEqual(subscriber.values, [42])
        }
    }

    func testRequestsCancelsAndTheFulfilmentRacingFromManyThreadsDeliverAtMostOnce() {
        for round in 0..<200 {
            var fulfil: Future<Int, Never>.Promise?
            let future = Future<Int, Never> { fulfil = $0 }
            let subscribers = (0..<4).map { _ in RecordingSubscriber<Int, Never>(initialDemand: .none) }
            for subscriber in subscribers { future.subscribe(subscriber) }
            let promise = fulfil!
            DispatchQueue.concurrentPerform(iterations: 9) { index in
                switch index {
                case 8: promise(.success(round))
                case 4..<8 where index % 2 == 0: subscribers[index - 4].cancel()
                default: subscribers[index % 4].request(.max(1))
                }
            }
            for (index, subscriber) in subscribers.enumerated() {
                let events = subscriber.eventDescriptions
                XCTAssertEqual(subscriber.overlappingDeliveries, 0)
                if index % 2 == 0 {
                    // Cancelled at some point: everything or nothing after the subscription.
                    XCTAssertTrue(events == ["subscription"] || events == ["subscription", "value(\(round))",
                        "finished"], "\(events)")
                } else {
                    XCTAssertEqual(events, ["subscription", "value(\(round))", "finished"])
                }
            }
        }
    }

    func testCancellingWhileTheFutureIsPendingReleasesTheSubscriber() {
        let neverFulfilled = Future<Int, Never> { _ in }
        weak var weakSubscriber: RecordingSubscriber<Int, Never>?
        do {
            let subscriber = RecordingSubscriber<Int, Never>()
            weakSubscriber = subscriber
            neverFulfilled.subscribe(subscriber)
            subscriber.cancel()
        }
        XCTAssertNil(weakSubscriber, "the pending future lets go of the cancelled subscription and subscriber")
        withExtendedLifetime(neverFulfilled) {}
    }

    func testCancelledSubscriberGetsNothing() {
        var fulfil: Future<Int, Never>.Promise?
        let future = Future<Int, Never> { fulfil = $0 }
        var received: [Int] = []
        let cancellable = future.sink { received.append($0) }
        cancellable.cancel()
        fulfil?(.success(1))
        XCTAssertEqual(received, [])
    }

    func testTheSubscriptionShowsTheFutureAndSubscriberUntilItHasDelivered() throws {
        var fulfil: Future<Int, Never>.Promise?
        let future = Future<Int, Never> { fulfil = $0 }
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        future.subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)
        XCTAssertEqual(String(describing: subscription), "Future")
        func children() -> [String: String] {
            Dictionary(uniqueKeysWithValues: Mirror(reflecting: subscription).children.map {
                ($0.label ?? "", String(describing: $0.value))
            })
        }
        XCTAssertEqual(Mirror(reflecting: subscription).children.map(\.label),
                       ["parent", "downstream", "hasAnyDemand", "subject"])
        XCTAssertTrue(children()["parent"]?.contains("Future") ?? false)
        XCTAssertEqual(children()["hasAnyDemand"], "false")
        var parentDuringDelivery: String?
        subscriber.onValue = { _ in parentDuringDelivery = children()["parent"] }
        subscriber.request(.max(1))
        XCTAssertEqual(children()["hasAnyDemand"], "true")
        fulfil?(.success(3))
        XCTAssertTrue(parentDuringDelivery?.contains("Future") ?? false, "held while the value goes out")
        XCTAssertEqual(children()["parent"], "nil")
        XCTAssertEqual(children()["downstream"], "nil")
    }

    func testCancellingAPendingSubscriptionFreesItAndTheFuture() {
        weak var weakFuture: Future<Int, Never>?
        weak var weakSubscription: AnyObject?
        do {
            let future = Future<Int, Never> { _ in }
            weakFuture = future
            let subscriber = RecordingSubscriber<Int, Never>()
            future.subscribe(subscriber)
            weakSubscription = subscriber.subscription as AnyObject?
            subscriber.cancel()
        }
        XCTAssertNil(weakSubscription)
        XCTAssertNil(weakFuture)
    }

    func testAValueDeliveredOnRequestLeavesTheFutureInTheMirrorButNotTheSubscriber() throws {
        let future = Future<Int, Never> { $0(.success(5)) }
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        future.subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)
        subscription.request(.max(1))
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(5)", "finished"])
        let children = Dictionary(uniqueKeysWithValues: Mirror(reflecting: subscription).children.map {
            ($0.label ?? "", String(describing: $0.value))
        })
        XCTAssertTrue(children["parent"]?.contains("Future") ?? false)
        XCTAssertEqual(children["downstream"], "nil")
    }
}

/// A thread-safe counter for tests.
final class ManagedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
