import Conduit
import ConduitInstrumentation
import Foundation
import XCTest

final class DemandTests: XCTestCase {
    func testArithmeticSaturates() {
        XCTAssertEqual(Subscribers.Demand.max(2) + .max(3), .max(5))
        XCTAssertEqual(Subscribers.Demand.max(2) + .unlimited, .unlimited)
        XCTAssertEqual(Subscribers.Demand.max(Int.max) + 1, .unlimited)
        XCTAssertEqual(Subscribers.Demand.max(Int.max) * 2, .unlimited)
        XCTAssertEqual(Subscribers.Demand.max(3) * 2, .max(6))
        XCTAssertEqual(Subscribers.Demand.unlimited - .max(5), .unlimited)
        XCTAssertEqual(Subscribers.Demand.max(2) - .unlimited, .none)
        XCTAssertEqual(Subscribers.Demand.max(2) - 5, .none, "never negative")
        var demand = Subscribers.Demand.max(1)
        demand += 2
        demand -= 1
        demand *= 3
        XCTAssertEqual(demand, .max(6))
    }

    func testSubtractingANegativeCountAddsAndOverflowGivesNone() {
        XCTAssertEqual(Subscribers.Demand.max(5) - (-2), .max(7))
        XCTAssertEqual(Subscribers.Demand.max(Int.max) - (-1), .none, "past Int.max is an overflow, as in Combine")
        var demand = Subscribers.Demand.max(Int.max)
        demand -= -1
        XCTAssertEqual(demand, .none)
        XCTAssertEqual(Subscribers.Demand.unlimited - (-1), .unlimited)
    }

    func testComparisonsWithInt() {
        XCTAssertTrue(Subscribers.Demand.unlimited > 1_000_000)
        XCTAssertTrue(Subscribers.Demand.max(3) > 2)
        XCTAssertTrue(Subscribers.Demand.max(3) >= 3)
        XCTAssertTrue(Subscribers.Demand.max(3) == 3)
        XCTAssertTrue(Subscribers.Demand.none < 1)
        XCTAssertFalse(Subscribers.Demand.unlimited < Int.max)
        XCTAssertTrue(2 < Subscribers.Demand.max(3))
        XCTAssertTrue(Subscribers.Demand.max(1) < .unlimited)
    }

    func testDescriptionAndMaxAndCodable() throws {
        XCTAssertEqual(Subscribers.Demand.unlimited.description, "unlimited")
        XCTAssertEqual(Subscribers.Demand.max(4).description, "max(4)")
        XCTAssertNil(Subscribers.Demand.unlimited.max)
        XCTAssertEqual(Subscribers.Demand.max(4).max, 4)
        let data = try JSONEncoder().encode([Subscribers.Demand.max(7), .unlimited])
        XCTAssertEqual(try JSONDecoder().decode([Subscribers.Demand].self, from: data), [.max(7), .unlimited])
    }
}

final class CancellableTests: XCTestCase {
    func testAnyCancellableCancelsOnceAndOnDeinit() {
        let count = ManagedCounter()
        var cancellable: AnyCancellable? = AnyCancellable { count.increment() }
        cancellable?.cancel()
        cancellable?.cancel()
        cancellable = nil
        XCTAssertEqual(count.value, 1)
        do {
            _ = AnyCancellable { count.increment() }
        }
        XCTAssertEqual(count.value, 2, "dropping it cancels")
    }

    func testStoreInSetAndArray() {
        let subject = PassthroughSubject<Int, Never>()
        var set = Set<AnyCancellable>()
        var array = [AnyCancellable]()
        var received = 0
        subject.sink { _ in received += 1 }.store(in: &set)
        subject.sink { _ in received += 1 }.store(in: &array)
        subject.send(1)
        XCTAssertEqual(received, 2)
        set.removeAll()
        array.removeAll()
        subject.send(2)
        XCTAssertEqual(received, 2)
    }
}

