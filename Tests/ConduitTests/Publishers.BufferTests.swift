import Conduit
import Foundation
import XCTest

final class BufferTests: XCTestCase {
    func testKeepFullFillsTheBufferAtSubscriptionAndRefillsAsElementsLeave() {
        let upstream = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.buffer(size: 3, prefetch: .keepFull, whenFull: .dropNewest).subscribe(recorder)
        XCTAssertEqual(upstream.subscription.requests, [.max(3)])
        upstream.send(1)
        upstream.send(2)
        XCTAssertTrue(recorder.values.isEmpty)
        recorder.request(.max(1))
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(upstream.subscription.requests, [.max(3), .max(1)])
        recorder.request(.max(5))
        XCTAssertEqual(recorder.values, [1, 2])
        upstream.send(3)
        XCTAssertEqual(recorder.values, [1, 2, 3])
    }

    func testByRequestAsksTheUpstreamForEverythingBeforeTheDownstreamSubscribes() {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        Publishers.Buffer(upstream: upstream, size: 5, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
        upstream.sendSubscription()
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
        recorder.request(.max(1))
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
    }

    func testKeepFullAsksForOneMoreForEachElementThatGoesStraightThrough() {
        let upstream = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .unlimited)
        upstream.buffer(size: 5, prefetch: .keepFull, whenFull: .dropNewest).subscribe(recorder)
        XCTAssertEqual(upstream.send(1), .max(1))
        XCTAssertEqual(upstream.send(2), .max(1))
        XCTAssertEqual(upstream.subscription.requests, [.max(5)])
        XCTAssertEqual(recorder.values, [1, 2])
    }

    func testRequestOfNoneIsIgnoredInsteadOfTrapping() {
        let upstream = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        recorder.onValue = { _ in recorder.request(.none) }
        upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
        upstream.send(1)
        recorder.request(.none)
        XCTAssertEqual(recorder.values, [1])
    }

    func testAValueSentFromInsideTheDownstreamGoesOutOnceThereIsDemand() {
        let upstream = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        var sentInside = false
        recorder.onValue = { _ in
            guard !sentInside else { return }
            sentInside = true
            upstream.send(5)
        }
        upstream.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).subscribe(recorder)
        XCTAssertEqual(upstream.send(0), .max(2))
        XCTAssertEqual(recorder.values, [0, 5])
    }

    func testCancelAfterTheUpstreamFinishedDoesNotCancelIt() {
        let upstream = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).subscribe(recorder)
        upstream.send(completion: .finished)
        recorder.cancel()
        XCTAssertFalse(upstream.subscription.isCancelled)
    }

    func testFinishWaitsForAnEmptyBufferAndDemand() {
        let upstream = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription"])
        recorder.request(.max(1))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)"])
        recorder.request(.max(1))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "finished"])
    }

    func testDropNewestDiscardsWhatArrivesWhenFull() {
        let upstream = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).subscribe(recorder)
        for value in 1...4 { upstream.send(value) }
        recorder.request(.unlimited)
        XCTAssertEqual(recorder.values, [1, 2])
    }

    func testDropOldestDiscardsTheOldestBufferedElementWhenFull() {
        let upstream = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(recorder)
        for value in 1...4 { upstream.send(value) }
        recorder.request(.unlimited)
        XCTAssertEqual(recorder.values, [3, 4])
    }

    func testCustomErrorCancelsTheUpstreamAndFailsAfterTheNextElementsAskedFor() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
        upstream.buffer(size: 3, prefetch: .keepFull, whenFull: .customError { TestError("full") }).subscribe(recorder)
        for value in 1...5 { upstream.send(value) }
        XCTAssertEqual(recorder.eventDescriptions, ["subscription"])
        XCTAssertTrue(upstream.subscription.isCancelled)
        recorder.request(.max(2))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "value(2)", "failure(full)"])
    }

    func testUpstreamFailureOvertakesTheBufferedElements() {
        let upstream = ManualPublisher<Int, TestError>()
        let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
        upstream.buffer(size: 4, prefetch: .keepFull, whenFull: .dropNewest).subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .failure(TestError()))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "failure(boom)"])
        recorder.request(.max(1))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "failure(boom)"])
    }

    func testPublicPropertiesAndStrategies() {
        let upstream = PassthroughSubject<Int, Never>()
        let buffer = upstream.buffer(size: 7, prefetch: .keepFull, whenFull: .dropOldest)
        XCTAssertEqual(buffer.size, 7)
        XCTAssertEqual(buffer.prefetch, .keepFull)
        XCTAssertNotEqual(Publishers.PrefetchStrategy.keepFull, .byRequest)
        XCTAssertEqual(Set([Publishers.PrefetchStrategy.keepFull, .keepFull, .byRequest]).count, 2)
        if case .dropOldest = buffer.whenFull {} else { XCTFail("whenFull") }
    }

    func testRequestsFromAnotherThreadWhileTheUpstreamSendsNeverOverlapDeliveries() {
        let upstream = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.buffer(size: 10_000, prefetch: .keepFull, whenFull: .dropNewest).subscribe(recorder)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 {
                for value in 0..<2000 { upstream.send(value) }
            } else {
                for _ in 0..<2000 { recorder.request(.max(1)) }
            }
        }
        XCTAssertEqual(recorder.overlappingDeliveries, 0)
        XCTAssertEqual(recorder.values, Array(0..<2000))
    }

    func testTheBufferShowsItsValuesDemandAndPendingCompletionToReflection() throws {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.buffer(size: 4, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)
        XCTAssertEqual(String(describing: subscription), "Buffer")
        XCTAssertEqual((subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String,
                       "Buffer")
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)
        let children = Mirror(reflecting: subscription).children.map { ($0.label, String(describing: $0.value)) }
        XCTAssertEqual(children.map(\.0), ["values", "state", "downstreamDemand", "terminal"])
        XCTAssertEqual(children[0].1, "[1, 2]")
        XCTAssertEqual(children[2].1, "max(0)")
        XCTAssertTrue(children[3].1.contains("finished"))
    }
}
