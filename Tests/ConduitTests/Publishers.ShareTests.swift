import Conduit
import Foundation
import XCTest

final class ShareTests: XCTestCase {
    func testSubscribesToTheUpstreamOnceHoweverManySubscribers() {
        let upstream = ManualPublisher<Int, Never>()
        let shared = upstream.share()
        let recorders = (0..<3).map { _ in RecordingSubscriber<Int, Never>() }
        for recorder in recorders {
            shared.subscribe(recorder)
        }
        XCTAssertEqual(upstream.subscribeCount, 1)
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
        upstream.send(1)
        upstream.send(completion: .finished)
        for recorder in recorders {
            XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "finished"])
        }
    }

    func testEachSubscriberGetsWhatItsOwnDemandAllows() {
        let upstream = PassthroughSubject<Int, Never>()
        let shared = upstream.share()
        let eager = RecordingSubscriber<Int, Never>()
        let modest = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        shared.subscribe(eager)
        shared.subscribe(modest)
        upstream.send(1)
        upstream.send(2)
        XCTAssertEqual(eager.values, [1, 2])
        XCTAssertEqual(modest.values, [1])
    }

    func testASubscriberAfterTheUpstreamCompletedReceivesOnlyTheCompletion() {
        let upstream = PassthroughSubject<Int, Never>()
        let shared = upstream.share()
        let first = RecordingSubscriber<Int, Never>()
        shared.subscribe(first)
        upstream.send(1)
        upstream.send(completion: .finished)
        let late = RecordingSubscriber<Int, Never>()
        shared.subscribe(late)
        XCTAssertEqual(late.eventDescriptions, ["subscription", "finished"])
    }

    func testWhenEverySubscriberCancelsTheUpstreamIsCancelled() {
        let upstream = ManualPublisher<Int, Never>()
        let shared = upstream.share()
        let a = RecordingSubscriber<Int, Never>()
        let b = RecordingSubscriber<Int, Never>()
        shared.subscribe(a)
        shared.subscribe(b)
        a.cancel()
        XCTAssertFalse(upstream.subscription.isCancelled)
        b.cancel()
        XCTAssertTrue(upstream.subscription.isCancelled)
    }

    func testShareIsEqualOnlyToItself() {
        let upstream = PassthroughSubject<Int, Never>()
        let shared = upstream.share()
        XCTAssertEqual(shared, shared)
        XCTAssertNotEqual(shared, upstream.share())
        XCTAssertTrue(shared.upstream === upstream)
    }

    func testSubscribersAttachingFromManyThreadsShareOneSubscription() {
        let upstream = ManualPublisher<Int, Never>()
        let shared = upstream.share()
        let recorders = (0..<8).map { _ in RecordingSubscriber<Int, Never>() }
        DispatchQueue.concurrentPerform(iterations: recorders.count) { index in
            shared.subscribe(recorders[index])
        }
        XCTAssertEqual(upstream.subscribeCount, 1)
        upstream.send(7)
        for recorder in recorders {
            XCTAssertEqual(recorder.values, [7])
        }
    }

    func testSubscribersOfAShareSeeAMulticastSubscription() {
        let shared = PassthroughSubject<Int, Never>().share()
        let recorder = RecordingSubscriber<Int, Never>()
        shared.subscribe(recorder)
        XCTAssertEqual(recorder.subscription.map { String(describing: $0) }, "Multicast")
    }

    func testACompletionBeforeTheUpstreamsSubscriptionIsIgnored() {
        let upstream = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let shared = upstream.share()
        let recorder = RecordingSubscriber<Int, Never>()
        shared.subscribe(recorder)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription"])
        upstream.sendSubscription()
        upstream.send(1)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "finished"])
    }
}
