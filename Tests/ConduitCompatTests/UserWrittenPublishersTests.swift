// Publishers, subscriptions and subscribers the way users write their own: a subscription that
// loops over its demand, one that asks again from inside receive(_:), a publisher made of other
// publishers, subscribers that pace themselves, and operators written as Publisher extensions.
import Conduit
import Foundation
import XCTest

/// A countdown publisher with a hand-written subscription, in the style of most tutorials.
private struct CountdownPublisher: Publisher {
    typealias Output = Int
    typealias Failure = Never

    let start: Int

    func receive<S>(subscriber: S) where S: Subscriber, S.Input == Int, S.Failure == Never {
        let subscription = CountdownSubscription(start: start, subscriber: subscriber)
        subscriber.receive(subscription: subscription)
    }
}

private final class CountdownSubscription<S: Subscriber>: Subscription where S.Input == Int, S.Failure == Never {
    private var subscriber: S?
    private var current: Int
    private var requested: Subscribers.Demand = .none
    private var isEmitting = false

    init(start: Int, subscriber: S) {
        self.current = start
        self.subscriber = subscriber
    }

    func request(_ demand: Subscribers.Demand) {
        requested += demand
        guard !isEmitting else { return }
        isEmitting = true
        defer { isEmitting = false }
        while let subscriber, requested > 0, current >= 0 {
            requested -= 1
            let value = current
            current -= 1
            requested += subscriber.receive(value)
        }
        if current < 0, let subscriber {
            self.subscriber = nil
            subscriber.receive(completion: .finished)
        }
    }

    func cancel() {
        subscriber = nil
    }
}

/// A publisher that is a pipeline of other publishers, the other way users write publishers.
private struct PagedNumbers: Publisher {
    typealias Output = [Int]
    typealias Failure = Never

    let pageSize: Int
    let total: Int

    func receive<S: Subscriber>(subscriber: S) where S.Input == [Int], S.Failure == Never {
        (1...total).publisher
            .collect(pageSize)
            .subscribe(subscriber)
    }
}

/// A subscriber that asks for one value at a time, and asks from inside `receive(_:)` with
/// `request` instead of returning demand.
private final class OneByOne<Input>: Subscriber, Cancellable {
    typealias Failure = Never
    private var subscription: Subscription?
    private(set) var values: [Input] = []
    private(set) var finished = false
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.max(1))
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        values.append(input)
        if values.count < limit {
            subscription?.request(.max(1))
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        finished = true
        subscription = nil
    }

    func cancel() {
        subscription?.cancel()
        subscription = nil
    }
}

/// A subscriber that starts with no demand and is driven from outside.
private final class Puller<Input, Failure: Error>: Subscriber {
    private(set) var subscription: Subscription?
    private(set) var events: [String] = []

    func receive(subscription: Subscription) {
        self.subscription = subscription
        events.append("subscribed")
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        events.append("\(input)")
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: events.append("finished")
        case .failure(let error): events.append("failed \(error)")
        }
    }

    func pull(_ count: Int) {
        subscription?.request(.max(count))
    }
}

/// An operator written as an extension, returning an opaque type.
private extension Publisher where Output: Numeric {
    func runningTotal() -> some Publisher<Output, Failure> {
        scan(0, +)
    }
}

/// An operator written as a user's own Publisher type wrapping an upstream.
private struct Pairwise<Upstream: Publisher>: Publisher {
    typealias Output = (Upstream.Output, Upstream.Output)
    typealias Failure = Upstream.Failure

    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream
            .scan((Upstream.Output?.none, Upstream.Output?.none)) { previous, next in (previous.1, next) }
            .compactMap { pair -> Output? in
                guard let first = pair.0, let second = pair.1 else { return nil }
                return (first, second)
            }
            .receive(subscriber: subscriber)
    }
}

private extension Publisher {
    func pairwise() -> Pairwise<Self> {
        Pairwise(upstream: self)
    }
}

private struct Boom: Error, CustomStringConvertible {
    var description: String { "boom" }
}

