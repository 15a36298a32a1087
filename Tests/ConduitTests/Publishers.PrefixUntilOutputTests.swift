import Conduit
import Foundation
import XCTest

final class PrefixUntilOutputTests: XCTestCase {
    func testRepublishesUntilTheOtherPublisherEmitsThenFinishes() {
        let upstream = PassthroughSubject<Int, Never>()
        let stop = PassthroughSubject<String, TestError>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.prefix(untilOutputFrom: stop).subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        stop.send("stop")
        upstream.send(3)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func testTheOtherPublisherEndingWithoutAValueChangesNothing() {
        let upstream = PassthroughSubject<Int, Never>()
        let stop = PassthroughSubject<Void, TestError>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.prefix(untilOutputFrom: stop).subscribe(recorder)
        stop.send(completion: .failure(TestError()))
        upstream.send(1)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)"])
    }

    func testTheOtherEmittingCancelsTheUpstreamAndLetsTheOtherGo() {
        let upstream = ManualPublisher<Int, Never>()
        let stop = ManualPublisher<Void, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(3))
        Publishers.PrefixUntilOutput(upstream: upstream, other: stop).subscribe(recorder)
        XCTAssertEqual(stop.subscription.requests, [.max(1)])
        XCTAssertEqual(upstream.subscription.requests, [.max(3)])
        recorder.onCompletion = { _ in XCTAssertTrue(upstream.subscription.isCancelled) }
        XCTAssertEqual(stop.send(()), .none)
        XCTAssertTrue(upstream.subscription.isCancelled)
        XCTAssertFalse(stop.subscription.isCancelled)
        XCTAssertTrue(recorder.isFinished)
        XCTAssertEqual(stop.send(()), .none)
        XCTAssertEqual(upstream.send(4), .none)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "finished"])
    }

    func testUpstreamCompletionCancelsTheOtherPublisher() {
        let upstream = ManualPublisher<Int, TestError>()
        let stop = ManualPublisher<Void, Never>()
        let recorder = RecordingSubscriber<Int, TestError>()
        upstream.prefix(untilOutputFrom: stop).subscribe(recorder)
        upstream.send(completion: .failure(TestError()))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "failure(boom)"])
        XCTAssertTrue(stop.subscription.isCancelled)
    }

    func testTheOtherEmittingOnAnotherThreadNeverOverlapsADelivery() {
        for _ in 0..<50 {
            let upstream = PassthroughSubject<Int, Never>()
            let stop = PassthroughSubject<Void, Never>()
            let recorder = RecordingSubscriber<Int, Never>()
            upstream.prefix(untilOutputFrom: stop).subscribe(recorder)
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    for value in 0..<200 { upstream.send(value) }
                } else {
                    stop.send(())
                }
            }
            XCTAssertEqual(recorder.overlappingDeliveries, 0)
            XCTAssertEqual(recorder.eventDescriptions.last, "finished")
            XCTAssertEqual(recorder.values, Array(0..<recorder.values.count))
        }
    }

    func testZeroDemandIsPassedOnToTheUpstream() {
        let upstream = ManualPublisher<Int, Never>()
        let stop = ManualPublisher<Void, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.prefix(untilOutputFrom: stop).subscribe(recorder)
        recorder.request(.none)
        XCTAssertEqual(upstream.subscription.requests, [.max(2), .none])
        upstream.send(1)
        XCTAssertEqual(recorder.values, [1])
    }

    func testTheDownstreamIsSubscribedWhenTheUpstreamsSubscriptionComes() {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let stop = ManualPublisher<Void, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(5))
        upstream.prefix(untilOutputFrom: stop).subscribe(recorder)
        XCTAssertEqual(stop.subscription.requests, [.max(1)])
        XCTAssertEqual(recorder.eventDescriptions, [])
        XCTAssertEqual(upstream.send(9), .none)
        upstream.sendSubscription()
        XCTAssertEqual(recorder.eventDescriptions, ["subscription"])
        XCTAssertEqual(upstream.subscription.requests, [.max(5)])
    }

    func testTheOtherEmittingBeforeTheUpstreamCameFinishesAtOnceAndCancelsItLater() {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.prefix(untilOutputFrom: Just(())).subscribe(recorder)
        XCTAssertEqual(recorder.eventDescriptions, ["finished"])
        upstream.sendSubscription()
        XCTAssertTrue(upstream.subscription.isCancelled)
        XCTAssertEqual(recorder.eventDescriptions, ["finished"])
    }

    func testAnUpstreamCompletionBeforeItsSubscriptionCancelsTheOtherAndTellsNobody() {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let stop = ManualPublisher<Void, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.prefix(untilOutputFrom: stop).subscribe(recorder)
        upstream.send(completion: .finished)
        XCTAssertTrue(stop.subscription.isCancelled)
        XCTAssertEqual(recorder.eventDescriptions, [])
    }

    func testTheOtherEndingWithoutAValueIsLetGoAndItsLaterValuesAreIgnored() {
        let upstream = ManualPublisher<Int, Never>()
        let stop = ManualPublisher<Void, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(2))
        upstream.prefix(untilOutputFrom: stop).subscribe(recorder)
        stop.send(completion: .finished)
        XCTAssertEqual(stop.send(()), .none)
        XCTAssertEqual(upstream.send(1), .max(2))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)"])
        XCTAssertFalse(stop.subscription.isCancelled)
        XCTAssertFalse(upstream.subscription.isCancelled)
    }

    func testCancelCancelsTheUpstreamFirstThenTheOther() {
        let upstream = ManualPublisher<Int, Never>()
        let stop = ManualPublisher<Void, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.prefix(untilOutputFrom: stop).subscribe(recorder)
        var upstreamCancelledFirst = false
        stop.subscription.onCancel = { upstreamCancelledFirst = upstream.subscription.isCancelled }
        recorder.cancel()
        XCTAssertTrue(upstreamCancelledFirst)
        recorder.cancel()
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
        XCTAssertEqual(stop.subscription.cancelCount, 1)
    }

    func testBothSubscribersShareOneIdentityAndTheSubscriptionHasNoNamesOfItsOwn() throws {
        let upstream = ManualPublisher<Int, Never>()
        let stop = ManualPublisher<Void, Never>()
        upstream.prefix(untilOutputFrom: stop).subscribe(RecordingSubscriber<Int, Never>())
        let main = try XCTUnwrap(upstream.subscriberAsGiven)
        let terminator = try XCTUnwrap(stop.subscriberAsGiven)
        XCTAssertEqual(main.combineIdentifier, terminator.combineIdentifier)
        XCTAssertFalse(main is CustomStringConvertible)
        XCTAssertFalse(main is CustomReflectable)
        XCTAssertFalse(main is CustomPlaygroundDisplayConvertible)
        XCTAssertEqual(String(describing: main), "PrefixUntilOutput")
    }
}
