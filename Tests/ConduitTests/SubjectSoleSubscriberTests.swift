import Conduit
import Dispatch
import XCTest

/// A subject keeps its only subscriber inline and moves it into a list when a second comes; a
/// flatMap's child subscriber lives inside its inner subject's conduit. These check the moves
/// between the two forms and that nothing is kept once the subscriptions end.
final class SubjectSoleSubscriberTests: XCTestCase {
    func testSubscribersComingAndGoingBetweenOneAndManyEachGetEveryValueWhileSubscribed() {
        let subject = PassthroughSubject<Int, Never>()
        var first: [Int] = []
        var second: [Int] = []
        var third: [Int] = []
        let firstCancellable = subject.sink { first.append($0) }
        subject.send(1)
        let secondCancellable = subject.sink { second.append($0) }
        subject.send(2)
        firstCancellable.cancel()
        subject.send(3)
        let thirdCancellable = subject.sink { third.append($0) }
        subject.send(4)
        secondCancellable.cancel()
        subject.send(5)
        thirdCancellable.cancel()
        subject.send(6)
        var fourth: [Int] = []
        let fourthCancellable = subject.sink { fourth.append($0) }
        subject.send(7)
        XCTAssertEqual(first, [1, 2])
        XCTAssertEqual(second, [2, 3, 4])
        XCTAssertEqual(third, [4, 5])
        XCTAssertEqual(fourth, [7])
        fourthCancellable.cancel()
    }

    func testASecondSubscriberAddedInsideTheOnlySinksDeliveryGetsTheValuesSentFromThere() {
        let subject = PassthroughSubject<Int, Never>()
        var first: [Int] = []
        var second: [Int] = []
        var secondCancellable: AnyCancellable?
        let firstCancellable = subject.sink { value in
            first.append(value)
            if value == 1 {
                secondCancellable = subject.sink { second.append($0) }
                subject.send(2)
            }
        }
        subject.send(1)
        subject.send(3)
        XCTAssertEqual(first, [1, 2, 3])
        XCTAssertEqual(second, [2, 3])
        firstCancellable.cancel()
        secondCancellable?.cancel()
    }

    func testTheOtherSubscriberCancelledInsideADeliveryLeavesTheSinkAloneAndItsSendsAreDelivered() {
        let subject = PassthroughSubject<Int, Never>()
        var first: [Int] = []
        var second: [Int] = []
        var secondCancellable: AnyCancellable?
        let firstCancellable = subject.sink { value in
            first.append(value)
            if value == 1 {
                secondCancellable?.cancel()
                subject.send(2)
            }
        }
        secondCancellable = subject.sink { second.append($0) }
        subject.send(1)
        subject.send(3)
        XCTAssertEqual(first, [1, 2, 3])
        XCTAssertEqual(second, [], "cancelled before the value reached it")
        firstCancellable.cancel()
    }

    func testTheOnlySinkCancellingItselfAndSubscribingAnotherInsideADeliveryHandsOverCleanly() {
        let subject = PassthroughSubject<Int, Never>()
        var first: [Int] = []
        var second: [Int] = []
        var firstCancellable: AnyCancellable?
        var secondCancellable: AnyCancellable?
        firstCancellable = subject.sink { value in
            first.append(value)
            firstCancellable?.cancel()
            secondCancellable = subject.sink { second.append($0) }
            subject.send(value + 10)
        }
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(first, [1])
        XCTAssertEqual(second, [11, 2])
        secondCancellable?.cancel()
    }

    func testSubscribersComingAndGoingOnOtherThreadsNeverCostTheFirstSinkAValue() {
        let subject = PassthroughSubject<Int, Never>()
        let received = Counter()
        let cancellable = subject.sink { _ in received.add() }
        let senders = 2
        let perSender = 2_000
        let group = DispatchGroup()
        for _ in 0..<senders {
            DispatchQueue.global().async(group: group) {
                for value in 0..<perSender { subject.send(value) }
            }
        }
        DispatchQueue.global().async(group: group) {
            for _ in 0..<500 {
                let other = subject.sink { _ in }
                other.cancel()
            }
        }
        group.wait()
        XCTAssertEqual(received.value, senders * perSender)
        cancellable.cancel()
    }

    func testAFlatMapOverInnerSubjectsIsReleasedOnceCancelled() {
        let inners = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
        let outer = PassthroughSubject<Int, Never>()
        let subscriber = WeakSubscriptionSubscriber()
        outer.flatMap { inners[$0] }.subscribe(subscriber)
        for index in inners.indices { outer.send(index) }
        inners[1].send(5)
        XCTAssertEqual(subscriber.values, [5])
        XCTAssertNotNil(subscriber.subscription)
        subscriber.cancel()
        inners[1].send(6)
        XCTAssertEqual(subscriber.values, [5])
        XCTAssertNil(subscriber.subscription, "the inner subjects keep nothing of the flatMap once cancelled")
    }

    func testAFlatMapOverInnerSubjectsIsReleasedOnceEverythingFinished() {
        let inners = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
        let outer = PassthroughSubject<Int, Never>()
        let subscriber = WeakSubscriptionSubscriber()
        outer.flatMap { inners[$0] }.subscribe(subscriber)
        for index in inners.indices { outer.send(index) }
        outer.send(completion: .finished)
        for inner in inners { inner.send(7) }
        for inner in inners { inner.send(completion: .finished) }
        XCTAssertEqual(subscriber.values, [7, 7, 7])
        XCTAssertTrue(subscriber.finished)
        subscriber.letGo()
        XCTAssertNil(subscriber.subscription, "the inner subjects keep nothing of the flatMap once it finished")
    }
}

/// Counts calls from many threads.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}

/// Asks for everything, records values, and holds its subscription strongly only until it
/// cancels or lets go; `subscription` then shows whether anything else still keeps it.
private final class WeakSubscriptionSubscriber: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    private var strong: Subscription?
    weak var subscription: AnyObject?
    var values: [Int] = []
    var finished = false

    func receive(subscription: Subscription) {
        strong = subscription
        self.subscription = subscription as AnyObject
        subscription.request(.unlimited)
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        values.append(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        finished = true
    }

    func cancel() {
        strong?.cancel()
        strong = nil
    }

    func letGo() {
        strong = nil
    }
}
