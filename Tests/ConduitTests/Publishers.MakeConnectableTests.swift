import Conduit
import Foundation
import XCTest

final class MakeConnectableTests: XCTestCase {
    func testMakeConnectablePublishesNothingUntilConnected() {
        let upstream = ManualPublisher<Int, Never>()
        let connectable = upstream.makeConnectable()
        let recorder = RecordingSubscriber<Int, Never>()
        connectable.subscribe(recorder)
        XCTAssertEqual(upstream.subscribeCount, 0)
        let connection = connectable.connect()
        upstream.send(3)
        XCTAssertEqual(recorder.values, [3])
        connection.cancel()
        XCTAssertTrue(upstream.subscription.isCancelled)
    }
}
