import Conduit
import Foundation
import XCTest

final class FlatMapTests: XCTestCase {
    func testRepublishesTheElementsOfEveryInnerPublisher() {
        let upstream = PassthroughSubject<Int, Never>()
        let inners = (0..<3).map { _ in PassthroughSubject<String, Never>() }
        let recorder = RecordingSubscriber<String, Never>()
        upstream.flatMap { inners[$0] }.subscribe(recorder)
        upstream.send(0)
        inners[0].send("a")
        upstream.send(1)
        inners[1].send("b")
        inners[0].send("c")
        XCTAssertEqual(recorder.values, ["a", "b", "c"])
    }

    func testSubscribesToAtMostMaxPublishersAtOnce() {
        let upstream = ManualPublisher<Int, Never>()
        let inners = (0..<4).map { _ in ManualPublisher<String, Never>() }
        let recorder = RecordingSubscriber<String, Never>()
        upstream.flatMap(maxPublishers: .max(2)) { inners[$0] }.subscribe(recorder)
        XCTAssertEqual(upstream.subscription.requests, [.max(2)])
        upstream.send(0)
        upstream.send(1)
        inners[0].send("a")
        inners[0].send(completion: .finished)
        XCTAssertEqual(upstream.subscription.requests, [.max(2), .max(1)])
        upstream.send(2)
        inners[2].send("c")
        XCTAssertEqual(recorder.values, ["a", "c"])
        XCTAssertEqual(inners[3].subscribeCount, 0)
    }

    func testUnlimitedDemandReachesEachInnerPublisherAsUnlimited() {
        let upstream = PassthroughSubject<Int, Never>()
        let inners = (0..<2).map { _ in ManualPublisher<Int, Never>() }
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.flatMap { inners[$0] }.subscribe(recorder)
        upstream.send(0)
        upstream.send(1)
        XCTAssertEqual(inners[0].subscription.requests, [.unlimited])
        XCTAssertEqual(inners[1].subscription.requests, [.unlimited])
    }

