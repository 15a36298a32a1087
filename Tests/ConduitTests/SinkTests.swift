import Conduit
import Foundation
import Synchronization
import XCTest

/// A publisher whose subscription is a struct (Combine allows any type): it records what its
/// subscriber asks for.
private struct StructSubscriptionPublisher: Publisher {
    typealias Output = Int
    typealias Failure = Never

    final class Log: @unchecked Sendable {
        var requests: [Subscribers.Demand] = []
        var cancels = 0
        let identifier = CombineIdentifier()
    }

    struct Ticket: Subscription {
        let log: Log
        var combineIdentifier: CombineIdentifier { log.identifier }
        func request(_ demand: Subscribers.Demand) { log.requests.append(demand) }
        func cancel() { log.cancels += 1 }
    }

    let log = Log()

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        subscriber.receive(subscription: Ticket(log: log))
        _ = subscriber.receive(7)
    }
}

final class SinkTests: XCTestCase {
    func testSinkKeepsASubscriptionThatIsAStructAndCancelsIt() {
        let publisher = StructSubscriptionPublisher()
        var received: [Int] = []
        let cancellable = publisher.sink { received.append($0) }
        XCTAssertEqual(publisher.log.requests, [.unlimited])
        XCTAssertEqual(received, [7])
        cancellable.cancel()
        cancellable.cancel()
        XCTAssertEqual(publisher.log.cancels, 1)
    }

    func testSinkCancelsASecondSubscriptionThatIsAStruct() {
        let first = StructSubscriptionPublisher()
        let second = StructSubscriptionPublisher()
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        first.subscribe(sink)
        second.subscribe(sink)
        XCTAssertEqual(second.log.requests, [])
        XCTAssertEqual(second.log.cancels, 1)
        sink.cancel()
        XCTAssertEqual(first.log.cancels, 1)
    }

    func testAssignCancelsASubscriptionThatIsAStruct() {
        final class Box { var value = 0 }
        let box = Box()
        let publisher = StructSubscriptionPublisher()
        let cancellable = publisher.assign(to: \.value, on: box)
        XCTAssertEqual(box.value, 7)
        XCTAssertEqual(publisher.log.requests, [.unlimited])
        cancellable.cancel()
        XCTAssertEqual(publisher.log.cancels, 1)
    }

    func testSinkLetsItsClosuresGoWhenASynchronousPublisherCompletesWhileItsCancellableIsKept() {
        final class Tracked {}
        weak var released: Tracked?
        var received: [Int] = []
        var cancellable: AnyCancellable?
        do {
            let tracked = Tracked()
            released = tracked
            cancellable = Just(3).sink(receiveCompletion: { _ in _ = tracked }, receiveValue: { received.append($0) })
        }
        XCTAssertEqual(received, [3])
        XCTAssertNil(released, "Just completes during subscribe; the closures go though the cancellable is kept")
        cancellable?.cancel()
        cancellable = nil
    }

    func testCompletionSentFromInsideTheValueClosureReleasesTheClosuresAfterwards() {
        final class Tracked {}
        weak var released: Tracked?
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var completions = 0
        var cancellable: AnyCancellable?
        do {
            let tracked = Tracked()
            released = tracked
            cancellable = subject.sink(
                receiveCompletion: { _ in completions += 1 },
                receiveValue: { value in
                    _ = tracked
                    received.append(value)
                    subject.send(completion: .finished)
                    received.append(-value)
                }
            )
        }
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(received, [1, -1])
        XCTAssertEqual(completions, 1)
        XCTAssertNil(released)
        cancellable?.cancel()
    }

