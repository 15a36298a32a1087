import Conduit
import ConduitTesting
import Foundation
import XCTest

/// A subscription that records, for each request and cancel, whether it ran on the queue marked
/// with `key` (for `subscribe(on:)`).
private final class QueueCheckingSubscription: Subscription, @unchecked Sendable {
    private let lock = NSLock()
    private let key: DispatchSpecificKey<Int>
    private var _log: [String] = []
    let done = DispatchSemaphore(value: 0)
    var log: [String] { lock.withLock { _log } }

    init(key: DispatchSpecificKey<Int>) {
        self.key = key
    }

    private func record(_ event: String) {
        let place = DispatchQueue.getSpecific(key: key) == 1 ? "on queue" : "elsewhere"
        lock.withLock { _log.append("\(event) \(place)") }
        done.signal()
    }

    func request(_ demand: Subscribers.Demand) { record("request \(demand)") }
    func cancel() { record("cancel") }
}

/// A publisher that records whether it was subscribed on the marked queue, and hands out a
/// `QueueCheckingSubscription`.
private final class QueueCheckingPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    let subscription: QueueCheckingSubscription
    private let key: DispatchSpecificKey<Int>
    private let lock = NSLock()
    private var _subscribedOnQueue: Bool?
    var subscribedOnQueue: Bool? { lock.withLock { _subscribedOnQueue } }

    init(key: DispatchSpecificKey<Int>) {
        self.key = key
        subscription = QueueCheckingSubscription(key: key)
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        lock.withLock { _subscribedOnQueue = DispatchQueue.getSpecific(key: key) == 1 }
        subscriber.receive(subscription: subscription)
    }
}

/// Issue 4's rules for `receive(on:)`, `subscribe(on:)` and `delay`, checked where the existing
/// time tests did not: which queue each event runs on, and that nothing is reordered.
final class SchedulingRulesTests: XCTestCase {
    private final class Deliveries: @unchecked Sendable {
        private let lock = NSLock()
        private var _values: [Int] = []
        private var _offQueue = 0
        var values: [Int] { lock.withLock { _values } }
        var offQueue: Int { lock.withLock { _offQueue } }
        func record(_ value: Int?, onQueue: Bool) {
            lock.withLock {
                if let value { _values.append(value) }
                if !onQueue { _offQueue += 1 }
            }
        }
    }

