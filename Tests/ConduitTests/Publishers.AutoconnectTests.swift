import Conduit
import Foundation
import XCTest

final class AutoconnectTests: XCTestCase {
    func testAutoconnectConnectsOnTheFirstSubscriberAndAgainAfterEveryoneCancelled() {
        let upstream = ManualPublisher<Int, Never>()
        let auto = upstream.makeConnectable().autoconnect()
        XCTAssertEqual(upstream.subscribeCount, 0)
        let first = RecordingSubscriber<Int, Never>()
        auto.subscribe(first)
        XCTAssertEqual(upstream.subscribeCount, 1)
        upstream.send(1)
        XCTAssertEqual(first.values, [1])
        first.cancel()
        XCTAssertTrue(upstream.subscription.isCancelled)
        let second = RecordingSubscriber<Int, Never>()
        auto.subscribe(second)
        XCTAssertEqual(upstream.subscribeCount, 2)
    }
}
