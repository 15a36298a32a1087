import Conduit
import Foundation
import XCTest

/// A publisher that keeps the subscriber it is given, so a test can act as a misbehaving
/// upstream: send events before the subscription, or reach the operator's own subscription.
final class HeldSubscriberPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private(set) var subscriber: Any?
    private var sendSubscription: ((Subscription) -> Void)?
    private var sendValue: ((Output) -> Subscribers.Demand)?
    private var sendCompletion: ((Subscribers.Completion<Failure>) -> Void)?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        self.subscriber = subscriber
        sendSubscription = subscriber.receive(subscription:)
        sendValue = subscriber.receive(_:)
        sendCompletion = subscriber.receive(completion:)
    }

    /// The operator's subscriber seen as the subscription it hands downstream.
    var operatorSubscription: Subscription? { subscriber.flatMap { $0 as? Subscription } }
    /// The operator's subscriber's custom mirror, if it has one.
    var subscriberMirror: Mirror? { subscriber.flatMap { ($0 as? CustomReflectable)?.customMirror } }
    /// The operator's subscriber's playground description, if it is a string.
    var subscriberPlaygroundDescription: String? {
        subscriber.flatMap { ($0 as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String }
    }

    func send(subscription: Subscription) { sendSubscription?(subscription) }
    @discardableResult func send(_ value: Output) -> Subscribers.Demand { sendValue?(value) ?? .none }
    func send(completion: Subscribers.Completion<Failure>) { sendCompletion?(completion) }
}

