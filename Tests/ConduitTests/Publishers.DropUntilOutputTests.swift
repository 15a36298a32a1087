import Conduit
import Foundation
import XCTest

final class DropUntilOutputTests: XCTestCase {
    func testDropsElementsUntilTheOtherPublisherEmits() {
        let upstream = PassthroughSubject<Int, Never>()
        let start = PassthroughSubject<Void, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.drop(untilOutputFrom: start).subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        start.send(())
        upstream.send(3)
        start.send(())
        upstream.send(4)
        XCTAssertEqual(recorder.values, [3, 4])
    }

    func testDroppedElementsAskForNothingAndTheOtherIsLetGoNotCancelled() {
        let upstream = ManualPublisher<Int, Never>()
        let start = ManualPublisher<Void, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(7))
        upstream.drop(untilOutputFrom: start).subscribe(recorder)
        XCTAssertEqual(start.subscription.requests, [.max(1)])
        XCTAssertEqual(upstream.send(1), .none)
        XCTAssertEqual(start.send(()), .none)
        XCTAssertFalse(start.subscription.isCancelled)
        XCTAssertEqual(upstream.send(2), .max(7))
        XCTAssertEqual(recorder.values, [2])
        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
    }

    func testAFailureOfTheOtherPublisherFailsTheWhole() {
        let upstream = ManualPublisher<Int, TestError>()
        let start = ManualPublisher<Void, TestError>()
        let recorder = RecordingSubscriber<Int, TestError>()
        Publishers.DropUntilOutput(upstream: upstream, other: start).subscribe(recorder)
        start.send(completion: .failure(TestError()))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "failure(boom)"])
        XCTAssertTrue(upstream.subscription.isCancelled)
    }

    func testUpstreamCompletionPassesThroughAndCancelsTheOther() {
        let upstream = ManualPublisher<Int, TestError>()
        let start = ManualPublisher<Void, TestError>()
        let recorder = RecordingSubscriber<Int, TestError>()
        upstream.drop(untilOutputFrom: start).subscribe(recorder)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "finished"])
        XCTAssertTrue(start.subscription.isCancelled)
    }

    func testCancelCancelsBoth() {
        let upstream = ManualPublisher<Int, Never>()
        let start = ManualPublisher<Void, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.drop(untilOutputFrom: start).subscribe(recorder)
        recorder.cancel()
        XCTAssertTrue(upstream.subscription.isCancelled)
        XCTAssertTrue(start.subscription.isCancelled)
    }

    func testZeroDemandIsAcceptedAndPassedOnOnceTheUpstreamIsThere() {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let start = ManualPublisher<Void, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(3))
        upstream.drop(untilOutputFrom: start).subscribe(recorder)
        recorder.request(.none)
        upstream.sendSubscription()
        XCTAssertEqual(upstream.subscription.requests, [.max(3)])
        recorder.request(.none)
        XCTAssertEqual(upstream.subscription.requests, [.max(3), .none])
    }

    func testTheOtherFinishingFirstFinishesTheStreamAndCancelsTheUpstream() {
        let upstream = ManualPublisher<Int, Never>()
        let start = ManualPublisher<Void, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.drop(untilOutputFrom: start).subscribe(recorder)
        start.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "finished"])
        XCTAssertTrue(upstream.subscription.isCancelled)
        XCTAssertFalse(start.subscription.isCancelled)
    }

    func testTheOtherEndingAfterItsValueChangesNothing() {
        let upstream = ManualPublisher<Int, TestError>()
        let start = ManualPublisher<Void, TestError>()
        let recorder = RecordingSubscriber<Int, TestError>()
        upstream.drop(untilOutputFrom: start).subscribe(recorder)
        start.send(())
        start.send(completion: .failure(TestError()))
        XCTAssertEqual(upstream.send(5), .none)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(5)"])
        XCTAssertFalse(upstream.subscription.isCancelled)
    }

    func testALateUpstreamIsAskedForTheDemandKeptEvenAfterTheOtherFinished() {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let start = ManualPublisher<Void, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(10))
        upstream.drop(untilOutputFrom: start).subscribe(recorder)
        recorder.request(.max(4))
        start.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "finished"])
        upstream.sendSubscription()
        XCTAssertEqual(upstream.subscription.requests, [.max(14)])
        XCTAssertFalse(upstream.subscription.isCancelled)
        XCTAssertEqual(upstream.send(1), .none)
        recorder.subscription?.cancel()
        XCTAssertTrue(upstream.subscription.isCancelled)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "finished"])
    }

    func testACancelAfterTheOtherFinishedCancelsALateUpstream() throws {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.drop(untilOutputFrom: Empty<Void, Never>()).subscribe(recorder)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "finished"])
        try XCTUnwrap(recorder.subscription).cancel()
        upstream.sendSubscription()
        XCTAssertTrue(upstream.subscription.isCancelled)
        XCTAssertEqual(upstream.subscription.requests, [])
    }

    func testTheOtherSubscriberTakesANewSubscriptionAfterTheValue() throws {
        let upstream = ManualPublisher<Int, Never>()
        let start = ManualPublisher<Void, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.drop(untilOutputFrom: start).subscribe(recorder)
        let extra = RecordingSubscription()
        start.sendSubscription(extra)
        XCTAssertTrue(extra.isCancelled)
        start.send(())
        let next = RecordingSubscription()
        start.sendSubscription(next)
        XCTAssertEqual(next.requests, [.max(1)])
        recorder.cancel()
        XCTAssertTrue(next.isCancelled)
        XCTAssertFalse(start.subscription.isCancelled)
    }

    func testBothSubscribersShareOneIdentityAndTheName() throws {
        let upstream = ManualPublisher<Int, Never>()
        let start = ManualPublisher<Void, Never>()
        upstream.drop(untilOutputFrom: start).subscribe(RecordingSubscriber<Int, Never>())
        let main = try XCTUnwrap(upstream.subscriberAsGiven)
        let watcher = try XCTUnwrap(start.subscriberAsGiven)
        XCTAssertEqual(main.combineIdentifier, watcher.combineIdentifier)
        XCTAssertEqual(String(describing: main), "DropUntilOutput")
        XCTAssertEqual(String(describing: watcher), "DropUntilOutput")
        XCTAssertTrue(Mirror(reflecting: main).children.isEmpty)
        XCTAssertEqual((main as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String,
            "DropUntilOutput")
    }

    func testCancelBeforeTheUpstreamCameCancelsItWhenItComes() {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let start = ManualPublisher<Void, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.drop(untilOutputFrom: start).subscribe(recorder)
        recorder.cancel()
        XCTAssertTrue(start.subscription.isCancelled)
        upstream.sendSubscription()
        XCTAssertTrue(upstream.subscription.isCancelled)
        XCTAssertEqual(upstream.subscription.requests, [])
    }
}
