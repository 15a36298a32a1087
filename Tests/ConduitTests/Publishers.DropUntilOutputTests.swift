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

    func testDroppedElementsDoNotUseUpDemand() {
        let upstream = ManualPublisher<Int, Never>()
        let start = ManualPublisher<Void, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.drop(untilOutputFrom: start).subscribe(recorder)
        XCTAssertEqual(start.subscription.requests, [.max(1)])
        XCTAssertEqual(upstream.send(1), .max(1))
        start.send(())
        XCTAssertTrue(start.subscription.isCancelled)
        XCTAssertEqual(upstream.send(2), .none)
        XCTAssertEqual(recorder.values, [2])
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

    func testZeroDemandIsAcceptedAndAddsNothing() {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let start = ManualPublisher<Void, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(3))
        upstream.drop(untilOutputFrom: start).subscribe(recorder)
        recorder.request(.none)
        upstream.sendSubscription()
        XCTAssertEqual(upstream.subscription.requests, [.max(3)])
        recorder.request(.none)
        XCTAssertEqual(upstream.subscription.requests, [.max(3)])
    }
}
