import Conduit
import Dispatch
import Foundation
import Synchronization
import XCTest

/// A sink behind `flatMap` or `switchToLatest` takes their values uncounted (their deliveries never
/// overlap) and lets its closures go only once they say no delivery is under way or will come.
/// These check that its closures are let go exactly once, never while a call into them runs.
final class SinkBehindFlatMapTests: XCTestCase {
    /// Something a closure captures, which says when it is let go.
    private final class Watched: @unchecked Sendable {
        let onRelease: @Sendable () -> Void
        init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
        deinit { onRelease() }
    }

    func testCancelledFromAnotherThreadWhileAnInnerSubjectSendsItsClosuresGoOnceAfterTheLastCall() {
        for _ in 0..<50 {
            let inners = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
            let outer = PassthroughSubject<Int, Never>()
            let released = Atomic<Int>(0)
            let received = Atomic<Int>(0)
            let callsAfterRelease = Atomic<Int>(0)
            let sink: Subscribers.Sink<Int, Never>
            do {
                let watched = Watched { released.add(1, ordering: .relaxed) }
                sink = Subscribers.Sink(receiveCompletion: { _ in }, receiveValue: { _ in
                    withExtendedLifetime(watched) {
                        if released.load(ordering: .relaxed) != 0 { callsAfterRelease.add(1, ordering: .relaxed) }
                        received.add(1, ordering: .relaxed)
                    }
                })
            }
            outer.flatMap { inners[$0] }.subscribe(sink)
            for index in inners.indices { outer.send(index) }
            let group = DispatchGroup()
            for inner in inners {
                DispatchQueue.global().async(group: group) {
                    for value in 0..<500 { inner.send(value) }
                }
            }
            while received.load(ordering: .relaxed) == 0 { usleep(10) }
            sink.cancel()
            group.wait()
            withExtendedLifetime(sink) {
                XCTAssertEqual(released.load(ordering: .relaxed), 1)
                XCTAssertEqual(callsAfterRelease.load(ordering: .relaxed), 0)
            }
        }
    }

    func testCancelledFromInsideItsValueClosureItLetsItsClosuresGoOnlyOnceTheClosureReturns() {
        final class Counter { var value = 0 }
        let inners = (0..<2).map { _ in PassthroughSubject<Int, Never>() }
        let outer = PassthroughSubject<Int, Never>()
        let released = Atomic<Int>(0)
        var seenAfterCancel: [Int] = []
        var delivered: [Int] = []
        let sink: Subscribers.Sink<Int, Never>
        do {
            let counter = Counter()
            let watched = Watched { released.add(1, ordering: .relaxed) }
            var me: Subscribers.Sink<Int, Never>?
            sink = Subscribers.Sink(receiveCompletion: { _ in }, receiveValue: { value in
                _ = watched
                counter.value += value
                delivered.append(value)
                if value == 2 {
                    me?.cancel()
                    me = nil
                    seenAfterCancel.append(counter.value)
                    seenAfterCancel.append(released.load(ordering: .relaxed))
                }
            })
            me = sink
        }
        outer.flatMap { inners[$0] }.subscribe(sink)
        outer.send(0)
        outer.send(1)
        inners[0].send(1)
        inners[1].send(2)
        inners[0].send(3)
        withExtendedLifetime(sink) {
            XCTAssertEqual(delivered, [1, 2])
            XCTAssertEqual(seenAfterCancel, [3, 0], "the closure and its captures outlive the cancel inside it")
            XCTAssertEqual(released.load(ordering: .relaxed), 1, "let go once the closure returned")
        }
    }

    func testAnInnerFailingFromInsideTheValueClosureEndsTheSinkAfterTheClosureReturns() {
        let inners = (0..<2).map { _ in PassthroughSubject<Int, TestError>() }
        let outer = PassthroughSubject<Int, TestError>()
        let released = Atomic<Int>(0)
        var events: [String] = []
        let sink: Subscribers.Sink<Int, TestError>
        do {
            let watched = Watched { released.add(1, ordering: .relaxed) }
            sink = Subscribers.Sink(
                receiveCompletion: { completion in
                    _ = watched
                    events.append("\(completion)")
                },
                receiveValue: { value in
                    _ = watched
                    events.append("value \(value)")
                    if value == 1 { inners[1].send(completion: .failure(TestError())) }
                    events.append("after \(value) released \(released.load(ordering: .relaxed))")
                }
            )
        }
        outer.flatMap { inners[$0] }.subscribe(sink)
        outer.send(0)
        outer.send(1)
        inners[0].send(1)
        inners[0].send(2)
        withExtendedLifetime(sink) {
            XCTAssertEqual(events, ["value 1", "failure(boom)", "after 1 released 0"])
            XCTAssertEqual(released.load(ordering: .relaxed), 1, "let go once the delivery is over")
        }
    }

