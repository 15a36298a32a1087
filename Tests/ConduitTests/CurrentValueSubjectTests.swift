import Conduit
import Dispatch
import XCTest

/// Behaviour of `CurrentValueSubject` that its one-lock send path must keep.
final class CurrentValueSubjectTests: XCTestCase {
    func testCurrentValueArrivesOnFirstDemandOnly() {
        let subject = CurrentValueSubject<Int, Never>(7)
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
        subject.subscribe(recorder)
        XCTAssertEqual(recorder.values, [])
        recorder.request(.max(1))
        XCTAssertEqual(recorder.values, [7])
        recorder.request(.max(1))
        XCTAssertEqual(recorder.values, [7])
        subject.send(8)
        XCTAssertEqual(recorder.values, [7, 8])
    }

    func testValueIsKeptWithoutDemandAndDeliveredOnRequest() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        subject.subscribe(recorder)
        subject.send(2)
        subject.send(3)
        XCTAssertEqual(subject.value, 3)
        recorder.request(.max(1))
        XCTAssertEqual(recorder.values, [1, 3])
    }

    func testSettingValueSendsIt() {
        let subject = CurrentValueSubject<String, Never>("a")
        var received: [String] = []
        let cancellable = subject.sink { received.append($0) }
        subject.value = "b"
        XCTAssertEqual(received, ["a", "b"])
        cancellable.cancel()
    }

    func testReadingValueInsideSinkSeesTheSentValue() {
        let subject = CurrentValueSubject<Int, Never>(0)
        var seen: [Int] = []
        let cancellable = subject.sink { _ in seen.append(subject.value) }
        subject.send(5)
        XCTAssertEqual(seen, [0, 5])
        cancellable.cancel()
    }

    func testSendAfterCompletionChangesNothing() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let recorder = RecordingSubscriber<Int, Never>()
        subject.subscribe(recorder)
        subject.send(completion: .finished)
        subject.send(2)
        XCTAssertEqual(subject.value, 1)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "finished"])
    }

    func testFanOutDeliversEachValueToEverySink() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let recorders = (0..<10).map { _ in RecordingSubscriber<Int, Never>() }
        recorders.forEach { subject.subscribe($0) }
        subject.send(1)
        subject.send(2)
        for recorder in recorders { XCTAssertEqual(recorder.values, [0, 1, 2]) }
    }

    func testConcurrentSendsDeliverNoValueTwiceAndNeverOverlap() {
        let subject = CurrentValueSubject<Int, Never>(-1)
        let recorder = RecordingSubscriber<Int, Never>()
        subject.subscribe(recorder)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<300 { subject.send(thread * 1_000 + value) }
        }
        let values = recorder.values
        XCTAssertEqual(Set(values).count, values.count)
        XCTAssertEqual(recorder.overlappingDeliveries, 0)
    }

    func testValueStillChangesAfterTheCompletionButSendDoesNot() {
        let subject = CurrentValueSubject<Int, Never>(0)
        subject.send(completion: .finished)
        subject.send(7)
        XCTAssertEqual(subject.value, 0)
        subject.value = 42
        XCTAssertEqual(subject.value, 42)
    }

    func testUpstreamSubscriptionIsAskedForEverythingAtOnceEvenWithNoSubscriber() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let upstream = RecordingSubscription()
        subject.send(subscription: upstream)
        XCTAssertEqual(upstream.requests, [.unlimited])
    }

    /// A subscription kept after a cancel does not keep its subject alive (Combine lets it go).
    func testCancelledSubscriptionLetsGoOfTheSubject() throws {
        weak var released: CurrentValueSubject<Int, Never>?
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        do {
            let subject = CurrentValueSubject<Int, Never>(1)
            released = subject
            subject.subscribe(recorder)
        }
        XCTAssertNotNil(released, "a live subscription holds its subject")
        let subscription = try XCTUnwrap(recorder.subscription)
        subscription.cancel()
        XCTAssertNil(released, "the cancelled subscription, still held, let the subject go")
        subscription.request(.max(1))
        XCTAssertEqual(recorder.values, [1], "a request after the cancel delivers nothing")
    }

    /// A subscription kept after the subject finished does not keep its subject alive.
    func testFinishedSubscriptionLetsGoOfTheSubject() throws {
        weak var released: CurrentValueSubject<Int, Never>?
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        do {
            let subject = CurrentValueSubject<Int, Never>(1)
            released = subject
            subject.subscribe(recorder)
            subject.send(completion: .finished)
        }
        XCTAssertNotNil(recorder.subscription)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "finished"])
        XCTAssertNil(released, "the finished subscription, still held, let the subject go")
    }
}