final class TypeErasureTests: XCTestCase {
    func testAnyPublisherAndAnySubscriberForwardEverything() {
        var events: [String] = []
        let subscriber = AnySubscriber<Int, Never>(
            receiveSubscription: { events.append("subscription"); $0.request(.max(2)) },
            receiveValue: { events.append("value \($0)"); return .none },
            receiveCompletion: { _ in events.append("finished") }
        )
        [1, 2, 3].publisher.eraseToAnyPublisher().subscribe(subscriber)
        XCTAssertEqual(events, ["subscription", "value 1", "value 2"])
    }

    func testErasedChainOfTenMapsDeliversThroughEveryLayerAndCancels() {
        let subject = PassthroughSubject<Int, Never>()
        var chain = subject.eraseToAnyPublisher()
        for _ in 0..<10 {
            chain = Publishers.Map(upstream: chain) { $0 + 1 }.eraseToAnyPublisher()
        }
        var nested = Publishers.Map(upstream: subject) { $0 * 2 }
            .filter { $0 > 0 }
            .eraseToAnyPublisher()
        nested = Publishers.Map(upstream: nested) { $0 + 1 }.eraseToAnyPublisher()
        var received: [Int] = []
        var nestedReceived: [Int] = []
        let cancellable = chain.sink { received.append($0) }
        let other = nested.sink { nestedReceived.append($0) }
        subject.send(0)
        subject.send(5)
        cancellable.cancel()
        subject.send(7)
        XCTAssertEqual(received, [10, 15])
        XCTAssertEqual(nestedReceived, [11, 15])
        other.cancel()
    }

    func testAnyPublisherShowsTheUpstreamTheRealSubscribersIdentityAndName() {
        let probe = SubscriberProbe()
        let subscriber = RecordingSubscriber<Int, Never>()
        probe.eraseToAnyPublisher().subscribe(subscriber)
        XCTAssertEqual(probe.seenIdentifier, subscriber.combineIdentifier)
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        probe.eraseToAnyPublisher().subscribe(sink)
        XCTAssertEqual(probe.seenIdentifier, sink.combineIdentifier)
        XCTAssertEqual(probe.seenDescription, "Sink")
    }

    func testErasingAnAnyPublisherKeepsIt() {
        let erased = Just(1).eraseToAnyPublisher()
        let twice = erased.eraseToAnyPublisher()
        var out: [Int] = []
        _ = twice.sink { out.append($0) }
        XCTAssertEqual(out, [1])
    }

    func testAnySubscriberWrappingASubject() {
        let subject = PassthroughSubject<Int, Never>()
        var out: [Int] = []
        let cancellable = subject.sink { out.append($0) }
        [4, 5].publisher.subscribe(AnySubscriber(subject))
        XCTAssertEqual(out, [4, 5])
        cancellable.cancel()
    }

    func testSubscribingASubjectToAPublisher() {
        let upstream = PassthroughSubject<Int, Never>()
        let relay = PassthroughSubject<Int, Never>()
        var out: [Int] = []
        let sink = relay.sink { out.append($0) }
        let link = upstream.subscribe(relay)
        upstream.send(1)
        link.cancel()
        upstream.send(2)
        XCTAssertEqual(out, [1])
        sink.cancel()
    }

    func testCombineIdentifiersAreUnique() {
        XCTAssertNotEqual(CombineIdentifier(), CombineIdentifier())
        let object = NSObject()
        XCTAssertEqual(CombineIdentifier(object), CombineIdentifier(object))
    }
}

final class SubjectConcurrencyTests: XCTestCase {
    func testSubscribingFromInsideASinkWorks() {
        let subject = PassthroughSubject<Int, Never>()
        var inner: [Int] = []
        var keep: [AnyCancellable] = []
        let outer = subject.sink { value in
            if value == 1 {
                keep.append(subject.sink { inner.append($0) })
            }
        }
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(inner, [2])
        outer.cancel()
    }