    func testItsClosuresGoWhenTheFlatMapFinishesWhileItsCancellableIsKept() {
        let inner = PassthroughSubject<Int, Never>()
        let outer = PassthroughSubject<Int, Never>()
        let released = Atomic<Int>(0)
        var received: [Int] = []
        var finished = 0
        let cancellable: AnyCancellable
        do {
            let watched = Watched { released.add(1, ordering: .relaxed) }
            cancellable = outer.flatMap { _ in inner }.sink(
                receiveCompletion: { _ in finished += 1 },
                receiveValue: { value in
                    _ = watched
                    received.append(value)
                }
            )
        }
        outer.send(0)
        inner.send(4)
        outer.send(completion: .finished)
        XCTAssertEqual(released.load(ordering: .relaxed), 0)
        inner.send(completion: .finished)
        XCTAssertEqual(received, [4])
        XCTAssertEqual(finished, 1)
        XCTAssertEqual(released.load(ordering: .relaxed), 1, "let go at the end though the cancellable is kept")
        withExtendedLifetime(cancellable) {}
    }

    func testASecondFlatMapTurnedAwayLeavesTheFirstFeedingTheSinkUntilItIsCancelled() {
        let inner = PassthroughSubject<Int, Never>()
        let other = PassthroughSubject<Int, Never>()
        let outer = PassthroughSubject<Int, Never>()
        let released = Atomic<Int>(0)
        var received: [Int] = []
        let sink: Subscribers.Sink<Int, Never>
        do {
            let watched = Watched { released.add(1, ordering: .relaxed) }
            sink = Subscribers.Sink(receiveCompletion: { _ in }, receiveValue: { value in
                _ = watched
                received.append(value)
            })
        }
        outer.flatMap { _ in inner }.subscribe(sink)
        outer.flatMap { _ in other }.subscribe(sink)
        outer.send(0)
        inner.send(1)
        other.send(2)
        XCTAssertEqual(released.load(ordering: .relaxed), 0, "the turned-away flatMap does not end the sink")
        inner.send(3)
        sink.cancel()
        inner.send(5)
        withExtendedLifetime(sink) {
            XCTAssertEqual(received, [1, 3])
            XCTAssertEqual(released.load(ordering: .relaxed), 1)
        }
    }

    func testSwitchToLatestCancelledFromInsideItsValueClosureLetsItsClosuresGoOnceTheClosureReturns() {
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let released = Atomic<Int>(0)
        var delivered: [Int] = []
        var releasedInside: [Int] = []
        let sink: Subscribers.Sink<Int, Never>
        do {
            let watched = Watched { released.add(1, ordering: .relaxed) }
            var me: Subscribers.Sink<Int, Never>?
            sink = Subscribers.Sink(receiveCompletion: { _ in }, receiveValue: { value in
                _ = watched
                delivered.append(value)
                if value == 2 {
                    me?.cancel()
                    me = nil
                    releasedInside.append(released.load(ordering: .relaxed))
                }
            })
            me = sink
        }
        outer.switchToLatest().subscribe(sink)
        outer.send(first)
        first.send(1)
        outer.send(second)
        first.send(9)
        second.send(2)
        second.send(3)
        withExtendedLifetime(sink) {
            XCTAssertEqual(delivered, [1, 2])
            XCTAssertEqual(releasedInside, [0])
            XCTAssertEqual(released.load(ordering: .relaxed), 1)
        }
    }

    // MARK: - Values delivered without the flatMap's lock

    func testAValueFromAnotherThreadDuringADeliveryWaitsAndGoesOutOnTheDeliveringThreadAfterIt() {
        let inners = (0..<2).map { _ in PassthroughSubject<Int, Never>() }
        let outer = PassthroughSubject<Int, Never>()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let log = Log()
        let cancellable = outer.flatMap { inners[$0] }.sink { value in
            log.add("value \(value) on \(Thread.isMainThread ? "main" : "other")")
            if value == 1 {
                entered.signal()
                proceed.wait()
                log.add("value 1 returns")
            }
        }
        outer.send(0)
        outer.send(1)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { inners[0].send(1) }
        entered.wait()
        inners[1].send(2)
        log.add("send 2 returned")
        proceed.signal()
        group.wait()
        XCTAssertEqual(
            log.entries,
            ["value 1 on other", "send 2 returned", "value 1 returns", "value 2 on other"]
        )
        inners[1].send(3)
        XCTAssertEqual(log.entries.last, "value 3 on main", "the next value goes out at once again")
        cancellable.cancel()
    }

