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
}
