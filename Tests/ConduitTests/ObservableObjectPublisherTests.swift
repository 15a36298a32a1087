import Conduit
import XCTest

/// `ObservableObjectPublisher`: every subscriber hears every change, and its subscription is
/// called "ObservableObjectPublisher", as in Combine.
final class ObservableObjectPublisherTests: XCTestCase {
    func testEveryNotificationIsDeliveredWhateverTheDemand() {
        let publisher = ObservableObjectPublisher()
        let recorder = RecordingSubscriber<Void, Never>(initialDemand: .max(1))
        publisher.subscribe(recorder)
        publisher.send()
        publisher.send()
        publisher.send()
        XCTAssertEqual(recorder.values.count, 3)
    }

    func testCancelledSubscriberHearsNothingMoreWhileOthersDo() {
        let publisher = ObservableObjectPublisher()
        let first = RecordingSubscriber<Void, Never>()
        let second = RecordingSubscriber<Void, Never>()
        publisher.subscribe(first)
        publisher.subscribe(second)
        publisher.send()
        first.subscription?.cancel()
        publisher.send()
        XCTAssertEqual(first.values.count, 1)
        XCTAssertEqual(second.values.count, 2)
    }

    func testSubscriptionIsNamedAfterThePublisherAndShowsOnlyItsSubscriber() throws {
        let publisher = ObservableObjectPublisher()
        let recorder = RecordingSubscriber<Void, Never>()
        publisher.subscribe(recorder)
        let subscription = try XCTUnwrap(recorder.subscription)
        XCTAssertEqual("\(subscription)", "ObservableObjectPublisher")
        let children = Mirror(reflecting: subscription).children.map { $0.label }
        XCTAssertEqual(children, ["downstream"])
        subscription.cancel()
        XCTAssertEqual(Mirror(reflecting: subscription).children.map { "\($0.value)" }, ["nil"])
    }
}
