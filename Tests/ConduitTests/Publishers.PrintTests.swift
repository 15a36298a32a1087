import Conduit
import XCTest

/// `print`: Combine's words, written as Swift's `print` writes them, for every event it sees.
final class PrintTests: XCTestCase {
    /// A text stream that keeps each write apart.
    private final class Writes: TextOutputStream, @unchecked Sendable {
        var pieces: [String] = []
        func write(_ string: String) { pieces.append(string) }
    }

    func testEachLineIsWrittenAsSwiftPrintWritesIt() {
        let writes = Writes()
        let upstream = HeldSubscriberPublisher<Int, Never>()
        upstream.print("p", to: writes).subscribe(RecordingSubscriber<Int, Never>(initialDemand: .max(1)))
        let subscription = RecordingSubscription()
        upstream.send(subscription: subscription)
        XCTAssertEqual(writes.pieces, ["", "p: receive subscription: (\(subscription))", "\n",
                                       "", "p: request max: (1)", "\n"])
    }

    func testDemandReturnedForAValueIsLoggedAsSynchronous() {
        let writes = Writes()
        let upstream = HeldSubscriberPublisher<Int, Never>()
        upstream.print(to: writes).subscribe(RecordingSubscriber<Int, Never>(initialDemand: .none,
                                                                           demandPerValue: .max(2)))
        upstream.send(subscription: RecordingSubscription())
        XCTAssertEqual(upstream.send(4), .max(2))
        XCTAssertEqual(writes.pieces.filter { $0 != "" && $0 != "\n" }.dropFirst(),
                       ["receive value: (4)", "request max: (2) (synchronous)"])
    }

    func testEverySubscriptionAndEveryCancelIsLoggedAndALaterSubscriptionIsCancelled() throws {
        let writes = Writes()
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.print(to: writes).subscribe(recorder)
        let first = RecordingSubscription()
        upstream.send(subscription: first)
        let second = RecordingSubscription()
        upstream.send(subscription: second)
        XCTAssertTrue(second.isCancelled)
        let subscription = try XCTUnwrap(recorder.subscription)
        subscription.cancel()
        subscription.cancel()
        subscription.request(.max(1))
        XCTAssertEqual(first.cancelCount, 1)
        XCTAssertEqual(first.requests, [], "nothing reaches the upstream after the cancel")
        XCTAssertEqual(writes.pieces.filter { $0 != "" && $0 != "\n" }, [
            "receive subscription: (\(first))", "receive subscription: (\(second))",
            "receive cancel", "receive cancel", "request max: (1)",
        ])
        XCTAssertEqual(mirrorText(upstream.subscriberMirror), [])
        XCTAssertEqual(upstream.subscriberPlaygroundDescription, "Print")
    }
}
