import Conduit
import Dispatch
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Behaviour of `PassthroughSubject` that the delivery fast path (specialised closures, per
/// subscriber recursive lock) must keep.
final class PassthroughSubjectTests: XCTestCase {
    func testValueWithoutDemandIsDroppedAndLaterDemandGetsOnlyNewValues() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        subject.subscribe(recorder)
        subject.send(1)
        subject.send(2)
        recorder.request(.max(1))
        subject.send(3)
        subject.send(4)
        XCTAssertEqual(recorder.values, [1, 3])
    }

    func testDemandReturnedFromReceiveIsAdded() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        subject.subscribe(recorder)
        for value in 1...5 { subject.send(value) }
        XCTAssertEqual(recorder.values, [1, 2, 3, 4, 5])
    }

    func testSendFromInsideSinkIsDelivered() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.sink { value in
            received.append(value)
            if value < 3 { subject.send(value + 1) }
        }
        subject.send(1)
        XCTAssertEqual(received, [1, 2, 3])
        cancellable.cancel()
    }

    func testCancelInsideSinkStopsFurtherValues() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var cancellable: AnyCancellable?
        cancellable = subject.sink { value in
            received.append(value)
            cancellable?.cancel()
        }
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(received, [1])
    }

    func testEverySubscriberReceivesEachValueAndCancelledOnesStop() {
        let subject = PassthroughSubject<Int, Never>()
        let first = RecordingSubscriber<Int, Never>()
        let second = RecordingSubscriber<Int, Never>()
        subject.subscribe(first)
        subject.subscribe(second)
        subject.send(1)
        second.cancel()
        subject.send(2)
        XCTAssertEqual(first.values, [1, 2])
        XCTAssertEqual(second.values, [1])
    }

    func testCompletionReachesCurrentAndLateSubscribersAndEndsValues() {
        let subject = PassthroughSubject<Int, Never>()
        let early = RecordingSubscriber<Int, Never>()
        subject.subscribe(early)
        subject.send(completion: .finished)
        subject.send(1)
        let late = RecordingSubscriber<Int, Never>()
        subject.subscribe(late)
        XCTAssertEqual(early.eventDescriptions, ["subscription", "finished"])
        XCTAssertEqual(late.eventDescriptions, ["subscription", "finished"])
    }

    func testCancelReleasesTheSubscriber() {
        let subject = PassthroughSubject<Int, Never>()
        weak var weakRecorder: RecordingSubscriber<Int, Never>?
        do {
            let recorder = RecordingSubscriber<Int, Never>()
            weakRecorder = recorder
            subject.subscribe(recorder)
            recorder.cancel()
        }
        XCTAssertNil(weakRecorder)
    }

    func testCancellingMostSubscribersKeepsTheRestInSubscriptionOrder() {
        // Cancelled subscribers are swept out in batches; the others keep their order throughout.
        let subject = PassthroughSubject<Int, Never>()
        var order: [Int] = []
        let cancellables = (0..<40).map { index in subject.sink { _ in order.append(index) } }
        var live = Array(0..<40)
        for index in [39, 0, 5, 6, 7, 20, 21, 1, 38, 2, 3, 4, 30, 31, 32, 33, 34, 35, 36, 37, 8, 9] {
            cancellables[index].cancel()
            live.removeAll { $0 == index }
            order.removeAll()
            subject.send(index)
            XCTAssertEqual(order, live, "after cancelling \(index)")
        }
        for index in live { cancellables[index].cancel() }
        order.removeAll()
        subject.send(0)
        XCTAssertEqual(order, [])
        let late = RecordingSubscriber<Int, Never>()
        subject.subscribe(late)
        subject.send(1)
        XCTAssertEqual(late.values, [1])
    }

    func testCancellingTwiceOrAfterCompletionChangesNothingForTheOthers() {
        let subject = PassthroughSubject<Int, Never>()
        let first = RecordingSubscriber<Int, Never>()
        let second = RecordingSubscriber<Int, Never>()
        let third = RecordingSubscriber<Int, Never>()
        subject.subscribe(first)
        subject.subscribe(second)
        subject.subscribe(third)
        second.cancel()
        second.cancel()
        subject.send(1)
        subject.send(completion: .finished)
        first.cancel()
        subject.send(2)
        XCTAssertEqual(first.values, [1])
        XCTAssertEqual(second.values, [])
        XCTAssertEqual(third.eventDescriptions, ["subscription", "value(1)", "finished"])
    }

    func testCancelledSubscribersAreReleasedBeforeTheyAreSweptOut() {
        // A cancelled subscriber's conduit may wait in the subject for the next sweep; the
        // subscriber itself must be let go at once.
        let subject = PassthroughSubject<Int, Never>()
        let keepers = (0..<10).map { _ in RecordingSubscriber<Int, Never>() }
        keepers.forEach { subject.subscribe($0) }
        weak var weakRecorder: RecordingSubscriber<Int, Never>?
        do {
            let recorder = RecordingSubscriber<Int, Never>()
            weakRecorder = recorder
            subject.subscribe(recorder)
            recorder.cancel()
        }
        XCTAssertNil(weakRecorder)
        subject.send(1)
        XCTAssertEqual(keepers.map(\.values), Array(repeating: [1], count: 10))
    }

    func testSendsFromManyThreadsNeverOverlapInOneSubscriber() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        subject.subscribe(recorder)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<500 { subject.send(thread * 1_000 + value) }
        }
        XCTAssertEqual(recorder.values.count, 2_000)
        XCTAssertEqual(recorder.overlappingDeliveries, 0)
    }

    func testSendersWaitingOnASlowSubscriberAreAllDeliveredInTurn() {
        // Each delivery yields the CPU, so the other senders find the subscriber busy and must
        // park until it is released; a lost wake-up would hang here.
        let subject = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        recorder.onValue = { _ in sched_yield() }
        subject.subscribe(recorder)
        DispatchQueue.concurrentPerform(iterations: 6) { thread in
            for value in 0..<300 { subject.send(thread * 1_000 + value) }
        }
        XCTAssertEqual(recorder.values.count, 1_800)
        XCTAssertEqual(Set(recorder.values).count, 1_800)
        XCTAssertEqual(recorder.overlappingDeliveries, 0)
    }

    func testSendFromInsideTheSubscriberWhileOthersWaitIsDeliveredAtOnce() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        recorder.onValue = { value in if value >= 0, value % 2 == 0 { subject.send(-value - 1) } }
        subject.subscribe(recorder)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<200 { subject.send(thread * 1_000 + value) }
        }
        let values = recorder.values
        XCTAssertEqual(values.count, 1_200)
        // Each re-entrant send comes right after the value that caused it.
        for (index, value) in values.enumerated() where value >= 0 && value % 2 == 0 {
            XCTAssertEqual(values[index + 1], -value - 1)
        }
    }

    func testUpstreamSubscriptionIsAskedForValuesOnlyOnceASubscriberWantsSome() {
        let subject = PassthroughSubject<Int, Never>()
        let upstream = RecordingSubscription()
        subject.send(subscription: upstream)
        XCTAssertEqual(upstream.requests, [])
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        subject.subscribe(subscriber)
        XCTAssertEqual(upstream.requests, [])
        subscriber.request(.max(1))
        XCTAssertEqual(upstream.requests, [.unlimited])
        subscriber.request(.max(1))
        let later = RecordingSubscription()
        subject.send(subscription: later)
        XCTAssertEqual(upstream.requests, [.unlimited])
        XCTAssertEqual(later.requests, [.unlimited])
    }

    func testCancellingTheLastSubscriptionOfASubjectAlreadyLetGoReleasesItsUpstream() {
        var subject: PassthroughSubject<Int, Never>? = PassthroughSubject()
        let upstream = RecordingSubscription()
        subject?.send(subscription: upstream)
        var received: [Int] = []
        let cancellable = subject?.sink { received.append($0) }
        subject?.send(1)
        subject = nil
        // The subscription still holds the subject's state, so the upstream is kept.
        XCTAssertFalse(upstream.isCancelled)
        cancellable?.cancel()
        XCTAssertEqual(upstream.cancelCount, 1)
        XCTAssertEqual(received, [1])
    }

    /// A subscriber that keeps its subscription only weakly once it has let it go, to see when
    /// the subject's conduit is freed.
    private final class LettingGoSubscriber: Subscriber, @unchecked Sendable {
        var subscription: Subscription?
        weak var released: AnyObject?
        var values: [Int] = []
        var completions = 0
        /// What to do, from inside the delivery, on the value 2.
        let onTwo: (LettingGoSubscriber) -> Void

        init(onTwo: @escaping (LettingGoSubscriber) -> Void) {
            self.onTwo = onTwo
        }

        func receive(subscription: Subscription) {
            self.subscription = subscription
            released = subscription as AnyObject
            subscription.request(.unlimited)
        }

        func receive(_ input: Int) -> Subscribers.Demand {
            values.append(input)
            if input == 2 { onTwo(self) }
            // Still inside the delivery, after the subscription was let go.
            values.append(input * 10)
            return .none
        }

        func receive(completion: Subscribers.Completion<Never>) {
            completions += 1
            subscription = nil
        }
    }

    func testOnlySubscriberCancellingAndLettingGoOfItsSubscriptionInsideADeliveryEndsCleanly() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = LettingGoSubscriber { me in
            me.subscription?.cancel()
            me.subscription = nil
        }
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        XCTAssertEqual(subscriber.values, [1, 10, 2, 20])
        XCTAssertNil(subscriber.released, "the subject's subscription is freed once the delivery is over")
    }

    func testOnlySubscriberCompletingTheSubjectInsideADeliveryEndsCleanly() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = LettingGoSubscriber { _ in subject.send(completion: .finished) }
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        XCTAssertEqual(subscriber.values, [1, 10, 2, 20])
        XCTAssertEqual(subscriber.completions, 1)
        XCTAssertNil(subscriber.released, "the subject's subscription is freed once the delivery is over")
    }

    func testOnlySubscriberOfACurrentValueSubjectCancellingInsideADeliveryEndsCleanly() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = LettingGoSubscriber { me in
            me.subscription?.cancel()
            me.subscription = nil
        }
        subject.subscribe(subscriber)
        subject.send(2)
        subject.send(3)
        XCTAssertEqual(subscriber.values, [0, 0, 2, 20])
        XCTAssertNil(subscriber.released, "the subject's subscription is freed once the delivery is over")
    }

    func testOneOfTwoSubscribersCancelledFromInsideTheOthersDeliveryWhileSubscribersComeAndGo() {
        let subject = PassthroughSubject<Int, Never>()
        var late: [AnyCancellable] = []
        var first: [Int] = []
        var second: [Int] = []
        var secondCancellable: AnyCancellable?
        let firstCancellable = subject.sink { value in
            first.append(value)
            if value == 2 { secondCancellable?.cancel() }
            if value == 3 { late.append(subject.sink { _ in }) }
        }
        secondCancellable = subject.sink { second.append($0) }
        for value in 1...4 { subject.send(value) }
        XCTAssertEqual(first, [1, 2, 3, 4])
        XCTAssertEqual(second.first, 1)
        XCTAssertFalse(second.contains(3))
        firstCancellable.cancel()
        late.forEach { $0.cancel() }
    }

    func testUpstreamThatComesAfterTheFirstRequestIsAskedAtOnce() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        subject.subscribe(subscriber)
        let before = RecordingSubscription()
        subject.send(subscription: before)
        XCTAssertEqual(before.requests, [])
        subscriber.request(.max(1))
        subscriber.request(.max(1))
        let after = RecordingSubscription()
        subject.send(subscription: after)
        XCTAssertEqual(before.requests, [.unlimited])
        XCTAssertEqual(after.requests, [.unlimited])
    }

    func testUpstreamsThatComeWhileTheFirstSubscriberAsksAreEachAskedExactlyOnce() {
        for _ in 0..<300 {
            let subject = PassthroughSubject<Int, Never>()
            let early = RecordingSubscription()
            subject.send(subscription: early)
            let subscribers = (0..<2).map { _ in RecordingSubscriber<Int, Never>(initialDemand: .none) }
            subscribers.forEach { subject.subscribe($0) }
            let late = (0..<3).map { _ in RecordingSubscription() }
            DispatchQueue.concurrentPerform(iterations: 5) { index in
                if index < late.count {
                    subject.send(subscription: late[index])
                } else {
                    subscribers[index - late.count].request(.max(1))
                }
            }
            for upstream in [early] + late {
                XCTAssertEqual(upstream.requests, [.unlimited])
            }
        }
    }
}