    private func markedQueue() -> (DispatchQueue, DispatchSpecificKey<Int>) {
        let queue = DispatchQueue(label: "conduit.test.scheduling")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 1)
        return (queue, key)
    }

    func testReceiveOnDeliversValuesAndCompletionOnTheQueueInTheOrderSent() {
        let (queue, key) = markedQueue()
        let subject = PassthroughSubject<Int, Never>()
        let deliveries = Deliveries()
        let done = expectation(description: "finished")
        let cancellable = subject.receive(on: queue).sink(receiveCompletion: { _ in
            deliveries.record(nil, onQueue: DispatchQueue.getSpecific(key: key) == 1)
            done.fulfill()
        }, receiveValue: { value in
            deliveries.record(value, onQueue: DispatchQueue.getSpecific(key: key) == 1)
        })
        for value in 1...1_000 { subject.send(value) }
        subject.send(completion: .finished)
        wait(for: [done], timeout: 10)
        XCTAssertEqual(deliveries.values, Array(1...1_000))
        XCTAssertEqual(deliveries.offQueue, 0)
        cancellable.cancel()
    }

    /// Four threads send at once into `receive(on:)` on a concurrent queue, whose actions run side
    /// by side: the downstream still gets one call at a time, every value once, and the completion
    /// last.
    func testReceiveOnAConcurrentQueueDeliversOneAtATimeEveryValueOnceAndTheCompletionLast() {
        final class Overlaps: @unchecked Sendable {
            private let lock = NSLock()
            private var inside = false
            private var _overlaps = 0
            private var _values: [Int] = []
            private var _afterCompletion = 0
            private var completed = false
            var overlaps: Int { lock.withLock { _overlaps } }
            var values: [Int] { lock.withLock { _values } }
            var afterCompletion: Int { lock.withLock { _afterCompletion } }
            func enter(_ value: Int?) {
                lock.withLock {
                    if inside { _overlaps += 1 }
                    inside = true
                    if completed { _afterCompletion += 1 }
                    if let value { _values.append(value) } else { completed = true }
                }
            }
            func leave() { lock.withLock { inside = false } }
        }
        let queue = DispatchQueue(label: "conduit.test.concurrent", attributes: .concurrent)
        let subject = PassthroughSubject<Int, Never>()
        let seen = Overlaps()
        let done = expectation(description: "finished")
        let cancellable = subject.receive(on: queue).sink(receiveCompletion: { _ in
            seen.enter(nil)
            seen.leave()
            done.fulfill()
        }, receiveValue: { value in
            seen.enter(value)
            usleep(value % 50 == 0 ? 100 : 0)
            seen.leave()
        })
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<500 { subject.send(thread * 500 + value) }
        }
        subject.send(completion: .finished)
        wait(for: [done], timeout: 20)
        XCTAssertEqual(seen.overlaps, 0, "two deliveries overlapped")
        XCTAssertEqual(seen.values.sorted(), Array(0..<2_000))
        XCTAssertEqual(seen.afterCompletion, 0, "a value came after the completion")
        cancellable.cancel()
    }

    func testReceiveOnDoesNotDeliverOnTheSendingThread() {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.receive(on: scheduler).sink { received.append($0) }
        subject.send(1)
        XCTAssertEqual(received, [], "delivery waits for the scheduler")
        subject.send(2)
        subject.send(3)
        scheduler.advance()
        XCTAssertEqual(received, [1, 2, 3])
        cancellable.cancel()
    }

    func testSubscribeOnMovesSubscribeRequestsAndCancelToTheScheduler() {
        let scheduler = VirtualTimeScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.subscribe(on: scheduler).subscribe(subscriber)
        XCTAssertEqual(upstream.subscribeCount, 0)
        scheduler.advance()
        XCTAssertEqual(upstream.subscribeCount, 1)
        subscriber.request(.max(2))
        XCTAssertEqual(upstream.subscription.requests, [], "the request waits for the scheduler")
        scheduler.advance()
        XCTAssertEqual(upstream.subscription.requests, [.max(2)])
        subscriber.cancel()
        XCTAssertFalse(upstream.subscription.isCancelled, "the cancel waits for the scheduler")
        scheduler.advance()
        XCTAssertTrue(upstream.subscription.isCancelled)
    }

    func testSubscribeOnADispatchQueueSubscribesRequestsAndCancelsOnThatQueue() {
        let (queue, key) = markedQueue()
        let upstream = QueueCheckingPublisher(key: key)
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.subscribe(on: queue).subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.done.wait(timeout: .now() + 10), .success)
        subscriber.request(.max(3))
        XCTAssertEqual(upstream.subscription.done.wait(timeout: .now() + 10), .success)
        subscriber.cancel()
        XCTAssertEqual(upstream.subscription.done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(upstream.subscribedOnQueue, true)
        XCTAssertEqual(upstream.subscription.log, ["request max(1) on queue", "request max(3) on queue",
            "cancel on queue"])
    }

    func testDelayOnADispatchQueueKeepsTheOrderOfManyValues() {
        let (queue, key) = markedQueue()
        let deliveries = Deliveries()
        let done = expectation(description: "finished")
        let cancellable = (1...300).publisher
            .delay(for: .milliseconds(1), scheduler: queue)
            .sink(receiveCompletion: { _ in done.fulfill() }, receiveValue: { value in
                deliveries.record(value, onQueue: DispatchQueue.getSpecific(key: key) == 1)
            })
        wait(for: [done], timeout: 10)
        XCTAssertEqual(deliveries.values, Array(1...300))
        XCTAssertEqual(deliveries.offQueue, 0)
        cancellable.cancel()
    }

    func testDelayKeepsTheOrderOfValuesSentInTheSameInstant() {
        Marbles.validate("(abc)-d|", { $0.delay(for: .milliseconds(20), scheduler: $1).eraseToAnyPublisher() },
                         expected: "--(abc)-d|")
    }

    func testThrottleLatestAndFirstDifferOnlyInWhichValueOfAWindowGoesOut() {
        // One window (0-30ms) after the first value: b, c, then quiet.
        Marbles.validate("abc-----|", { $0.throttle(for: .milliseconds(30), scheduler: $1,
            latest: true).eraseToAnyPublisher() },
                         expected: "a--c----|")
        Marbles.validate("abc-----|", { $0.throttle(for: .milliseconds(30), scheduler: $1,
            latest: false).eraseToAnyPublisher() },
                         expected: "a--b----|")
    }

    func testTimeoutWithoutCustomErrorFinishesAndWithItFails() {
        Marbles.validate("a---", { $0.timeout(.milliseconds(20), scheduler: $1).eraseToAnyPublisher() },
                         expected: "a-|")
        Marbles.validate("a---", { $0.timeout(.milliseconds(20), scheduler: $1,
            customError: { TestError() }).eraseToAnyPublisher() },
                         expected: "a-#")
    }

    func testTimeoutRestartsOnEachValue() {
        Marbles.validate("a-b-c-----", { $0.timeout(.milliseconds(30), scheduler: $1,
            customError: { TestError() }).eraseToAnyPublisher() },
                         expected: "a-b-c--#")
    }
}