final class UserWrittenPublishersTests: XCTestCase {
    func testHandWrittenSubscriptionWithSinkAndOperators() {
        var values: [Int] = []
        var completed = false
        let c = CountdownPublisher(start: 3)
            .map { $0 * 10 }
            .sink(receiveCompletion: { _ in completed = true }, receiveValue: { values.append($0) })
        XCTAssertEqual(values, [30, 20, 10, 0])
        XCTAssertTrue(completed)
        c.cancel()

        XCTAssertEqual(CountdownPublisher(start: 5).prefix(2).collectNow(), [5, 4])
        XCTAssertEqual(CountdownPublisher(start: 2).append(CountdownPublisher(start: 1)).collectNow(), [2, 1, 0, 1, 0])
        XCTAssertEqual(CountdownPublisher(start: 4).zip(CountdownPublisher(start: 1)).map { $0 + $1 }.collectNow(), [5,
            3])
        XCTAssertEqual(CountdownPublisher(start: 2).flatMap { CountdownPublisher(start: $0) }.collectNow(), [2, 1, 0,
            1, 0, 0])
    }

    func testHandWrittenSubscriptionUnderOneByOneDemand() {
        let subscriber = OneByOne<Int>(limit: 3)
        CountdownPublisher(start: 9).subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [9, 8, 7], "asking from inside receive(_:) is re-entrant")
        XCTAssertFalse(subscriber.finished)
        subscriber.cancel()

