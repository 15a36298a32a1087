import Conduit
import XCTest

/// `first()`, `first(where:)` and `tryFirst(where:)`: the names their subscriptions go by.
final class FirstTests: XCTestCase {
    func testFirstWhereGoesByCombinesNameTryFirst() throws {
        let subscriber = RecordingSubscriber<Int, Never>()
        [1, 2, 3].publisher.first { $0 > 1 }.subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [2])
        let names = ManualPublisher<Int, Never>()
        let named = RecordingSubscriber<Int, Never>()
        names.first { $0 > 1 }.subscribe(named)
        let subscription = try XCTUnwrap(named.subscription)
        XCTAssertEqual(String(describing: subscription), "TryFirst")
    }

    func testFirstAndTryFirstWhereKeepTheirOwnNames() throws {
        let upstream = ManualPublisher<Int, Never>()
        let first = RecordingSubscriber<Int, Never>()
        upstream.first().subscribe(first)
        XCTAssertEqual(first.subscription.map { String(describing: $0) }, "First")
        let trying = RecordingSubscriber<Int, Error>()
        upstream.tryFirst { $0 > 1 }.subscribe(trying)
        XCTAssertEqual(trying.subscription.map { String(describing: $0) }, "TryFirstWhere")
    }
}