    func testManyThreadsSendWhileOthersSubscribeAndCancel() {
        let subject = PassthroughSubject<Int, Never>()
        let steady = RecordingSubscriber<Int, Never>()
        subject.subscribe(steady)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for index in 0..<200 {
                if worker.isMultiple(of: 2) {
                    subject.send(worker * 1_000 + index)
                } else {
                    let transient = RecordingSubscriber<Int, Never>()
                    subject.subscribe(transient)
                    subject.send(-1)
                    transient.cancel()
                    XCTAssertEqual(transient.overlappingDeliveries, 0)
                    XCTAssertEqual(Set(transient.values.filter { $0 >= 0 }).count,
                        transient.values.filter { $0 >= 0 }.count)
                }
            }
        }
        let values = steady.values.filter { $0 >= 0 }
        XCTAssertEqual(values.count, 4 * 200, "every value exactly once")
        XCTAssertEqual(Set(values).count, values.count)
        XCTAssertEqual(steady.overlappingDeliveries, 0)
    }
}

final class InstrumentationTests: XCTestCase {
    final class Log: Instrumentation.Observer, @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [(link: CombineIdentifier, subscriber: CombineIdentifier, text: String)] = []

        func observe(_ event: Instrumentation.Event) {
            let text: String
            switch event.kind {
            case .subscribe: text = "subscribe \(event.publisherDescription)"
            case .subscription: text = "subscription"
            case .request(let demand): text = "request \(demand)"
            case .value(let value): text = "value \(value)"
            case .finished: text = "finished"
            case .failure(let error): text = "failure \(error)"
            case .cancel: text = "cancel"
            }
            lock.withLock { entries.append((event.link, event.subscriber, text)) }
        }

        func texts(for subscriber: CombineIdentifier) -> [String] {
            lock.withLock { entries.filter { $0.subscriber == subscriber }.map(\.text) }
        }

        func links(for subscriber: CombineIdentifier) -> Set<CombineIdentifier> {
            lock.withLock { Set(entries.filter { $0.subscriber == subscriber }.map(\.link)) }
        }
    }

    func testObserverSeesEveryEventOfALinkWithOneStableIdentifier() {
        let log = Log()
        Instrumentation.install(log)
        defer { Instrumentation.remove(log) }
        XCTAssertTrue(Instrumentation.isActive)
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        subject.subscribe(subscriber)
        subject.send(7)
        subscriber.cancel()
        XCTAssertEqual(log.texts(for: subscriber.combineIdentifier),
                       ["subscribe PassthroughSubject", "subscription", "request max(1)", "value 7", "cancel"])
        XCTAssertEqual(log.links(for: subscriber.combineIdentifier).count, 1)
    }

    func testEveryOperatorLinkIsSeenAndCompletionIsReported() {
        let log = Log()
        Instrumentation.install(log)
        defer { Instrumentation.remove(log) }
        let subscriber = RecordingSubscriber<Int, Never>()
        [1].publisher.map { $0 + 1 }.subscribe(subscriber)
        XCTAssertEqual(log.texts(for: subscriber.combineIdentifier).suffix(2), ["value 2", "finished"])
    }

    func testRemovedObserverSeesNothing() {
        let log = Log()
        Instrumentation.install(log)
        Instrumentation.remove(log)
        let subscriber = RecordingSubscriber<Int, Never>()
        Just(1).subscribe(subscriber)
        XCTAssertEqual(log.texts(for: subscriber.combineIdentifier), [])
    }

    func testAnObserverThatIsNotListeningSeesTheLinksEventsOnceItListens() {
        let log = Log()
        Instrumentation.install(log, listening: false)
        defer { Instrumentation.remove(log) }
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        subject.send(1)
        XCTAssertEqual(log.texts(for: subscriber.combineIdentifier), [], "not listening: no events")
        Instrumentation.setListening(true, for: log)
        subject.send(2)
        Instrumentation.setListening(false, for: log)
        subject.send(3)
        XCTAssertEqual(log.texts(for: subscriber.combineIdentifier), ["value 2"],
            "the link made while muted reports while listening")
        XCTAssertEqual(subscriber.values, [1, 2, 3])
    }
}

/// A publisher that notes the identity and description of the subscriber it is handed.
private final class SubscriberProbe: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never
    var seenIdentifier: CombineIdentifier?
    var seenDescription: String?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        seenIdentifier = subscriber.combineIdentifier
        seenDescription = (subscriber as? CustomStringConvertible)?.description
        subscriber.receive(subscription: Subscriptions.empty)
    }
}