        let all = OneByOne<Int>(limit: .max)
        CountdownPublisher(start: 2).subscribe(all)
        XCTAssertEqual(all.values, [2, 1, 0])
        XCTAssertTrue(all.finished)
    }

    func testOneByOneThroughBuiltInPublishersAndOperators() {
        let fromSequence = OneByOne<Int>(limit: 4)
        (1...100).publisher.filter { $0.isMultiple(of: 3) }.subscribe(fromSequence)
        XCTAssertEqual(fromSequence.values, [3, 6, 9, 12])

        let fromSubject = OneByOne<String>(limit: 2)
        let subject = PassthroughSubject<String, Never>()
        subject.map { $0.uppercased() }.subscribe(fromSubject)
        subject.send("a")
        subject.send("b")
        subject.send("c")
        XCTAssertEqual(fromSubject.values, ["A", "B"], "values beyond the demand are dropped by a subject")

        let pages = OneByOne<[Int]>(limit: 10)
        PagedNumbers(pageSize: 4, total: 10).subscribe(pages)
        XCTAssertEqual(pages.values, [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10]])
        XCTAssertTrue(pages.finished)
    }

    func testPullingSubscriberAgainstBuiltInPublishers() {
        let puller = Puller<Int, Never>()
        [1, 2, 3].publisher.subscribe(puller)
        XCTAssertEqual(puller.events, ["subscribed"])
        puller.pull(2)
        XCTAssertEqual(puller.events, ["subscribed", "1", "2"])
        puller.pull(1)
        XCTAssertEqual(puller.events, ["subscribed", "1", "2", "3", "finished"])

        let justPuller = Puller<String, Never>()
        Just("one").subscribe(justPuller)
        XCTAssertEqual(justPuller.events, ["subscribed"], "Just waits for demand")
        justPuller.pull(1)
        XCTAssertEqual(justPuller.events, ["subscribed", "one", "finished"])

        let failing = Puller<Int, Boom>()
        Fail<Int, Boom>(error: Boom()).subscribe(failing)
        XCTAssertEqual(failing.events, ["subscribed", "failed boom"], "a failure needs no demand")

        let future = Puller<Int, Never>()
        let promised = Future<Int, Never> { $0(.success(5)) }
        promised.subscribe(future)
        XCTAssertEqual(future.events, ["subscribed"])
        future.pull(1)
        XCTAssertEqual(future.events, ["subscribed", "5", "finished"])

        let current = Puller<Int, Never>()
        let subject = CurrentValueSubject<Int, Never>(1)
        subject.subscribe(current)
        subject.send(completion: .finished)
        XCTAssertEqual(current.events, ["subscribed", "finished"], "completion does not wait for demand")
    }

    func testAnySubscriberAroundAUserSubscriberAndClosures() {
        let inner = Puller<Int, Never>()
        let erased = AnySubscriber(inner)
        (1...3).publisher.subscribe(erased)
        inner.pull(.max)
        XCTAssertEqual(inner.events, ["subscribed", "1", "2", "3", "finished"])

        var log: [String] = []
        let closures = AnySubscriber<Int, Never>(
            receiveSubscription: { subscription in
                log.append("subscription")
                subscription.request(.max(2))
            },
            receiveValue: { value in
                log.append("value \(value)")
                return value == 1 ? .max(1) : .none
            },
            receiveCompletion: { _ in log.append("completion") }
        )
        (1...5).publisher.subscribe(closures)
        XCTAssertEqual(log, ["subscription", "value 1", "value 2", "value 3"])
    }

    func testSinkAndAssignSubscribersMadeDirectly() {
        final class Label {
            var text = ""
        }
        let label = Label()
        let assign = Subscribers.Assign(object: label, keyPath: \Label.text)
        let subject = PassthroughSubject<String, Never>()
        subject.subscribe(assign)
        subject.send("hello")
        XCTAssertEqual(label.text, "hello")
        assign.cancel()
        subject.send("ignored")
        XCTAssertEqual(label.text, "hello")

        var values: [Int] = []
        var completions = 0
        let sink = Subscribers.Sink<Int, Never>(
            receiveCompletion: { _ in completions += 1 },
            receiveValue: { values.append($0) }
        )
        (1...3).publisher.subscribe(sink)
        XCTAssertEqual(values, [1, 2, 3])
        XCTAssertEqual(completions, 1)
        let cancellable = AnyCancellable(sink)
        cancellable.cancel()
    }

    func testUserOperatorsAsExtensionsAndTypes() {
        XCTAssertEqual([1, 2, 3, 4].publisher.runningTotal().collectNow(), [1, 3, 6, 10])
        XCTAssertEqual([0.5, 0.25].publisher.runningTotal().collectNow(), [0.5, 0.75])
        let pairs = ["a", "b", "c"].publisher.pairwise().map { "\($0)\($1)" }.collectNow()
        XCTAssertEqual(pairs, ["ab", "bc"])

        let subject = PassthroughSubject<Int, Boom>()
        var deltas: [Int] = []
        var failure: String?
        let c = subject.pairwise().map { $1 - $0 }.sink(
            receiveCompletion: { if case .failure(let error) = $0 { failure = "\(error)" } },
            receiveValue: { deltas.append($0) }
        )
        subject.send(1)
        subject.send(4)
        subject.send(9)
        subject.send(completion: .failure(Boom()))
        XCTAssertEqual(deltas, [3, 5])
        XCTAssertEqual(failure, "boom")
        c.cancel()
    }

    func testCancellablesInCollectionsAndCustomCancellables() {
        final class Token: Cancellable {
            var cancelled = 0
            func cancel() { cancelled += 1 }
        }
        let token = Token()
        var set = Set<AnyCancellable>()
        AnyCancellable(token).store(in: &set)
        var array: [AnyCancellable] = []
        var closureCancels = 0
        AnyCancellable { closureCancels += 1 }.store(in: &array)
        XCTAssertEqual(set.count, 1)
        set.removeAll()
        XCTAssertEqual(token.cancelled, 1, "releasing an AnyCancellable cancels what it wraps")
        array.first?.cancel()
        array.first?.cancel()
        XCTAssertEqual(closureCancels, 1, "cancel runs once")
        array.removeAll()
        XCTAssertEqual(closureCancels, 1)

        var eraseThenCancel: [Int] = []
        let subject = PassthroughSubject<Int, Never>()
        let cancellable: Cancellable = subject.sink { eraseThenCancel.append($0) }
        subject.send(1)
        cancellable.cancel()
        subject.send(2)
        XCTAssertEqual(eraseThenCancel, [1])
    }
}

private extension Publisher where Failure == Never {
    func collectNow() -> [Output] {
        var values: [Output] = []
        _ = sink { values.append($0) }
        return values
    }
}
