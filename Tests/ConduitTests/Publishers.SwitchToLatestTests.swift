import Conduit
import Foundation
import XCTest

final class SwitchToLatestTests: XCTestCase {
    func testASwitchedAwayInnerSubscribingLateIsCancelledAndTheNewestKeepsItsPlace() {
        let upstream = PassthroughSubject<ManualPublisher<Int, Never>, Never>()
        let first = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let second = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.switchToLatest().subscribe(recorder)
        upstream.send(first)
        upstream.send(second)
        second.sendSubscription()
        first.sendSubscription()
        XCTAssertTrue(first.subscription.isCancelled)
        XCTAssertFalse(second.subscription.isCancelled)
        second.send(3)
        XCTAssertEqual(recorder.values, [3])
    }

    func testCancelsThePreviousInnerPublisherAndIgnoresItAfterwards() {
        let upstream = PassthroughSubject<ManualPublisher<Int, Never>, Never>()
        let first = ManualPublisher<Int, Never>()
        let second = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.switchToLatest().subscribe(recorder)
        upstream.send(first)
        first.send(1)
        XCTAssertFalse(first.subscription.isCancelled)
        upstream.send(second)
        XCTAssertTrue(first.subscription.isCancelled)
        first.send(99)
        first.send(completion: .finished)
        second.send(2)
        XCTAssertEqual(recorder.values, [1, 2])
    }

