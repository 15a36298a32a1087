import Conduit
import Foundation
import XCTest

/// `append` and `prepend` of publishers (`Publishers.Concatenate`).
final class ConcatenateTests: XCTestCase {
    func testZeroDemandReachesTheCurrentSourceInsteadOfTrapping() {
        let prefix = ManualPublisher<Int, Never>()
        let suffix = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(4))
        prefix.append(suffix).subscribe(recorder)
        recorder.request(.none)
        XCTAssertEqual(prefix.subscription.requests, [.max(4), .none])
        prefix.send(1)
        prefix.send(completion: .finished)
        XCTAssertEqual(suffix.subscription.requests, [.max(3)])
        XCTAssertEqual(recorder.values, [1])
    }

    func testTheSubscriberGetsItsSubscriptionWhenThePrefixSubscriptionArrives() {
        let prefix = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let recorder = RecordingSubscriber<Int, Never>()
        prefix.append(7).subscribe(recorder)
        XCTAssertEqual(recorder.eventDescriptions, [])
        prefix.sendSubscription()
        XCTAssertEqual(recorder.eventDescriptions, ["subscription"])
        XCTAssertEqual(prefix.subscription.requests, [.unlimited])
    }

    func testEventsOfThePrefixBeforeItsSubscriptionAreIgnored() {
        let prefix = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let recorder = RecordingSubscriber<Int, Never>()
        prefix.append(7).subscribe(recorder)
        XCTAssertEqual(prefix.send(1), .none)
        prefix.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, [])
    }

    func testACompletionOfTheSuffixBeforeItsSubscriptionIsIgnored() {
        let suffix = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let recorder = RecordingSubscriber<Int, Never>()
        suffix.prepend(1).subscribe(recorder)
        suffix.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)"])
        suffix.sendSubscription()
        suffix.send(2)
        suffix.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func testPrefixAndSuffixSubscribersShareTheSubscriptionsIdentifier() {
        let prefix = ManualPublisher<Int, Never>()
        let suffix = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        let log = IdentifierLog()
        IdentifierTap(upstream: prefix, log: log).append(IdentifierTap(upstream: suffix, log: log))
            .subscribe(recorder)
        prefix.send(completion: .finished)
        let identifiers = log.identifiers
        XCTAssertEqual(identifiers.count, 2)
        XCTAssertEqual(identifiers.first, recorder.subscription?.combineIdentifier)
        XCTAssertEqual(identifiers.last, recorder.subscription?.combineIdentifier)
        // As in Combine, the two subscribers are of two types, neither the subscription's.
        let types = log.types
        XCTAssertEqual(types.count, 2)
        XCTAssertFalse(types[0] == types[1], "the prefix's and the suffix's subscribers share a type")
        if let subscription = recorder.subscription {
            XCTAssertFalse(types.contains { $0 == type(of: subscription) })
        }
    }

    func testTheSubscriptionShowsItselfAsConcatenateWithNoChildren() throws {
        let recorder = RecordingSubscriber<Int, Never>()
        ManualPublisher<Int, Never>().append(1).subscribe(recorder)
        let subscription = try XCTUnwrap(recorder.subscription)
        XCTAssertEqual((subscription as? CustomStringConvertible)?.description, "Concatenate")
        XCTAssertEqual((subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String,
            "Concatenate")
        XCTAssertEqual((subscription as? CustomReflectable)?.customMirror.children.count, 0)
    }

    func testCancellingLetsGoOfTheSuffix() {
        final class Suffix: Publisher {
            typealias Output = Int
            typealias Failure = Never
            let onDeinit: () -> Void
            init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
            deinit { onDeinit() }
            func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {}
        }
        var suffixFreed = false
        let recorder = RecordingSubscriber<Int, Never>()
        do {
            let prefix = ManualPublisher<Int, Never>()
            prefix.append(Suffix { suffixFreed = true }).subscribe(recorder)
        }
        XCTAssertFalse(suffixFreed)
        recorder.cancel()
        XCTAssertTrue(suffixFreed)
    }
}

/// The combine identifiers of the subscribers that subscribed through `IdentifierTap`s.
private final class IdentifierLog {
    var identifiers: [CombineIdentifier] = []
    var types: [Any.Type] = []
}

/// A publisher for tests that notes each subscriber's combine identifier, then subscribes it upstream.
private struct IdentifierTap<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream
    let log: IdentifierLog

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        log.identifiers.append(subscriber.combineIdentifier)
        log.types.append(S.self)
        upstream.subscribe(subscriber)
    }
}
