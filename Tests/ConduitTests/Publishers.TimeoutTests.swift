import Conduit
import XCTest

/// `timeout`: which scheduler calls it makes, and when values, demand and the completion move.
final class TimeoutTests: XCTestCase {
    private func makeTimeout(
        _ scheduler: RecordingScheduler, customError: TestError? = nil, initialDemand: Subscribers.Demand = .none,
        demandPerValue: Subscribers.Demand = .none
    ) -> (ManualPublisher<Int, TestError>, RecordingSubscriber<Int, TestError>) {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, TestError>(
            initialDemand: initialDemand, demandPerValue: demandPerValue
        )
        let makeError = customError.map { error in { error } }
        upstream
            .timeout(.nanoseconds(13), scheduler: scheduler, options: "opts", customError: makeError)
            .subscribe(subscriber)
        return (upstream, subscriber)
    }

    func testTimerIsARepeatingActionStartedAtSubscriptionAndAtTheFirstRequestOnly() {
        let scheduler = RecordingScheduler()
        let (upstream, subscriber) = makeTimeout(scheduler)
        let timer = ["now", "minimumTolerance", "after 13ns every 13ns ~7ns opts"]
        XCTAssertEqual(scheduler.calls, timer)
        subscriber.request(.max(2))
        subscriber.request(.max(5))
        XCTAssertEqual(scheduler.calls, timer + timer)
        XCTAssertEqual(upstream.subscription.requests, [.max(2), .max(5)])
    }

    func testValueRestartsTheTimerAndIsDeliveredThroughTheScheduler() {
        let scheduler = RecordingScheduler()
        let (upstream, subscriber) = makeTimeout(scheduler, initialDemand: .max(1), demandPerValue: .max(3))
        scheduler.advance(to: 10)
        scheduler.clearCalls()
        XCTAssertEqual(upstream.send(1), .none)
        XCTAssertEqual(scheduler.calls, ["now", "minimumTolerance", "after 23ns every 13ns ~7ns opts", "schedule opts"])
        XCTAssertEqual(subscriber.values, [])
        scheduler.advance(to: 11)
        XCTAssertEqual(subscriber.values, [1])
        // The downstream's answer to the value is requested from the upstream, not returned.
        XCTAssertEqual(upstream.subscription.requests, [.max(1), .max(3)])
        scheduler.advance(to: 22)
        XCTAssertNil(subscriber.completion)
        scheduler.advance(to: 23)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(1)", "finished"])
        XCTAssertTrue(upstream.subscription.isCancelled)
    }

    func testTimingOutFailsWithTheCustomErrorOnceAndIgnoresTheUpstreamAfterwards() {
        let scheduler = RecordingScheduler()
        let (upstream, subscriber) = makeTimeout(scheduler, customError: TestError("late"), initialDemand: .unlimited)
        scheduler.advance(to: 100)
        upstream.send(completion: .finished)
        upstream.send(5)
        scheduler.advance(to: 200)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "failure(late)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func testUpstreamCompletionGoesThroughTheSchedulerWithTheOptionsAndStopsTheTimer() {
        let scheduler = RecordingScheduler()
        let (upstream, subscriber) = makeTimeout(scheduler)
        upstream.send(completion: .failure(TestError("gone")))
        XCTAssertEqual(scheduler.calls.last, "schedule opts")
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription"])
        scheduler.advance(to: 1)
        scheduler.advance(to: 100)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "failure(gone)"])
        XCTAssertFalse(upstream.subscription.isCancelled)
    }

    func testCancelDropsTheValueAndCompletionInFlightAndStillCancelsTheUpstream() {
        let scheduler = RecordingScheduler()
        let (upstream, subscriber) = makeTimeout(scheduler, initialDemand: .unlimited)
        upstream.send(1)
        upstream.send(completion: .finished)
        subscriber.cancel()
        scheduler.advance(to: 100)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func testTimeoutShowsNoChildrenAndItsName() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        upstream.timeout(.seconds(1), scheduler: RecordingScheduler()).subscribe(RecordingSubscriber<Int, Never>())
        XCTAssertEqual(mirrorText(upstream.subscriberMirror), [])
        XCTAssertEqual(upstream.subscriberPlaygroundDescription, "Timeout")
    }
}
