import Conduit
import ConduitTesting
import XCTest

/// `measureInterval`: when it reads the clock and how it passes demand on.
final class MeasureIntervalTests: XCTestCase {
    func testReadsNowAtSubscriptionAndAtEachValueOnly() {
        let scheduler = RecordingScheduler()
        scheduler.advance(to: 3)
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<VirtualTimeScheduler.SchedulerTimeType.Stride, Never>()
        upstream.measureInterval(using: scheduler).subscribe(subscriber)
        XCTAssertEqual(scheduler.calls, ["now"])
        scheduler.advance(to: 14)
        upstream.send(1)
        scheduler.advance(to: 17)
        upstream.send(2)
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.values.map(\.magnitude), [11, 3])
        XCTAssertEqual(scheduler.calls, ["now", "now", "now"])
        XCTAssertEqual(describe(subscriber.subscription), "MeasureInterval")
    }

    func testTheDownstreamsAnswerIsRequestedFromTheUpstreamNotReturned() {
        let scheduler = RecordingScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<VirtualTimeScheduler.SchedulerTimeType.Stride, Never>(
            initialDemand: .none, demandPerValue: .max(1)
        )
        upstream.measureInterval(using: scheduler).subscribe(subscriber)
        XCTAssertEqual(upstream.send(1), .none)
        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
    }

    func testNothingPassesAfterCancel() {
        let scheduler = RecordingScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<VirtualTimeScheduler.SchedulerTimeType.Stride, Never>()
        upstream.measureInterval(using: scheduler).subscribe(subscriber)
        let subscription = subscriber.subscription
        subscriber.cancel()
        subscription?.request(.max(5))
        upstream.send(1)
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription"])
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
        XCTAssertEqual(scheduler.calls, ["now"])
    }

    func testCancelBeforeTheSubscriptionLeavesItAlone() throws {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = RecordingSubscriber<VirtualTimeScheduler.SchedulerTimeType.Stride, Never>()
        upstream.measureInterval(using: RecordingScheduler()).subscribe(subscriber)
        let measurer = try XCTUnwrap(upstream.subscriberAsGiven as? Subscription)
        measurer.cancel()
        upstream.sendSubscription()
        XCTAssertFalse(upstream.subscription.isCancelled)
        XCTAssertEqual(subscriber.eventDescriptions, [])
    }

    func testShowsNoChildrenAndItsNameToPlaygrounds() throws {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<VirtualTimeScheduler.SchedulerTimeType.Stride, Never>()
        upstream.measureInterval(using: RecordingScheduler()).subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)
        XCTAssertTrue(Mirror(reflecting: subscription).children.isEmpty)
        XCTAssertEqual(
            (subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String, "MeasureInterval"
        )
    }

    private func describe(_ subscription: Subscription?) -> String {
        subscription.map { String(describing: $0) } ?? "none"
    }
}
