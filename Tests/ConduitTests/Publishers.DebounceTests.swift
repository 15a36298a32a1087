import Conduit
import XCTest

/// `debounce` and `throttle`: which scheduler calls they make and when values and the completion go out.
final class DebounceTests: XCTestCase {
    private func debounced(
        _ scheduler: RecordingScheduler, initialDemand: Subscribers.Demand = .unlimited
    ) -> (ManualPublisher<Int, TestError>, RecordingSubscriber<Int, TestError>) {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, TestError>(initialDemand: initialDemand)
        upstream.debounce(for: .nanoseconds(13), scheduler: scheduler, options: "opts").subscribe(subscriber)
        return (upstream, subscriber)
    }

    func testEachValueStartsARepeatingTimerAndReplacesTheOneBefore() {
        let scheduler = RecordingScheduler()
        let (upstream, subscriber) = debounced(scheduler)
        XCTAssertEqual(scheduler.calls, [])
        upstream.send(1)
        scheduler.advance(to: 4)
        upstream.send(2)
        XCTAssertEqual(scheduler.calls, [
            "now", "minimumTolerance", "after 13ns every 13ns ~7ns opts",
            "now", "minimumTolerance", "after 17ns every 13ns ~7ns opts",
        ])
        XCTAssertEqual(scheduler.cancelledRepeats, 1)
        scheduler.advance(to: 100)
        XCTAssertEqual(subscriber.values, [2])
        // The timer that sent the value is cancelled, so it never repeats.
        XCTAssertEqual(scheduler.cancelledRepeats, 2)
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
    }

    func testCompletionIsScheduledWithoutOptionsAndDropsThePendingValue() {
        let scheduler = RecordingScheduler()
        let (upstream, subscriber) = debounced(scheduler)
        upstream.send(1)
        scheduler.clearCalls()
        upstream.send(completion: .finished)
        upstream.send(completion: .failure(TestError()))
        XCTAssertEqual(scheduler.calls, ["schedule"])
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription"])
        scheduler.advance(to: 100)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "finished"])
    }

    func testValueDueWithoutDemandIsDroppedAndLaterValuesGoOutOnceRequested() {
        let scheduler = RecordingScheduler()
        let (upstream, subscriber) = debounced(scheduler, initialDemand: .none)
        upstream.send(1)
        scheduler.advance(to: 100)
        subscriber.request(.max(1))
        upstream.send(2)
        scheduler.advance(to: 200)
        upstream.send(3)
        scheduler.advance(to: 300)
        XCTAssertEqual(subscriber.values, [2])
    }

    func testOnASynchronousSchedulerEachValueGoesOutAtOnce() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.debounce(for: .seconds(1), scheduler: ImmediateScheduler.shared).subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)
        upstream.send(3)
        XCTAssertEqual(subscriber.values, [1, 2])
    }

    func testDebounceShowsDownstreamDemandAndTheWaitingValue() {
        let scheduler = RecordingScheduler()
        let upstream = HeldSubscriberPublisher<Int, Never>()
        upstream.debounce(for: .nanoseconds(13), scheduler: scheduler)
            .subscribe(RecordingSubscriber<Int, Never>(initialDemand: .max(3)))
        upstream.send(subscription: RecordingSubscription())
        XCTAssertEqual(mirrorLabels(upstream.subscriberMirror), ["downstream", "downstreamDemand", "currentValue"])
        upstream.send(8)
        XCTAssertEqual(mirrorText(upstream.subscriberMirror)?.dropFirst(), ["downstreamDemand=max(3)",
                                                                           "currentValue=Optional(8)"])
        XCTAssertEqual(upstream.subscriberPlaygroundDescription, "Debounce")
    }

    func testThrottleIgnoresACompletionBeforeTheSubscriptionAndShowsNoChildren() {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.throttle(for: .seconds(1), scheduler: ImmediateScheduler.shared, latest: true).subscribe(recorder)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, [])
        XCTAssertEqual(mirrorText(upstream.subscriberMirror), [])
        XCTAssertEqual(upstream.subscriberPlaygroundDescription, "Throttle")
    }
}

