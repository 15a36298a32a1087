import Conduit
import XCTest

/// `subscribe(on:)`: requests and cancel run on the scheduler, in the order they were made.
final class SubscribeOnTests: XCTestCase {
    func testARequestMadeJustBeforeACancelStillReachesTheUpstream() {
        let scheduler = RecordingScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.subscribe(on: scheduler).subscribe(subscriber)
        scheduler.advance(to: 0)
        subscriber.request(.unlimited)
        subscriber.cancel()
        XCTAssertEqual(scheduler.calls, ["schedule", "schedule", "schedule"])
        XCTAssertEqual(upstream.subscription.requests, [])
        scheduler.advance(to: 1)
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func testNothingIsScheduledAfterTheCancel() {
        let scheduler = RecordingScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.subscribe(on: scheduler).subscribe(subscriber)
        scheduler.advance(to: 0)
        let subscription = subscriber.subscription
        subscriber.cancel()
        subscription?.request(.max(3))
        subscription?.cancel()
        XCTAssertEqual(scheduler.calls, ["schedule", "schedule"])
        scheduler.advance(to: 1)
        XCTAssertEqual(upstream.subscription.requests, [])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func testASecondSubscriptionIsCancelledAndEventsBeforeTheFirstAreIgnored() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(demandPerValue: .max(4))
        upstream.subscribe(on: ImmediateScheduler.shared).subscribe(recorder)
        XCTAssertEqual(upstream.send(1), .none)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, [])
        let first = RecordingSubscription()
        upstream.send(subscription: first)
        let second = RecordingSubscription()
        upstream.send(subscription: second)
        XCTAssertTrue(second.isCancelled)
        XCTAssertEqual(upstream.send(2), .max(4))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(2)"])
        XCTAssertEqual(mirrorText(upstream.subscriberMirror), [])
        XCTAssertEqual(upstream.subscriberPlaygroundDescription, "SubscribeOn")
    }

    func testAFinishedSubscribeOnLetsGoOfAnUpstreamThatKeepsItsSubscriber() {
        weak var subscription: ClingingSubscription?
        do {
            let upstream = ClingingPublisher()
            var received: [Int] = []
            let sink = upstream.subscribe(on: ImmediateScheduler.shared).sink { received.append($0) }
            XCTAssertEqual(received, [7])
            subscription = upstream.latest
            XCTAssertEqual(upstream.made, 1)
            withExtendedLifetime(sink) {}
        }
        XCTAssertNil(subscription, "the upstream subscription and the subscribe(on:) link were freed")
    }

    func testASubscriptionThatComesAfterACancelIsLeftAlone() throws {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.subscribe(on: ImmediateScheduler.shared).subscribe(recorder)
        try XCTUnwrap(upstream.operatorSubscription).cancel()
        let late = RecordingSubscription()
        upstream.send(subscription: late)
        XCTAssertFalse(late.isCancelled)
        XCTAssertEqual(recorder.eventDescriptions, [])
    }
}

/// Sends 7 and finishes on the first request, and keeps its subscriber after finishing.
private final class ClingingPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never
    weak var latest: ClingingSubscription?
    var made = 0

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        let subscription = ClingingSubscription(AnySubscriber(subscriber))
        latest = subscription
        made += 1
        subscriber.receive(subscription: subscription)
    }
}

/// A subscription that holds its subscriber for ever, as a careless upstream may.
private final class ClingingSubscription: Subscription, @unchecked Sendable {
    let subscriber: AnySubscriber<Int, Never>
    init(_ subscriber: AnySubscriber<Int, Never>) { self.subscriber = subscriber }

    func request(_ demand: Subscribers.Demand) {
        _ = subscriber.receive(7)
        subscriber.receive(completion: .finished)
    }

    func cancel() {}
}