/// The try operators, `prefix(while:)`, `output(in:)`, `dropWhile` and `removeDuplicates`
/// (built on `GuardedSubscriber`) facing an upstream that breaks the order of events.
final class GuardedSubscriberTests: XCTestCase {
    func testACompletionBeforeTheSubscriptionIsIgnored() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Error>()
        upstream.tryMap { $0 * 2 }.subscribe(recorder)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, [])
        upstream.send(subscription: RecordingSubscription())
        upstream.send(3)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(6)"])
    }

    func testTryMapLeavesASubscriptionAloneThatComesAfterACancel() throws {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Error>()
        upstream.tryMap { $0 }.subscribe(recorder)
        try XCTUnwrap(upstream.operatorSubscription).cancel()
        let late = RecordingSubscription()
        upstream.send(subscription: late)
        XCTAssertEqual(late.requests, [])
        XCTAssertFalse(late.isCancelled)
        XCTAssertEqual(recorder.eventDescriptions, [])
    }

    func testTryFilterCancelsASubscriptionThatComesAfterACancel() throws {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Error>()
        upstream.tryFilter { _ in true }.subscribe(recorder)
        try XCTUnwrap(upstream.operatorSubscription).cancel()
        let late = RecordingSubscription()
        upstream.send(subscription: late)
        XCTAssertTrue(late.isCancelled)
        XCTAssertEqual(recorder.eventDescriptions, [])
    }

    func testTryFilterReflectsItsDownstreamAndTryMapNothing() throws {
        let filtered = HeldSubscriberPublisher<Int, Never>()
        filtered.tryFilter { _ in true }.subscribe(RecordingSubscriber<Int, Error>())
        let filterMirror = try XCTUnwrap(filtered.subscriberMirror)
        XCTAssertEqual(filterMirror.children.map(\.label), ["downstream"])
        XCTAssertEqual(
            filtered.subscriberPlaygroundDescription, "TryFilter"
        )
        let mapped = HeldSubscriberPublisher<Int, Never>()
        mapped.tryMap { $0 }.subscribe(RecordingSubscriber<Int, Error>())
        let mapMirror = try XCTUnwrap(mapped.subscriberMirror)
        XCTAssertTrue(mapMirror.children.isEmpty)
    }

    func testEncodePassesACompletionThatComesBeforeTheSubscription() {
        struct Item: Codable { let n: Int }
        let upstream = HeldSubscriberPublisher<Item, Never>()
        let recorder = RecordingSubscriber<Data, Error>()
        upstream.encode(encoder: JSONEncoder()).subscribe(recorder)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["finished"])
    }

    func testDecodeFailsOnAValueSentBeforeTheSubscription() {
        let upstream = HeldSubscriberPublisher<Data, Never>()
        let recorder = RecordingSubscriber<Int, Error>()
        upstream.decode(type: Int.self, decoder: JSONDecoder()).subscribe(recorder)
        XCTAssertEqual(upstream.send(Data("not json".utf8)), .none)
        XCTAssertEqual(recorder.events.count, 1)
        if case .failure? = recorder.completion {} else {
            XCTFail("expected a failure, got \(recorder.eventDescriptions)")
        }
        let late = RecordingSubscription()
        upstream.send(subscription: late)
        XCTAssertTrue(late.isCancelled)
    }

    func testEncodeShowsDownstreamWhetherFinishedAndTheUpstream() throws {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Data, Error>()
        upstream.encode(encoder: JSONEncoder()).subscribe(recorder)
        XCTAssertEqual(mirrorLabels(upstream.subscriberMirror), ["downstream", "finished", "upstreamSubscription"])
        XCTAssertEqual(mirrorText(upstream.subscriberMirror)?[1], "finished=false")
        try XCTUnwrap(upstream.operatorSubscription).cancel()
        XCTAssertEqual(mirrorText(upstream.subscriberMirror)?[1], "finished=true")
        let late = RecordingSubscription()
        upstream.send(subscription: late)
        XCTAssertFalse(late.isCancelled, "a subscription after a cancel is left alone, as in Combine")
    }

    func testRemoveDuplicatesShowsTheLastValueAndTryScanItsResult() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        upstream.removeDuplicates().subscribe(RecordingSubscriber<Int, Never>())
        upstream.send(subscription: RecordingSubscription())
        XCTAssertEqual(mirrorText(upstream.subscriberMirror)?.last, "last=nil")
        upstream.send(4)
        XCTAssertEqual(mirrorText(upstream.subscriberMirror)?.last, "last=Optional(4)")

        let scanned = HeldSubscriberPublisher<Int, Never>()
        scanned.tryScan(1) { $0 + $1 }.subscribe(RecordingSubscriber<Int, Error>())
        XCTAssertEqual(mirrorLabels(scanned.subscriberMirror), ["downstream", "status", "result"])
        scanned.send(subscription: RecordingSubscription())
        scanned.send(2)
        XCTAssertEqual(mirrorText(scanned.subscriberMirror)?.dropFirst(), ["status=subscribed", "result=3"])
    }

    func testOutputReturnsTheDownstreamsDemandForItsLastElement() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(demandPerValue: .max(42))
        upstream.output(in: 1..<3).subscribe(recorder)
        let subscription = RecordingSubscription()
        upstream.send(subscription: subscription)
        XCTAssertEqual(upstream.send(10), .max(1))
        XCTAssertEqual(upstream.send(11), .max(42))
        XCTAssertEqual(upstream.send(12), .max(42))
        XCTAssertEqual(upstream.send(13), .none)
        XCTAssertTrue(subscription.isCancelled)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(11)", "value(12)", "finished"])
    }

    func testOutputBeforeTheSubscriptionHandsOnItsRangeAndEndsOnlyOnceSubscribed() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(demandPerValue: .max(42))
        upstream.output(in: 1..<3).subscribe(recorder)
        upstream.send(completion: .finished)
        XCTAssertEqual(upstream.send(1), .max(1))
        XCTAssertEqual(upstream.send(2), .max(42))
        XCTAssertEqual(upstream.send(3), .max(42))
        XCTAssertEqual(upstream.send(4), .none)
        XCTAssertEqual(recorder.eventDescriptions, ["value(2)", "value(3)"])
        upstream.send(subscription: RecordingSubscription())
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["value(2)", "value(3)", "subscription", "finished"])
    }
}