final class ThrottleTests: XCTestCase {
    private func throttled(
        _ scheduler: RecordingScheduler, latest: Bool, initialDemand: Subscribers.Demand = .unlimited
    ) -> (ManualPublisher<Int, TestError>, RecordingSubscriber<Int, TestError>) {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = RecordingSubscriber<Int, TestError>(initialDemand: initialDemand)
        upstream.throttle(for: .nanoseconds(60), scheduler: scheduler, latest: latest).subscribe(subscriber)
        return (upstream, subscriber)
    }

    func testFirstValueIsScheduledAtOnceAndTheNextAtTheEndOfTheInterval() {
        let scheduler = RecordingScheduler()
        let (upstream, subscriber) = throttled(scheduler, latest: true)
        XCTAssertEqual(scheduler.calls, ["now", "now"])
        upstream.send(1)
        upstream.send(2)
        XCTAssertEqual(scheduler.calls, ["now", "now", "now", "schedule", "now"])
        scheduler.advance(to: 0)
        XCTAssertEqual(subscriber.values, [2])
        scheduler.advance(to: 45)
        scheduler.clearCalls()
        upstream.send(3)
        XCTAssertEqual(scheduler.calls, ["now", "minimumTolerance", "after 60ns ~7ns"])
        scheduler.advance(to: 60)
        XCTAssertEqual(subscriber.values, [2, 3])
        // More than the interval after the last emission: at once again.
        scheduler.advance(to: 200)
        scheduler.clearCalls()
        upstream.send(4)
        XCTAssertEqual(scheduler.calls, ["now", "schedule"])
    }

    func testFirstModeKeepsTheFirstValueOfTheWindow() {
        let scheduler = RecordingScheduler()
        let (upstream, subscriber) = throttled(scheduler, latest: false)
        upstream.send(1)
        upstream.send(2)
        scheduler.advance(to: 0)
        XCTAssertEqual(subscriber.values, [1])
    }

    func testValueArrivingWithoutDemandIsDroppedAtOnce() {
        let scheduler = RecordingScheduler()
        let (upstream, subscriber) = throttled(scheduler, latest: true, initialDemand: .none)
        upstream.send(1)
        XCTAssertEqual(scheduler.calls, ["now", "now", "now"])
        subscriber.request(.max(1))
        scheduler.advance(to: 100)
        XCTAssertEqual(subscriber.values, [])
    }

    func testCompletionWaitsForTheScheduledEmission() {
        let scheduler = RecordingScheduler()
        let (upstream, subscriber) = throttled(scheduler, latest: true)
        upstream.send(1)
        scheduler.advance(to: 0)
        upstream.send(2)
        scheduler.clearCalls()
        upstream.send(completion: .failure(TestError("x")))
        upstream.send(completion: .finished)
        upstream.send(3)
        XCTAssertEqual(scheduler.calls, ["now"])
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(1)"])
        scheduler.advance(to: 60)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(1)", "value(2)", "failure(x)"])
        // The emission followed by the completion does not read the clock.
        XCTAssertEqual(scheduler.calls, ["now"])
    }

    func testCompletionWithNothingScheduledIsScheduledAtOnce() {
        let scheduler = RecordingScheduler()
        let (upstream, subscriber) = throttled(scheduler, latest: true)
        upstream.send(completion: .finished)
        XCTAssertEqual(scheduler.calls, ["now", "now", "now", "schedule"])
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription"])
        scheduler.advance(to: 0)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "finished"])
    }

    func testCancelledThrottleMakesNoMoreSchedulerCalls() {
        let scheduler = RecordingScheduler()
        let (upstream, subscriber) = throttled(scheduler, latest: true)
        upstream.send(1)
        subscriber.cancel()
        upstream.send(2)
        upstream.send(completion: .finished)
        scheduler.advance(to: 100)
        XCTAssertEqual(scheduler.calls, ["now", "now", "now", "schedule"])
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription"])
        XCTAssertTrue(upstream.subscription.isCancelled)
    }
}
