import Conduit
import Foundation
import Synchronization
import XCTest

/// A sink fed by a subject through Conduit's one-to-one operators (`map`, `filter`, `compactMap`)
/// and `AnyPublisher` is handed its values uncounted, as one fed by the subject directly: its
/// closures must still outlive every call under way and be let go once it has ended.
final class SinkBehindOperatorsTests: XCTestCase {
    /// Something a closure captures, which says when it is let go.
    private final class Watched: @unchecked Sendable {
        let onRelease: @Sendable () -> Void
        init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
        deinit { onRelease() }
    }

    /// The operator chains under test, each ending in the sink it is given.
    private static var chains: [(String, (PassthroughSubject<Int, Never>, Subscribers.Sink<Int, Never>) -> Void)] {
        [
        ("map", { subject, sink in subject.map { $0 }.subscribe(sink) }),
        ("map.filter", { subject, sink in subject.map { $0 &+ 0 }.filter { _ in true }.subscribe(sink) }),
        ("compactMap", { subject, sink in subject.compactMap { Optional($0) }.subscribe(sink) }),
        ("erased.map", { subject, sink in
            subject.eraseToAnyPublisher().map { $0 }.eraseToAnyPublisher().subscribe(sink)
        }),
        ]
    }

    func testSinkBehindOperatorsCancelledFromInsideItsValueClosureLetsItGoOnlyOnceTheClosureReturns() {
        for (name, attach) in Self.chains {
            final class Counter { var value = 0 }
            let subject = PassthroughSubject<Int, Never>()
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
                        // Still running after the cancel: what the closure captures must be alive.
                        seenAfterCancel.append(counter.value)
                        seenAfterCancel.append(released.load(ordering: .relaxed))
                    }
                })
                me = sink
            }
            attach(subject, sink)
            subject.send(1)
            subject.send(2)
            subject.send(3)
            withExtendedLifetime(sink) {
                XCTAssertEqual(delivered, [1, 2], name)
                XCTAssertEqual(seenAfterCancel, [3, 0], "\(name): the captures outlive the cancel inside the closure")
                XCTAssertEqual(released.load(ordering: .relaxed), 1, "\(name): let go once the closure returned")
            }
        }
    }

    func testSinkBehindOperatorsLetsItsClosuresGoWhenTheSubjectCompletesWhileItsCancellableIsKept() {
        for (name, attach) in Self.chains {
            let subject = PassthroughSubject<Int, Never>()
            let released = Atomic<Int>(0)
            var completions = 0
            let sink: Subscribers.Sink<Int, Never>
            do {
                let watched = Watched { released.add(1, ordering: .relaxed) }
                sink = Subscribers.Sink(
                    receiveCompletion: { _ in completions += 1 },
                    receiveValue: { _ in _ = watched }
                )
            }
            attach(subject, sink)
            subject.send(1)
            XCTAssertEqual(released.load(ordering: .relaxed), 0, name)
            subject.send(completion: .finished)
            withExtendedLifetime(sink) {
                XCTAssertEqual(completions, 1, name)
                XCTAssertEqual(released.load(ordering: .relaxed), 1, "\(name): let go at the completion")
            }
        }
    }

    func testCompletionSentFromInsideTheValueClosureBehindOperatorsReleasesTheClosuresAfterwards() {
        for (name, attach) in Self.chains {
            let subject = PassthroughSubject<Int, Never>()
            let released = Atomic<Int>(0)
            var received: [Int] = []
            var completions = 0
            let sink: Subscribers.Sink<Int, Never>
            do {
                let watched = Watched { released.add(1, ordering: .relaxed) }
                sink = Subscribers.Sink(
                    receiveCompletion: { _ in completions += 1 },
                    receiveValue: { value in
                        _ = watched
                        received.append(value)
                        subject.send(completion: .finished)
                        received.append(-Int(released.load(ordering: .relaxed)) - value)
                    }
                )
            }
            attach(subject, sink)
            subject.send(1)
            subject.send(2)
            withExtendedLifetime(sink) {
                XCTAssertEqual(received, [1, -1], "\(name): the closure outlives the completion inside it")
                XCTAssertEqual(completions, 1, name)
                XCTAssertEqual(released.load(ordering: .relaxed), 1, "\(name): let go once the closure returned")
            }
        }
    }

    func testSinkBehindOperatorsCancelledFromAnotherThreadWhileASubjectSendsLetsItsClosuresGoExactlyOnce() {
        for (name, attach) in Self.chains {
            for _ in 0..<20 {
                let subject = PassthroughSubject<Int, Never>()
                let released = Atomic<Int>(0)
                let received = Atomic<Int>(0)
                let sink: Subscribers.Sink<Int, Never>
                do {
                    let watched = Watched { released.add(1, ordering: .relaxed) }
                    sink = Subscribers.Sink(receiveCompletion: { _ in }, receiveValue: { _ in
                        withExtendedLifetime(watched) { _ = received.add(1, ordering: .relaxed) }
                    })
                }
                attach(subject, sink)
                let group = DispatchGroup()
                DispatchQueue.global().async(group: group) {
                    for value in 0..<2_000 { subject.send(value) }
                }
                while received.load(ordering: .relaxed) == 0 { usleep(10) }
                sink.cancel()
                let atCancel = received.load(ordering: .relaxed)
                group.wait()
                withExtendedLifetime(sink) {
                    XCTAssertEqual(released.load(ordering: .relaxed), 1, name)
                    XCTAssertEqual(
                        received.load(ordering: .relaxed), atCancel, "\(name): no value once cancel returned"
                    )
                }
            }
        }
    }

    func testCompletionRacingCancelBehindOperatorsCallsTheCompletionClosureAtMostOnceAndLetsTheClosuresGo() {
        for (name, attach) in Self.chains {
            for _ in 0..<50 {
                let subject = PassthroughSubject<Int, Never>()
                let released = Atomic<Int>(0)
                let completions = Atomic<Int>(0)
                let sink: Subscribers.Sink<Int, Never>
                do {
                    let watched = Watched { released.add(1, ordering: .relaxed) }
                    sink = Subscribers.Sink(
                        receiveCompletion: { _ in
                            withExtendedLifetime(watched) { _ = completions.add(1, ordering: .relaxed) }
                        },
                        receiveValue: { _ in _ = watched }
                    )
                }
                attach(subject, sink)
                let group = DispatchGroup()
                DispatchQueue.global().async(group: group) {
                    subject.send(1)
                    subject.send(completion: .finished)
                }
                DispatchQueue.global().async(group: group) { sink.cancel() }
                group.wait()
                withExtendedLifetime(sink) {
                    XCTAssertLessThanOrEqual(completions.load(ordering: .relaxed), 1, name)
                    XCTAssertEqual(released.load(ordering: .relaxed), 1, name)
                }
            }
        }
    }

    func testSinkOnAnObservableObjectPublisherCancelledFromInsideItsClosureLetsItGoOnlyOnceTheClosureReturns() {
        let publisher = ObservableObjectPublisher()
        let released = Atomic<Int>(0)
        var seenAfterCancel: [Int] = []
        var calls = 0
        let sink: Subscribers.Sink<Void, Never>
        do {
            let watched = Watched { released.add(1, ordering: .relaxed) }
            var me: Subscribers.Sink<Void, Never>?
            sink = Subscribers.Sink(receiveCompletion: { _ in }, receiveValue: { _ in
                _ = watched
                calls += 1
                me?.cancel()
                me = nil
                seenAfterCancel.append(released.load(ordering: .relaxed))
            })
            me = sink
        }
        publisher.subscribe(sink)
        publisher.send()
        publisher.send()
        withExtendedLifetime(sink) {
            XCTAssertEqual(calls, 1)
            XCTAssertEqual(seenAfterCancel, [0], "the captures outlive the cancel inside the closure")
            XCTAssertEqual(released.load(ordering: .relaxed), 1, "let go once the closure returned")
        }
    }
}