    func testTheNewInnerPublisherIsAskedForTheOutstandingDemand() {
        let upstream = PassthroughSubject<ManualPublisher<Int, Never>, Never>()
        let first = ManualPublisher<Int, Never>()
        let second = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(5))
        upstream.switchToLatest().subscribe(recorder)
        upstream.send(first)
        XCTAssertEqual(first.subscription.requests, [.max(5)])
        first.send(1)
        first.send(2)
        upstream.send(second)
        XCTAssertEqual(second.subscription.requests, [.max(3)])
    }

    func testAsksTheUpstreamForEveryPublisher() {
        let upstream = ManualPublisher<PassthroughSubject<Int, Never>, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        Publishers.SwitchToLatest(upstream: upstream).subscribe(recorder)
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
    }

    func testFinishesWhenTheUpstreamAndTheCurrentInnerPublisherHaveFinished() {
        let upstream = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.switchToLatest().subscribe(recorder)
        upstream.send(first)
        first.send(completion: .finished)
        XCTAssertNil(recorder.completion)
        upstream.send(second)
        upstream.send(completion: .finished)
        XCTAssertNil(recorder.completion)
        second.send(7)
        second.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(7)", "finished"])
    }

    func testFailureOfTheInnerPublisherFailsTheWhole() {
        let upstream = ManualPublisher<PassthroughSubject<Int, TestError>, TestError>()
        let inner = PassthroughSubject<Int, TestError>()
        let recorder = RecordingSubscriber<Int, TestError>()
        upstream.switchToLatest().subscribe(recorder)
        upstream.send(inner)
        inner.send(completion: .failure(TestError()))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "failure(boom)"])
        XCTAssertTrue(upstream.subscription.isCancelled)
    }

    func testSwitchingFromInsideTheSubscriberReplacesTheInnerPublisher() {
        let upstream = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        recorder.onValue = { value in
            if value == 1 {
                upstream.send(second)
                first.send(99)
                second.send(2)
            }
        }
        upstream.switchToLatest().subscribe(recorder)
        upstream.send(first)
        first.send(1)
        // The new inner publisher's value, sent from inside the subscriber, went out at once (nested).
        XCTAssertEqual(recorder.values, [1, 2])
    }

    func testTheDemandTheSubscriberReturnsIsPassedBackToTheInnerPublisher() {
        let upstream = PassthroughSubject<ManualPublisher<Int, Never>, Never>()
        let first = ManualPublisher<Int, Never>()
        let second = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2), demandPerValue: .max(3))
        upstream.switchToLatest().subscribe(recorder)
        upstream.send(first)
        XCTAssertEqual(first.send(1), .max(3))
        XCTAssertEqual(first.send(2), .max(3))
        XCTAssertEqual(first.subscription.requests, [.max(2)])
        // 2 - 2 + 3 + 3 are still wanted.
        upstream.send(second)
        XCTAssertEqual(second.subscription.requests, [.max(6)])
    }

    func testRequestsGoToTheNewestInnerPublisherWhichIsAskedForNothingWithoutDemand() {
        let upstream = PassthroughSubject<ManualPublisher<Int, Never>, Never>()
        let first = ManualPublisher<Int, Never>()
        let second = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.switchToLatest().subscribe(recorder)
        upstream.send(first)
        XCTAssertEqual(first.subscription.requests, [])
        recorder.request(.max(1))
        XCTAssertEqual(first.subscription.requests, [.max(1)])
        upstream.send(second)
        recorder.request(.max(4))
        XCTAssertEqual(first.subscription.requests, [.max(1)])
        XCTAssertEqual(second.subscription.requests, [.max(1), .max(4)])
    }

    func testAValueSentBeforeTheInnerSubscriptionIsDelivered() {
        let upstream = PassthroughSubject<ManualPublisher<Int, Never>, Never>()
        let inner = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let recorder = RecordingSubscriber<Int, Never>(demandPerValue: .max(4))
        upstream.switchToLatest().subscribe(recorder)
        upstream.send(inner)
        XCTAssertEqual(inner.send(1), .max(4))
        XCTAssertEqual(recorder.values, [1])
    }

    func testAnUpstreamFinishingBeforeItsSubscriptionFinishesTheWhole() {
        let upstream = ManualPublisher<ManualPublisher<Int, Never>, Never>(subscribesAtOnce: false)
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.switchToLatest().subscribe(recorder)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "finished"])
    }

    func testFailureOfTheUpstreamCancelsTheInnerPublisherButNotTheUpstream() {
        let upstream = ManualPublisher<ManualPublisher<Int, TestError>, TestError>()
        let inner = ManualPublisher<Int, TestError>()
        let recorder = RecordingSubscriber<Int, TestError>()
        upstream.switchToLatest().subscribe(recorder)
        upstream.send(inner)
        upstream.send(completion: .failure(TestError()))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "failure(boom)"])
        XCTAssertTrue(inner.subscription.isCancelled)
        XCTAssertFalse(upstream.subscription.isCancelled)
    }

    func testAValueOfTheInnerPublisherAfterTheUpstreamFinishedStillGoesOut() {
        let upstream = PassthroughSubject<ManualPublisher<Int, Never>, Never>()
        let inner = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(demandPerValue: .max(2))
        upstream.switchToLatest().subscribe(recorder)
        upstream.send(inner)
        upstream.send(completion: .finished)
        XCTAssertEqual(inner.send(1), .max(2))
        inner.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "finished"])
    }

    func testAnOldInnerPublisherSendingFromAnotherThreadNeverOverlapsTheNewOne() {
        for _ in 0..<50 {
            let upstream = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
            let old = PassthroughSubject<Int, Never>()
            let new = PassthroughSubject<Int, Never>()
            let recorder = RecordingSubscriber<Int, Never>()
            upstream.switchToLatest().subscribe(recorder)
            upstream.send(old)
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    for value in 0..<200 { old.send(value) }
                } else {
                    upstream.send(new)
                    for value in 1000..<1200 { new.send(value) }
                }
            }
            let values = recorder.values
            XCTAssertEqual(recorder.overlappingDeliveries, 0)
            XCTAssertEqual(values.filter { $0 >= 1000 }, Array(1000..<1200))
            // Once the new publisher has sent, nothing of the old one follows.
            if let firstNew = values.firstIndex(where: { $0 >= 1000 }) {
                XCTAssertTrue(values[firstNew...].allSatisfy { $0 >= 1000 })
            }
        }
    }
}
