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
}
