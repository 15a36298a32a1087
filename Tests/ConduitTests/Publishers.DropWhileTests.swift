import Conduit
import Foundation
import XCTest

final class DropWhileTests: XCTestCase {
    func testCancelIsPassedUpOnceAndNothingPassesAfterIt() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.drop { $0 < 0 }.subscribe(recorder)
        let subscription = RecordingSubscription()
        upstream.send(subscription: subscription)
        recorder.subscription?.cancel()
        recorder.subscription?.cancel()
        XCTAssertEqual(subscription.cancelCount, 1)
        upstream.send(5)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription"])
    }

    func testASecondCompletionIsIgnored() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.drop { $0 < 0 }.subscribe(recorder)
        upstream.send(subscription: RecordingSubscription())
        upstream.send(completion: .finished)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "finished"])
    }
}
