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

    func testCancelsBothWhenTheOtherEmitsAndAsksItForOneValue() {
        let upstream = ManualPublisher<Int, Never>()
        let stop = ManualPublisher<Void, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(3))
        Publishers.PrefixUntilOutput(upstream: upstream, other: stop).subscribe(recorder)
        XCTAssertEqual(stop.subscription.requests, [.max(1)])
        XCTAssertEqual(upstream.subscription.requests, [.max(3)])
        stop.send(())
        XCTAssertTrue(upstream.subscription.isCancelled)
        XCTAssertTrue(stop.subscription.isCancelled)
        XCTAssertTrue(recorder.isFinished)
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

    func testZeroDemandIsAcceptedAndAddsNothing() {
        let upstream = ManualPublisher<Int, Never>()
        let stop = ManualPublisher<Void, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.prefix(untilOutputFrom: stop).subscribe(recorder)
        recorder.request(.none)
        XCTAssertEqual(upstream.subscription.requests, [.max(2)])
        upstream.send(1)
        XCTAssertEqual(recorder.values, [1])
    }
}
