import Conduit
import Foundation
import XCTest

/// The reducing operators (`count`, `reduce`, `contains`, `allSatisfy`, `last`...) facing an
/// upstream whose subscription comes late.
final class ReducingSubscriberTests: XCTestCase {
    func testCancelBeforeTheSubscriptionStillAsksForEverythingAndDeliversNothing() throws {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.count().subscribe(recorder)
        try XCTUnwrap(upstream.operatorSubscription).cancel()
        let late = RecordingSubscription()
        upstream.send(subscription: late)
        XCTAssertEqual(late.requests, [.unlimited])
        XCTAssertFalse(late.isCancelled)
        upstream.send(1)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, [])
    }

    func testASecondSubscriptionIsStillCancelled() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.count().subscribe(recorder)
        upstream.send(subscription: RecordingSubscription())
        let second = RecordingSubscription()
        upstream.send(subscription: second)
        XCTAssertTrue(second.isCancelled)
    }

    func testReducingOperatorsShowDownstreamResultInitialAndStatus() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.reduce(10, +).subscribe(recorder)
        upstream.send(subscription: RecordingSubscription())
        upstream.send(5)
        let shown = mirrorText(upstream.subscriberMirror)
        XCTAssertEqual(shown.map { Array($0.dropFirst()) }, ["result=Optional(15)", "initial=Optional(10)",
                                                             "status=subscribed"])
        XCTAssertTrue(shown?.first?.contains("RecordingSubscriber") ?? false)
        XCTAssertEqual(upstream.subscriberPlaygroundDescription, "Reduce")
    }

    func testCollectShowsHowManyElementsItHolds() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        upstream.collect().subscribe(RecordingSubscriber<[Int], Never>())
        upstream.send(subscription: RecordingSubscription())
        upstream.send(1)
        upstream.send(2)
        XCTAssertEqual(mirrorText(upstream.subscriberMirror), ["count=2"])
    }
}
