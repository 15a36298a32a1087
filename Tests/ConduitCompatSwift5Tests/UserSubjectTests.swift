// A ReplaySubject written by the user, as blog posts show: a custom Subject with its own
// subscriptions, used through subscribe(_:), AnySubscriber and ordinary operators.
import Conduit
import Foundation
import XCTest

final class ReplaySubject<Output, Failure: Error>: Subject {
    private var buffer: [Output] = []
    private let bufferSize: Int
    private var subscriptions: [ReplaySubscription] = []
    private var completion: Subscribers.Completion<Failure>?
    private let lock = NSRecursiveLock()

    init(bufferSize: Int) { self.bufferSize = bufferSize }

    func send(subscription: Subscription) {
        subscription.request(.unlimited)
    }

    func send(_ value: Output) {
        lock.lock()
        buffer.append(value)
        buffer = buffer.suffix(bufferSize)
        let current = subscriptions
        lock.unlock()
        current.forEach { $0.receive(value) }
    }

    func send(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        self.completion = completion
        let current = subscriptions
        lock.unlock()
        current.forEach { $0.receive(completion: completion) }
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.lock()
        let subscription = ReplaySubscription(downstream: AnySubscriber(subscriber))
        subscriptions.append(subscription)
        let replay = buffer
        let completion = self.completion
        lock.unlock()
        subscriber.receive(subscription: subscription)
        subscription.replay(replay, completion: completion)
    }

    final class ReplaySubscription: Subscription {
        private var downstream: AnySubscriber<Output, Failure>?
        private var demand: Subscribers.Demand = .none
        private var pending: [Output] = []

        init(downstream: AnySubscriber<Output, Failure>) { self.downstream = downstream }

        func request(_ demand: Subscribers.Demand) {
            self.demand += demand
            flush()
        }

        func cancel() { downstream = nil }

        func receive(_ value: Output) {
            pending.append(value)
            flush()
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            flush()
            downstream?.receive(completion: completion)
            downstream = nil
        }

        func replay(_ values: [Output], completion: Subscribers.Completion<Failure>?) {
            pending = values + pending
            flush()
            if let completion = completion { receive(completion: completion) }
        }

        private func flush() {
            while demand > 0, !pending.isEmpty, let downstream = downstream {
                demand -= 1
                demand += downstream.receive(pending.removeFirst())
            }
        }
    }
}

final class UserSubjectTests: XCTestCase {
    func testReplaySubjectReplaysItsBufferToLateSubscribers() {
        let subject = ReplaySubject<Int, Never>(bufferSize: 2)
        var early: [Int] = []
        var late: [Int] = []
        var bag = Set<AnyCancellable>()
        subject.sink { early.append($0) }.store(in: &bag)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        subject.map { $0 * 10 }.sink { late.append($0) }.store(in: &bag)
        subject.send(4)
        XCTAssertEqual(early, [1, 2, 3, 4])
        XCTAssertEqual(late, [20, 30, 40])
    }

    func testPublisherSubscribedToAUserSubject() {
        let subject = ReplaySubject<String, Never>(bufferSize: 10)
        let cancellable = ["a", "b"].publisher.subscribe(subject)
        var seen: [String] = []
        var finished = false
        _ = subject.sink(receiveCompletion: { _ in finished = true }, receiveValue: { seen.append($0) })
        XCTAssertEqual(seen, ["a", "b"])
        XCTAssertTrue(finished)
        cancellable.cancel()

        let other = ReplaySubject<Int, Never>(bufferSize: 1)
        Just(9).subscribe(AnySubscriber(other))
        var replayed: [Int] = []
        _ = other.sink { replayed.append($0) }
        XCTAssertEqual(replayed, [9])
    }
}
