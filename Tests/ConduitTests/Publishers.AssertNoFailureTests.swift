import Conduit
import XCTest

/// `assertNoFailure` and `breakpoint` as reflection and the subscription chain see them.
final class AssertNoFailureTests: XCTestCase {
    func testAssertNoFailureShowsWhereItWasWritten() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        upstream.assertNoFailure("why", file: "Cards.swift", line: 12).subscribe(RecordingSubscriber<Int, Never>())
        XCTAssertEqual(mirrorText(upstream.subscriberMirror), ["file=Cards.swift", "line=12", "prefix=why"])
    }

    func testBreakpointHandsTheUpstreamSubscriptionStraightToTheDownstream() throws {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2), demandPerValue: .max(1))
        upstream.breakpoint(receiveOutput: { _ in false }).subscribe(recorder)
        let subscription = RecordingSubscription()
        upstream.send(subscription: subscription)
        XCTAssertTrue(try XCTUnwrap(recorder.subscription) as AnyObject === subscription)
        XCTAssertEqual(upstream.send(5), .max(1))
        XCTAssertEqual(subscription.requests, [.max(2)])
        XCTAssertEqual(mirrorText(upstream.subscriberMirror), [])
        XCTAssertEqual(upstream.subscriberPlaygroundDescription, "Breakpoint")
    }
}
