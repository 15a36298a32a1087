import Conduit
import XCTest

/// `scan`: the upstream's subscription goes straight downstream, and reflection shows the result.
final class ScanTests: XCTestCase {
    func testScanHandsTheUpstreamSubscriptionOnAndShowsTheResultSoFar() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.scan(0, +).subscribe(recorder)
        let subscription = RecordingSubscription()
        upstream.send(subscription: subscription)
        XCTAssertEqual(subscription.requests, [.unlimited], "the downstream's request reaches the upstream directly")
        upstream.send(2)
        upstream.send(3)
        XCTAssertEqual(recorder.values, [2, 5])
        XCTAssertEqual(mirrorLabels(upstream.subscriberMirror), ["downstream", "result"])
        XCTAssertEqual(mirrorText(upstream.subscriberMirror)?.last, "result=5")
        XCTAssertEqual(upstream.subscriberPlaygroundDescription, "Scan")
    }
}
