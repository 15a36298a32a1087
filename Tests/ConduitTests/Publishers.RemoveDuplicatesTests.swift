import Conduit
import Foundation
import XCTest

final class RemoveDuplicatesTests: XCTestCase {
    func testDownstreamGetsTheOperatorAsItsSubscriptionAndASecondOneIsCancelled() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.removeDuplicates().subscribe(recorder)
        let first = RecordingSubscription()
        upstream.send(subscription: first)
        XCTAssertEqual(recorder.subscription.map { "\($0)" }, "RemoveDuplicates")
        let second = RecordingSubscription()
        upstream.send(subscription: second)
        XCTAssertTrue(second.isCancelled)
        XCTAssertFalse(first.isCancelled)
    }

    func testNothingPassesAfterTheCompletionOrACancel() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.removeDuplicates().subscribe(recorder)
        let subscription = RecordingSubscription()
        upstream.send(subscription: subscription)
        upstream.send(1)
        upstream.send(completion: .finished)
        upstream.send(2)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "finished"])
        recorder.cancel()
        XCTAssertFalse(subscription.isCancelled)
    }
}
