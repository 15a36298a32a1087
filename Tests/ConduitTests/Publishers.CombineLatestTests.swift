import Conduit
import Foundation
import XCTest

final class CombineLatestTests: XCTestCase {
    private func describe(_ values: [(Int, String)]) -> [String] {
        values.map { "\($0.0)\($0.1)" }
    }

    func testDeliversNothingUntilEveryUpstreamHasProduced() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let recorder = RecordingSubscriber<(Int, String), Never>()
        a.combineLatest(b).subscribe(recorder)
        a.send(1)
        a.send(2)
        XCTAssertTrue(recorder.values.isEmpty)
        b.send("x")
        XCTAssertEqual(describe(recorder.values), ["2x"])
    }

    func testEveryValueYieldsTheLatestOfEachUpstream() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let recorder = RecordingSubscriber<(Int, String), Never>()
        Publishers.CombineLatest(a, b).subscribe(recorder)
        a.send(1)
        b.send("x")
        a.send(2)
        b.send("y")
        b.send("z")
        XCTAssertEqual(describe(recorder.values), ["1x", "2x", "2y", "2z"])
    }

    func testFinishesOnlyWhenEveryUpstreamHasFinished() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let recorder = RecordingSubscriber<(Int, String), Never>()
        a.combineLatest(b).subscribe(recorder)
        a.send(1)
        b.send("x")
        a.send(completion: .finished)
        XCTAssertNil(recorder.completion)
        b.send("y")
        XCTAssertEqual(describe(recorder.values), ["1x", "1y"])
        b.send(completion: .finished)
        XCTAssertTrue(recorder.isFinished)
    }

    func testFailureOfOneUpstreamFailsTheWholeAndCancelsTheOthers() {
        let a = ManualPublisher<Int, TestError>()
        let b = ManualPublisher<String, TestError>()
        let c = ManualPublisher<Int, TestError>()
        let recorder = RecordingSubscriber<(Int, String, Int), TestError>()
        a.combineLatest(b, c).subscribe(recorder)
        a.send(1)
        b.send(completion: .failure(TestError("b failed")))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "failure(b failed)"])
        XCTAssertTrue(a.subscription.isCancelled)
        XCTAssertTrue(c.subscription.isCancelled)
        XCTAssertFalse(b.subscription.isCancelled)
        c.send(3)
        a.send(completion: .finished)
        XCTAssertEqual(recorder.events.count, 2)
    }

    func testPassesEveryDownstreamRequestToEveryUpstream() {
        let a = ManualPublisher<Int, Never>()
        let b = ManualPublisher<String, Never>()
        let recorder = RecordingSubscriber<(Int, String), Never>(initialDemand: .max(2))
        a.combineLatest(b).subscribe(recorder)
        XCTAssertEqual(a.subscription.requests, [.max(2)])
        XCTAssertEqual(b.subscription.requests, [.max(2)])
        recorder.request(.max(3))
        XCTAssertEqual(a.subscription.requests, [.max(2), .max(3)])
        XCTAssertEqual(b.subscription.requests, [.max(2), .max(3)])
    }

    func testWithoutDemandKeepsOnlyTheLatestCombination() {
        let a = ManualPublisher<Int, Never>()
        let b = ManualPublisher<String, Never>()
        let recorder = RecordingSubscriber<(Int, String), Never>(initialDemand: .max(1))
        a.combineLatest(b).subscribe(recorder)
        a.send(1)
        b.send("x")
        a.send(2)
        a.send(3)
        XCTAssertEqual(describe(recorder.values), ["1x"])
        recorder.request(.max(5))
        XCTAssertEqual(describe(recorder.values), ["1x", "3x"])
        b.send("y")
        XCTAssertEqual(describe(recorder.values), ["1x", "3x", "3y"])
    }

    func testCompletionWaitsForALatestCombinationThatHasNoDemandYet() {
        let a = ManualPublisher<Int, Never>()
        let b = ManualPublisher<String, Never>()
        let recorder = RecordingSubscriber<(Int, String), Never>(initialDemand: .max(1))
        a.combineLatest(b).subscribe(recorder)
        a.send(1)
        b.send("x")
        a.send(2)
        a.send(completion: .finished)
        b.send(completion: .finished)
        XCTAssertNil(recorder.completion)
        recorder.request(.max(1))
        XCTAssertEqual(recorder.eventDescriptions.count, 4)
        XCTAssertEqual(describe(recorder.values), ["1x", "2x"])
        XCTAssertTrue(recorder.isFinished)
    }

    func testCancelCancelsEveryUpstream() {
        let a = ManualPublisher<Int, Never>()
        let b = ManualPublisher<String, Never>()
        let recorder = RecordingSubscriber<(Int, String), Never>()
        a.combineLatest(b).subscribe(recorder)
        recorder.cancel()
        XCTAssertTrue(a.subscription.isCancelled)
        XCTAssertTrue(b.subscription.isCancelled)
        a.send(1)
        b.send("x")
        XCTAssertTrue(recorder.values.isEmpty)
    }

    func testCombineLatest3And4CombineEveryUpstream() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let c = PassthroughSubject<Double, Never>()
        let d = PassthroughSubject<Bool, Never>()
        var three: [String] = []
        var four: [String] = []
        let c3 = a.combineLatest(b, c).sink { three.append("\($0)\($1)\($2)") }
        let c4 = Publishers.CombineLatest4(a, b, c, d).sink { four.append("\($0)\($1)\($2)\($3)") }
        a.send(1)
        b.send("x")
        c.send(0.5)
        d.send(true)
        a.send(2)
        XCTAssertEqual(three, ["1x0.5", "2x0.5"])
        XCTAssertEqual(four, ["1x0.5true", "2x0.5true"])
        withExtendedLifetime((c3, c4)) {}
    }

    func testPublicPropertiesAndEquality() {
        let a = TaggedPublisher(tag: 1)
        let combined = Publishers.CombineLatest(a, a)
        XCTAssertNotEqual(combined, Publishers.CombineLatest(a, TaggedPublisher(tag: 2)))
        XCTAssertEqual(combined, Publishers.CombineLatest(a, a))
        XCTAssertEqual(combined.a, a)
        XCTAssertEqual(combined.b, a)
        XCTAssertEqual(Publishers.CombineLatest3(a, a, a).c, a)
        XCTAssertEqual(Publishers.CombineLatest4(a, a, a, a).d, a)
    }

    func testValuesSentInTheSameInstantYieldOneCombination() {
        let a = CurrentValueSubject<Int, Never>(1)
        let b = CurrentValueSubject<String, Never>("x")
        let recorder = RecordingSubscriber<(Int, String), Never>()
        a.combineLatest(b).subscribe(recorder)
        XCTAssertEqual(describe(recorder.values), ["1x"])
    }

    func testSendingIntoAnUpstreamFromInsideTheSubscriberIsDeliveredAfterwards() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let recorder = RecordingSubscriber<(Int, String), Never>()
        recorder.onValue = { value in
            if value.0 < 3 { a.send(value.0 + 1) }
        }
        a.combineLatest(b).subscribe(recorder)
        a.send(1)
        b.send("x")
        XCTAssertEqual(describe(recorder.values), ["1x", "2x", "3x"])
        XCTAssertEqual(recorder.overlappingDeliveries, 0)
    }

    func testUpstreamsSendingFromManyThreadsNeverOverlapDeliveries() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<(Int, Int), Never>()
        a.combineLatest(b).subscribe(recorder)
        let count = 2000
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            for value in 1...count {
                (lane == 0 ? a : b).send(value)
            }
        }
        XCTAssertEqual(recorder.overlappingDeliveries, 0)
        let values = recorder.values
        XCTAssertFalse(values.isEmpty)
        XCTAssertEqual(values.last?.0, count)
        XCTAssertEqual(values.last?.1, count)
        // Each upstream's values are seen in the order it sent them.
        XCTAssertEqual(values.map(\.0), values.map(\.0).sorted())
        XCTAssertEqual(values.map(\.1), values.map(\.1).sorted())
    }

    func testOneSubjectCombinedWithItselfSeesBothLanesUpdateInTurn() {
        let a = PassthroughSubject<Int, Never>()
        var pairs: [String] = []
        let cancellable = a.combineLatest(a).sink { pairs.append("\($0)\($1)") }
        a.send(1)
        a.send(2)
        XCTAssertEqual(pairs, ["11", "21", "22"])
        withExtendedLifetime(cancellable) {}
    }
}

/// A publisher that only finishes, compared by its tag: for tests of `Equatable` conformances.
struct TaggedPublisher: Publisher, Equatable {
    typealias Output = Int
    typealias Failure = Never
    let tag: Int

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .finished)
    }
}