    func testWithLimitedDemandEachInnerPublisherIsAskedForOneValueAtATime() {
        let upstream = PassthroughSubject<Int, Never>()
        let inners = (0..<2).map { _ in ManualPublisher<Int, Never>() }
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(3))
        upstream.flatMap { inners[$0] }.subscribe(recorder)
        upstream.send(0)
        upstream.send(1)
        XCTAssertEqual(inners[0].subscription.requests, [.max(1)])
        XCTAssertEqual(inners[1].subscription.requests, [.max(1)])
        // A value that goes out is answered with one more; one that must wait, with nothing.
        XCTAssertEqual(inners[0].send(1), .max(1))
        XCTAssertEqual(inners[0].send(2), .max(1))
        XCTAssertEqual(inners[1].send(3), .max(1))
        XCTAssertEqual(inners[0].send(4), .none)
        XCTAssertEqual(recorder.values, [1, 2, 3])
        recorder.request(.max(1))
        XCTAssertEqual(recorder.values, [1, 2, 3, 4])
        // The waiting value went out: its inner publisher is asked for one more.
        XCTAssertEqual(inners[0].subscription.requests, [.max(1), .max(1)])
        XCTAssertEqual(inners[1].subscription.requests, [.max(1)])
    }

    func testEachWaitingValueSentAsksItsInnerPublisherForOneMore() {
        let upstream = PassthroughSubject<Int, Never>()
        let inner = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.flatMap { _ in inner }.subscribe(recorder)
        upstream.send(0)
        for value in 1...4 { inner.send(value) }
        XCTAssertEqual(recorder.values, [1])
        recorder.request(.max(2))
        XCTAssertEqual(recorder.values, [1, 2, 3])
        XCTAssertEqual(inner.subscription.requests, [.max(1), .max(1), .max(1)])
    }

    func testUnlimitedDemandAfterLimitedAsksEveryInnerPublisherForUnlimited() {
        let upstream = PassthroughSubject<Int, Never>()
        let inners = (0..<2).map { _ in ManualPublisher<Int, Never>() }
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.flatMap { inners[$0] }.subscribe(recorder)
        upstream.send(0)
        upstream.send(1)
        recorder.request(.unlimited)
        XCTAssertEqual(inners[0].subscription.requests, [.max(1), .unlimited])
        XCTAssertEqual(inners[1].subscription.requests, [.max(1), .unlimited])
        XCTAssertEqual(inners[0].send(5), .none)
        XCTAssertEqual(recorder.values, [5])
    }

    func testTheDemandTheSubscriberReturnsIsHonoured() {
        let upstream = PassthroughSubject<Int, Never>()
        let inner = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        upstream.flatMap { _ in inner }.subscribe(recorder)
        upstream.send(0)
        for value in 1...5 { XCTAssertEqual(inner.send(value), .max(1)) }
        XCTAssertEqual(recorder.values, [1, 2, 3, 4, 5])
    }

    func testRequestingFromInsideTheSubscriberOnlyAddsDemand() {
        let upstream = PassthroughSubject<Int, Never>()
        let inner = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        recorder.onValue = { [unowned recorder] value in
            if value == 1 { recorder.request(.max(2)) }
        }
        upstream.flatMap { _ in inner }.subscribe(recorder)
        upstream.send(0)
        XCTAssertEqual(inner.send(1), .max(1))
        XCTAssertEqual(inner.send(2), .max(1))
        XCTAssertEqual(inner.send(3), .max(1))
        XCTAssertEqual(inner.send(4), .none)
        XCTAssertEqual(recorder.values, [1, 2, 3])
        XCTAssertEqual(inner.subscription.requests, [.max(1)])
    }

    func testAValueAnotherInnerSendsFromInsideTheSubscriberGoesOutAtOnce() {
        let upstream = PassthroughSubject<Int, Never>()
        let inners = (0..<2).map { _ in ManualPublisher<Int, Never>() }
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        var answers: [Subscribers.Demand] = []
        recorder.onValue = { value in
            if value == 1 { answers.append(inners[1].send(2)) }
        }
        upstream.flatMap { inners[$0] }.subscribe(recorder)
        upstream.send(0)
        upstream.send(1)
        XCTAssertEqual(inners[0].send(1), .max(1))
        XCTAssertEqual(answers, [.max(1)])
        XCTAssertEqual(recorder.values, [1, 2])
        XCTAssertEqual(inners[1].subscription.requests, [.max(1)])
    }

    func testWaitsForEveryBufferedValueBeforeFinishing() {
        let upstream = PassthroughSubject<Int, Never>()
        let inner = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.flatMap { _ in inner }.subscribe(recorder)
        upstream.send(0)
        inner.send(1)
        inner.send(2)
        upstream.send(completion: .finished)
        inner.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)"])
        recorder.request(.max(1))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func testEveryFinishedInnerPublisherAsksTheUpstreamForAnotherEvenFromInsideItsRequest() {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let inner = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
        upstream.flatMap(maxPublishers: .max(1)) { _ in inner }.subscribe(recorder)
        var finishesLeft = 0
        let upstreamSubscription = CallbackSubscription { _ in
            // The upstream's request finishes the inner publisher again, synchronously.
            if finishesLeft > 0 {
                finishesLeft -= 1
                inner.send(completion: .finished)
            }
        }
        upstream.sendSubscription(upstreamSubscription)
        upstream.send(0)
        finishesLeft = 3
        inner.send(completion: .finished)
        XCTAssertEqual(upstreamSubscription.requests, [.max(1), .max(1), .max(1), .max(1), .max(1)])
        XCTAssertEqual(recorder.eventDescriptions, ["subscription"])
    }

    func testAnUpstreamFinishingBeforeItsSubscriptionFinishesTheWhole() {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.flatMap { Just($0) }.subscribe(recorder)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "finished"])
    }

    func testAValueOfAnInnerPublisherAfterItFinishedStillGoesOut() {
        let upstream = PassthroughSubject<Int, Never>()
        let inners = (0..<2).map { _ in ManualPublisher<Int, Never>() }
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.flatMap { inners[$0] }.subscribe(recorder)
        upstream.send(0)
        upstream.send(1)
        upstream.send(completion: .finished)
        inners[0].send(completion: .finished)
        inners[0].send(7)
        inners[1].send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(7)", "finished"])
    }

    func testAnInnerPublisherFinishingTwiceLeavesTheInnerThatCameAfterItAlone() {
        let upstream = PassthroughSubject<Int, Never>()
        let inners = (0..<2).map { _ in ManualPublisher<Int, Never>() }
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.flatMap { inners[$0] }.subscribe(recorder)
        upstream.send(0)
        inners[0].send(completion: .finished)
        // The second inner comes once the first has finished (the place it had is free again).
        upstream.send(1)
        upstream.send(completion: .finished)
        inners[0].send(completion: .finished)
        XCTAssertNil(recorder.completion, "the second inner is still live")
        inners[1].send(4)
        inners[1].send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(4)", "finished"])
    }

    func testFinishesWhenTheUpstreamAndEveryInnerPublisherHaveFinished() {
        let upstream = PassthroughSubject<Int, Never>()
        let inners = (0..<2).map { _ in PassthroughSubject<Int, Never>() }
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.flatMap { inners[$0] }.subscribe(recorder)
        upstream.send(0)
        upstream.send(1)
        upstream.send(completion: .finished)
        inners[0].send(completion: .finished)
        XCTAssertNil(recorder.completion)
        inners[1].send(5)
        inners[1].send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(5)", "finished"])
    }

    func testFailureOfAnInnerPublisherCancelsTheOtherInnersButLetsGoOfTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let inners = (0..<2).map { _ in ManualPublisher<Int, TestError>() }
        let recorder = RecordingSubscriber<Int, TestError>()
        upstream.flatMap { inners[$0] }.subscribe(recorder)
        upstream.send(0)
        upstream.send(1)
        inners[1].send(completion: .failure(TestError()))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "failure(boom)"])
        // As in Combine, the upstream is released without being cancelled; what it sends is ignored.
        XCTAssertFalse(upstream.subscription.isCancelled)
        XCTAssertTrue(inners[0].subscription.isCancelled)
        XCTAssertFalse(inners[1].subscription.isCancelled)
        upstream.send(0)
        XCTAssertEqual(inners[0].subscribeCount, 1)
    }

    func testFailureOfTheUpstreamCancelsTheInnerPublishers() {
        let upstream = ManualPublisher<Int, TestError>()
        let inner = ManualPublisher<Int, TestError>()
        let recorder = RecordingSubscriber<Int, TestError>()
        upstream.flatMap { _ in inner }.subscribe(recorder)
        upstream.send(0)
        upstream.send(completion: .failure(TestError()))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "failure(boom)"])
        XCTAssertTrue(inner.subscription.isCancelled)
        XCTAssertFalse(upstream.subscription.isCancelled)
    }

    func testCancelCancelsTheUpstreamAndTheInnerPublishers() {
        let upstream = ManualPublisher<Int, Never>()
        let inner = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        Publishers.FlatMap(upstream: upstream, maxPublishers: .unlimited) { _ in inner }.subscribe(recorder)
        upstream.send(0)
        recorder.cancel()
        XCTAssertTrue(upstream.subscription.isCancelled)
        XCTAssertTrue(inner.subscription.isCancelled)
        inner.send(1)
        XCTAssertTrue(recorder.values.isEmpty)
    }

    func testSendingIntoTheUpstreamFromInsideTheSubscriberAddsAnInnerPublisher() {
        let upstream = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        recorder.onValue = { value in
            if value < 30 { upstream.send(value / 10 + 1) }
        }
        upstream.flatMap { value in CurrentValueSubject<Int, Never>(value * 10) }
            .subscribe(recorder)
        upstream.send(1)
        XCTAssertEqual(recorder.values, [10, 20, 30])
    }

    func testJustInnerPublishersWaitForDemandAndKeepTheirOrder() {
        let upstream = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.flatMap { Just($0) }.subscribe(recorder)
        for value in 1...4 { upstream.send(value) }
        XCTAssertEqual(recorder.values, [1, 2])
        upstream.send(completion: .finished)
        XCTAssertNil(recorder.completion)
        recorder.request(.max(1))
        XCTAssertEqual(recorder.values, [1, 2, 3])
        XCTAssertNil(recorder.completion)
        recorder.request(.max(5))
        XCTAssertEqual(recorder.values, [1, 2, 3, 4])
        XCTAssertTrue(recorder.isFinished)
    }

    func testAJustSentFromInsideTheSubscriberIsDeliveredAtOnceAsInCombine() {
        let upstream = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        var log: [String] = []
        recorder.onValue = { value in
            log.append("start \(value)")
            if value < 3 { upstream.send(value + 1) }
            log.append("end \(value)")
        }
        upstream.flatMap { Just($0) }.subscribe(recorder)
        upstream.send(1)
        XCTAssertEqual(log, ["start 1", "start 2", "start 3", "end 3", "end 2", "end 1"])
    }

    func testJustInnerPublishersRacingDownstreamRequestsDeliverEveryValueOnce() {
        for _ in 0..<20 {
            let upstream = PassthroughSubject<Int, Never>()
            let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
            recorder.onValue = { _ in usleep(5) }  // widens the window in which deliveries could overlap
            upstream.flatMap { Just($0) }.subscribe(recorder)
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    for value in 0..<200 { upstream.send(value) }
                } else {
                    for _ in 0..<100 {
                        recorder.request(.max(2))
                        usleep(10)
                    }
                }
            }
            XCTAssertEqual(recorder.values.sorted(), Array(0..<200))
            XCTAssertEqual(recorder.overlappingDeliveries, 0)
        }
    }

    func testAJustAfterCancellingFromInsideTheSubscriberIsNotDelivered() {
        let upstream = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        recorder.onValue = { [unowned recorder] _ in recorder.cancel() }
        upstream.flatMap { Just($0) }.subscribe(recorder)
        upstream.send(1)
        upstream.send(2)
        XCTAssertEqual(recorder.values, [1])
        XCTAssertNil(recorder.completion)
    }

    func testInnerPublishersSendingFromManyThreadsNeverOverlapDeliveries() {
        let upstream = PassthroughSubject<Int, Never>()
        let inners = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.flatMap(maxPublishers: .max(4)) { inners[$0] }.subscribe(recorder)
        for index in inners.indices { upstream.send(index) }
        DispatchQueue.concurrentPerform(iterations: inners.count) { lane in
            for value in 0..<500 { inners[lane].send(value) }
        }
        XCTAssertEqual(recorder.values.count, 2000)
        XCTAssertEqual(recorder.overlappingDeliveries, 0)
    }

    func testValuesGoingRoundALoopThroughTheSubscriberNestOnlyABoundedDepth() {
        let upstream = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        var depth = 0
        var deepest = 0
        recorder.onValue = { value in
            depth += 1
            deepest = max(deepest, depth)
            if value < 20_000 { upstream.send(value + 1) }
            depth -= 1
        }
        upstream.flatMap { Just($0) }.subscribe(recorder)
        upstream.send(1)
        XCTAssertEqual(recorder.values, Array(1...20_000))
        XCTAssertGreaterThan(deepest, 1)
        XCTAssertLessThanOrEqual(deepest, 64)
    }

    func testTheSubscriptionAndTheInnerSubscriberShowThemselvesAsCombineDoes() throws {
        let upstream = PassthroughSubject<Int, Never>()
        let tap = SubscriberTap<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.flatMap { _ in tap }.subscribe(recorder)
        upstream.send(0)
        let subscription = try XCTUnwrap(recorder.subscription)
        XCTAssertEqual((subscription as? CustomStringConvertible)?.description, "FlatMap")
        XCTAssertEqual((subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String,
            "FlatMap")
        XCTAssertEqual((subscription as? CustomReflectable)?.customMirror.children.count, 0)
        let innerSubscriber = try XCTUnwrap(tap.subscriber)
        XCTAssertEqual((innerSubscriber as? CustomStringConvertible)?.description, "FlatMap")
        let mirror = try XCTUnwrap((innerSubscriber as? CustomReflectable)?.customMirror)
        XCTAssertEqual(mirror.children.first?.label, "parentSubscription")
        XCTAssertEqual(mirror.children.first.map { "\($0.value)" }, "\(subscription.combineIdentifier)")
    }

    func testPublicProperties() {
        let upstream = PassthroughSubject<Int, Never>()
        let flat = upstream.flatMap(maxPublishers: .max(3)) { _ in PassthroughSubject<Int, Never>() }
        XCTAssertTrue(flat.upstream === upstream)
        XCTAssertEqual(flat.maxPublishers, .max(3))
    }
}

/// An upstream subscription that records what it is asked for and runs `onRequest` each time.
private final class CallbackSubscription: Subscription, @unchecked Sendable {
    private(set) var requests: [Subscribers.Demand] = []
    let onRequest: (Subscribers.Demand) -> Void

    init(onRequest: @escaping (Subscribers.Demand) -> Void) {
        self.onRequest = onRequest
    }

    func request(_ demand: Subscribers.Demand) {
        requests.append(demand)
        onRequest(demand)
    }

    func cancel() {}
}

/// A publisher for tests that keeps the subscriber given to it and sends it nothing.
private final class SubscriberTap<Output, Failure: Error>: Publisher {
    private(set) var subscriber: Any?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        self.subscriber = subscriber
    }
}