    func testEverythingFinishingDuringADeliveryFinishesTheSinkOnTheDeliveringThreadAfterIt() {
        let inner = HandFedPublisher()
        let outer = PassthroughSubject<Int, Never>()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let log = Log()
        let released = Atomic<Int>(0)
        let cancellable: AnyCancellable
        do {
            let watched = Watched { released.add(1, ordering: .relaxed) }
            cancellable = outer.flatMap { _ in inner }.sink(
                receiveCompletion: { _ in
                    _ = watched
                    log.add("finished on \(Thread.isMainThread ? "main" : "other")")
                },
                receiveValue: { value in
                    _ = watched
                    log.add("value \(value)")
                    entered.signal()
                    proceed.wait()
                    log.add("value \(value) returns, released \(released.load(ordering: .relaxed))")
                }
            )
        }
        outer.send(0)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { inner.send(1) }
        entered.wait()
        outer.send(completion: .finished)
        inner.finish()
        log.add("ends sent")
        proceed.signal()
        group.wait()
        XCTAssertEqual(log.entries, ["value 1", "ends sent", "value 1 returns, released 0", "finished on other"])
        XCTAssertEqual(released.load(ordering: .relaxed), 1)
        withExtendedLifetime(cancellable) {}
    }

    func testCancelledDuringADeliveryOnAnotherThreadTheSinkIsLetGoOnceThatDeliveryReturns() {
        let inner = HandFedPublisher()
        let outer = PassthroughSubject<Int, Never>()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let released = Atomic<Int>(0)
        let releasedInside = Atomic<Int>(-1)
        let received = Atomic<Int>(0)
        let sink: Subscribers.Sink<Int, Never>
        do {
            let watched = Watched { released.add(1, ordering: .relaxed) }
            sink = Subscribers.Sink(receiveCompletion: { _ in }, receiveValue: { _ in
                _ = watched
                received.add(1, ordering: .relaxed)
                entered.signal()
                proceed.wait()
                releasedInside.store(released.load(ordering: .relaxed), ordering: .relaxed)
            })
        }
        outer.flatMap { _ in inner }.subscribe(sink)
        outer.send(0)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { inner.send(1) }
        entered.wait()
        sink.cancel()
        XCTAssertEqual(released.load(ordering: .relaxed), 0, "its closure is still running")
        inner.send(2)
        proceed.signal()
        group.wait()
        withExtendedLifetime(sink) {
            XCTAssertEqual(received.load(ordering: .relaxed), 1)
            XCTAssertEqual(releasedInside.load(ordering: .relaxed), 0, "not let go while its closure runs")
            XCTAssertEqual(released.load(ordering: .relaxed), 1)
        }
    }

    func testValuesFromManyInnerSubjectsOnManyThreadsEachArriveOnceWithoutOverlapping() {
        let inners = (0..<8).map { _ in PassthroughSubject<Int, Never>() }
        let outer = PassthroughSubject<Int, Never>()
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let total = Atomic<Int>(0)
        let cancellable = outer.flatMap { inners[$0] }.sink { value in
            if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 { overlaps.add(1, ordering: .relaxed) }
            total.add(value, ordering: .relaxed)
            inside.subtract(1, ordering: .acquiringAndReleasing)
        }
        for index in inners.indices { outer.send(index) }
        let group = DispatchGroup()
        for inner in inners {
            DispatchQueue.global().async(group: group) {
                for _ in 0..<1_000 { inner.send(1) }
            }
        }
        group.wait()
        XCTAssertEqual(total.load(ordering: .relaxed), inners.count * 1_000)
        XCTAssertEqual(overlaps.load(ordering: .relaxed), 0)
        cancellable.cancel()
    }
}

/// Lines written from several threads, in the order they were written.
private final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var entries: [String] { lock.withLock { lines } }
    func add(_ line: String) { lock.withLock { lines.append(line) } }
}

/// A publisher whose values the test sends by hand, on any thread, straight into its subscriber
/// (no lock of its own around the call, unlike a subject's delivery).
private final class HandFedPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never
    private let lock = NSLock()
    private var subscriber: AnySubscriber<Int, Never>?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        lock.withLock { self.subscriber = AnySubscriber(subscriber) }
        subscriber.receive(subscription: Subscriptions.empty)
    }

    func send(_ value: Int) {
        _ = lock.withLock { subscriber }?.receive(value)
    }

    func finish() {
        lock.withLock { subscriber }?.receive(completion: .finished)
    }
}