    func testCancellablesDroppedOnOneThreadWhileTheirPublishersCompleteOnAnother() {
        final class Holder: @unchecked Sendable {
            let lock = NSLock()
            var cancellables: [AnyCancellable] = []
        }
        for _ in 0..<200 {
            let subject = PassthroughSubject<Int, Never>()
            let holder = Holder()
            holder.cancellables = (0..<20).map { _ in subject.sink { _ in } }
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                subject.send(1)
                subject.send(completion: .finished)
            }
            DispatchQueue.global().async(group: group) {
                holder.lock.lock()
                holder.cancellables.removeAll()
                holder.lock.unlock()
            }
            group.wait()
            holder.lock.lock()
            XCTAssertTrue(holder.cancellables.isEmpty)
            holder.lock.unlock()
        }
    }

    // MARK: - Letting the closures go when cancelled

    /// Something a closure captures, which says when it is let go.
    private final class Watched: @unchecked Sendable {
        let onRelease: @Sendable () -> Void
        init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
        deinit { onRelease() }
    }

    /// A subscription that does nothing but count its cancellations.
    private final class InertSubscription: Subscription, @unchecked Sendable {
        let cancels = Atomic<Int>(0)
        func request(_ demand: Subscribers.Demand) {}
        func cancel() { cancels.add(1, ordering: .relaxed) }
    }

    func testCancellingASubscribedSinkLetsBothClosuresGoWhileTheSinkIsStillHeld() {
        let released = Atomic<Int>(0)
        let sink: Subscribers.Sink<Int, Never>
        do {
            let forValues = Watched { released.add(1, ordering: .relaxed) }
            let forCompletion = Watched { released.add(1, ordering: .relaxed) }
            sink = Subscribers.Sink(
                receiveCompletion: { _ in _ = forCompletion },
                receiveValue: { _ in _ = forValues }
            )
        }
        let subscription = InertSubscription()
        sink.receive(subscription: subscription)
        XCTAssertEqual(released.load(ordering: .relaxed), 0)
        sink.cancel()
        withExtendedLifetime(sink) {
            XCTAssertEqual(released.load(ordering: .relaxed), 2)
            XCTAssertEqual(subscription.cancels.load(ordering: .relaxed), 1)
        }
    }

    func testCancellingASinkBeforeItsSubscriptionKeepsItsClosuresAndTurnsTheSubscriptionAway() {
        let released = Atomic<Int>(0)
        let sink: Subscribers.Sink<Int, Never>
        do {
            let captured = Watched { released.add(1, ordering: .relaxed) }
            sink = Subscribers.Sink(receiveCompletion: { _ in }, receiveValue: { _ in _ = captured })
        }
        sink.cancel()
        let subscription = InertSubscription()
        sink.receive(subscription: subscription)
        withExtendedLifetime(sink) {
            XCTAssertEqual(released.load(ordering: .relaxed), 0, "Combine keeps them until the sink goes")
            XCTAssertEqual(subscription.cancels.load(ordering: .relaxed), 1)
        }
    }

    func testSinkCancelledFromInsideItsValueClosureLetsItGoOnlyOnceTheClosureReturns() {
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
        subject.subscribe(sink)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        withExtendedLifetime(sink) {
            XCTAssertEqual(delivered, [1, 2])
            XCTAssertEqual(seenAfterCancel, [3, 0], "the closure and its captures outlive the cancel inside it")
            XCTAssertEqual(released.load(ordering: .relaxed), 1, "let go once the closure returned")
        }
    }

    func testValueSentFromInsideTheClosureOfACancelledSinkIsNotDeliveredToIt() {
        let subject = PassthroughSubject<Int, Never>()
        var delivered: [Int] = []
        var me: Subscribers.Sink<Int, Never>?
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { value in
            delivered.append(value)
            if value == 1 {
                me?.cancel()
                subject.send(10)
            }
        })
        me = sink
        subject.subscribe(sink)
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(delivered, [1])
        me = nil
    }

    func testSinkCancelledFromAnotherThreadWhileASubjectSendsLetsItsClosuresGoExactlyOnce() {
        for _ in 0..<50 {
            let subject = PassthroughSubject<Int, Never>()
            let released = Atomic<Int>(0)
            let received = Atomic<Int>(0)
            let sink: Subscribers.Sink<Int, Never>
            do {
                let watched = Watched { released.add(1, ordering: .relaxed) }
                sink = Subscribers.Sink(receiveCompletion: { _ in }, receiveValue: { _ in
                    _ = watched
                    received.add(1, ordering: .relaxed)
                })
            }
            subject.subscribe(sink)
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                for value in 0..<2_000 { subject.send(value) }
            }
            while received.load(ordering: .relaxed) == 0 { usleep(10) }
            sink.cancel()
            let atCancel = received.load(ordering: .relaxed)
            group.wait()
            withExtendedLifetime(sink) {
                XCTAssertEqual(released.load(ordering: .relaxed), 1)
                XCTAssertEqual(received.load(ordering: .relaxed), atCancel, "no value once cancel has returned")
            }
        }
    }

    func testSinkCancelledWhileAnUnlockedUpstreamDeliversFromAnotherThreadLetsItsClosuresGoExactlyOnce() {
        // An upstream that delivers without serialising against cancel (Combine allows values
        // to arrive after cancel): the closures must outlive every call already under way.
        for _ in 0..<50 {
            let released = Atomic<Int>(0)
            let calls = Atomic<Int>(0)
            let sink: Subscribers.Sink<Int, Never>
            do {
                let watched = Watched { released.add(1, ordering: .relaxed) }
                sink = Subscribers.Sink(receiveCompletion: { _ in }, receiveValue: { _ in
                    withExtendedLifetime(watched) { _ = calls.add(1, ordering: .relaxed) }
                })
            }
            sink.receive(subscription: InertSubscription())
            let stop = Atomic<Bool>(false)
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                var value = 0
                while !stop.load(ordering: .acquiring) {
                    _ = sink.receive(value)
                    value += 1
                }
            }
            while calls.load(ordering: .relaxed) == 0 { usleep(10) }
            sink.cancel()
            let atCancel = calls.load(ordering: .relaxed)
            usleep(100)
            stop.store(true, ordering: .releasing)
            group.wait()
            XCTAssertEqual(released.load(ordering: .relaxed), 1)
            XCTAssertLessThanOrEqual(
                calls.load(ordering: .relaxed), atCancel + 1, "at most the call already under way ends after cancel"
            )
        }
    }

    func testCompletionRacingCancelCallsTheCompletionClosureAtMostOnceAndLetsTheClosuresGo() {
        for _ in 0..<100 {
            let released = Atomic<Int>(0)
            let completions = Atomic<Int>(0)
            let sink: Subscribers.Sink<Int, Never>
            do {
                let watched = Watched { released.add(1, ordering: .relaxed) }
                sink = Subscribers.Sink(
                    receiveCompletion: { _ in
                        withExtendedLifetime(watched) { _ = completions.add(1, ordering: .relaxed) }
                    },
                    receiveValue: { _ in }
                )
            }
            sink.receive(subscription: InertSubscription())
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) { sink.receive(completion: .finished) }
            DispatchQueue.global().async(group: group) { sink.cancel() }
            group.wait()
            XCTAssertLessThanOrEqual(completions.load(ordering: .relaxed), 1)
            XCTAssertEqual(released.load(ordering: .relaxed), 1)
        }
    }
}
