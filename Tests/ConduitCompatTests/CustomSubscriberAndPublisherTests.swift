// A user-written Subscriber that pulls one value at a time, and a user-written Publisher with
// its own Subscription, as Combine's documentation and books show them.
import Conduit
import Foundation
import XCTest

/// Requests one value at a time and asks for another from `receive(_:)` until it has `limit`.
private final class OneAtATimeSubscriber: Subscriber {
    typealias Input = Int
    typealias Failure = Never

    let limit: Int
    var received: [Int] = []
    var completions: [Subscribers.Completion<Never>] = []
    var subscription: Subscription?

    init(limit: Int) { self.limit = limit }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.max(1))
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        received.append(input)
        return received.count < limit ? .max(1) : .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        completions.append(completion)
    }
}

/// A publisher that counts from 1 to `upTo`, honouring demand, as a user would write it.
private struct CountingPublisher: Publisher {
    typealias Output = Int
    typealias Failure = Never
    let upTo: Int

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        subscriber.receive(subscription: CountingSubscription(subscriber: subscriber, upTo: upTo))
    }

    private final class CountingSubscription<S: Subscriber>: Subscription where S.Input == Int, S.Failure == Never {
        private var subscriber: S?
        private let upTo: Int
        private var next = 1
        private var demand = Subscribers.Demand.none

        init(subscriber: S, upTo: Int) {
            self.subscriber = subscriber
            self.upTo = upTo
        }

        func request(_ demand: Subscribers.Demand) {
            self.demand += demand
            while self.demand > 0, next <= upTo, let subscriber {
                self.demand -= 1
                let value = next
                next += 1
                self.demand += subscriber.receive(value)
            }
            if next > upTo, let subscriber {
                self.subscriber = nil
                subscriber.receive(completion: .finished)
            }
        }

        func cancel() { subscriber = nil }
    }
}

final class CustomSubscriberAndPublisherTests: XCTestCase {
    func testSubscriberRequestingOneAtATimeStopsAtItsLimit() {
        let subscriber = OneAtATimeSubscriber(limit: 3)
        (1...10).publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.received, [1, 2, 3])
        XCTAssertTrue(subscriber.completions.isEmpty)
        subscriber.subscription?.request(.max(2))
        XCTAssertEqual(subscriber.received, [1, 2, 3, 4, 5])
    }

    func testSubscriberThroughASubjectReceivesOnlyWhatItDemanded() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = OneAtATimeSubscriber(limit: 2)
        subject.map { $0 * 10 }.subscribe(subscriber)
        (1...5).forEach { subject.send($0) }
        subject.send(completion: .finished)
        XCTAssertEqual(subscriber.received, [10, 20])
        XCTAssertEqual(subscriber.completions, [.finished])
    }

    func testUserPublisherWorksWithOperatorsAndSink() {
        var values: [Int] = []
        var completion: Subscribers.Completion<Never>?
        let cancellable = CountingPublisher(upTo: 5)
            .filter { $0 % 2 == 1 }
            .map { $0 * $0 }
            .sink(receiveCompletion: { completion = $0 }, receiveValue: { values.append($0) })
        XCTAssertEqual(values, [1, 9, 25])
        XCTAssertEqual(completion, .finished)
        cancellable.cancel()
    }

    func testUserPublisherHonoursDemandFromUserSubscriber() {
        let subscriber = OneAtATimeSubscriber(limit: 2)
        CountingPublisher(upTo: 5).subscribe(subscriber)
        XCTAssertEqual(subscriber.received, [1, 2])
        XCTAssertEqual(subscriber.completions, [])
    }

    func testAnySubscriberWrapsClosuresSubscribersAndSubjects() {
        var log: [String] = []
        let closures = AnySubscriber<Int, Never>(
            receiveSubscription: { log.append("subscribed"); $0.request(.unlimited) },
            receiveValue: { log.append("value \($0)"); return .none },
            receiveCompletion: { _ in log.append("done") }
        )
        [1, 2].publisher.subscribe(closures)
        XCTAssertEqual(log, ["subscribed", "value 1", "value 2", "done"])

        let inner = OneAtATimeSubscriber(limit: 1)
        let wrapped = AnySubscriber(inner)
        XCTAssertEqual(wrapped.combineIdentifier, inner.combineIdentifier)
        Just(5).subscribe(wrapped)
        XCTAssertEqual(inner.received, [5])

        let subject = PassthroughSubject<Int, Never>()
        var forwarded: [Int] = []
        let c = subject.sink { forwarded.append($0) }
        [7, 8].publisher.subscribe(AnySubscriber(subject))
        XCTAssertEqual(forwarded, [7, 8])
        c.cancel()

        let empty = AnySubscriber<Int, Never>()
        Just(1).subscribe(empty)
    }

    func testDemandArithmeticAndComparisons() {
        typealias Demand = Subscribers.Demand
        XCTAssertEqual(Demand.max(2) + .max(3), .max(5))
        XCTAssertEqual(Demand.max(2) + 3, .max(5))
        XCTAssertEqual(Demand.unlimited + 1, .unlimited)
        XCTAssertEqual(Demand.max(5) - 2, .max(3))
        XCTAssertEqual(Demand.max(2) - .max(5), .none)
        XCTAssertEqual(Demand.max(3) * 2, .max(6))
        var d = Demand.none
        d += 1
        d += .max(2)
        d -= 1
        d *= 3
        XCTAssertEqual(d, .max(6))
        XCTAssertEqual(d.max, 6)
        XCTAssertNil(Demand.unlimited.max)
        XCTAssertTrue(Demand.max(1) > 0)
        XCTAssertTrue(0 < Demand.max(1))
        XCTAssertTrue(Demand.unlimited > .max(Int.max - 1))
        XCTAssertTrue(Demand.none == 0)
        XCTAssertTrue(Demand.max(3) >= 3)
        XCTAssertTrue(Demand.max(3) <= .unlimited)
        XCTAssertTrue(Demand.max(3) != 2)
        XCTAssertEqual(Demand.none, Demand.max(0))
        XCTAssertEqual("\(Demand.unlimited)", "unlimited")
        XCTAssertEqual("\(Demand.max(3))", "max(3)")
        let set: Set<Demand> = [.max(1), .max(1), .unlimited]
        XCTAssertEqual(set.count, 2)
    }

    func testCompletionPatternMatching() {
        enum Oops: Error { case one }
        let completions: [Subscribers.Completion<Oops>] = [.finished, .failure(.one)]
        var described: [String] = []
        for completion in completions {
            switch completion {
            case .finished: described.append("finished")
            case .failure(let error): described.append("failed \(error)")
            }
        }
        XCTAssertEqual(described, ["finished", "failed one"])
        if case .failure(.one) = completions[1] {} else { XCTFail("pattern did not match") }
        XCTAssertEqual(Subscribers.Completion<Never>.finished, .finished)
    }

    func testCombineIdentifiersAreUniqueAndHashable() {
        let a = CombineIdentifier()
        let b = CombineIdentifier()
        XCTAssertNotEqual(a, b)
        let object = NSObject()
        XCTAssertEqual(CombineIdentifier(object), CombineIdentifier(object))
        let ids: Set<CombineIdentifier> = [a, b, a]
        XCTAssertEqual(ids.count, 2)
        XCTAssertFalse(a.description.isEmpty)
    }

    func testSubscriptionsEmptyAndCustomCombineIdentifierConvertible() {
        let empty = Subscriptions.empty
        empty.request(.max(1))
        empty.cancel()
        XCTAssertNotEqual(empty.combineIdentifier, CombineIdentifier())
    }
}
