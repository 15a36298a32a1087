import Conduit
import Foundation
import XCTest

final class ZipTests: XCTestCase {
    private func describe(_ values: [(Int, String)]) -> [String] {
        values.map { "\($0.0)\($0.1)" }
    }

    func testPairsValuesInOrderAndNeverDropsOne() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let recorder = RecordingSubscriber<(Int, String), Never>()
        a.zip(b).subscribe(recorder)
        a.send(1)
        a.send(2)
        a.send(3)
        b.send("x")
        b.send("y")
        XCTAssertEqual(describe(recorder.values), ["1x", "2y"])
        b.send("z")
        b.send("w")
        XCTAssertEqual(describe(recorder.values), ["1x", "2y", "3z"])
        a.send(4)
        XCTAssertEqual(describe(recorder.values), ["1x", "2y", "3z", "4w"])
    }

    func testALongBacklogOnEitherSideIsPairedInOrder() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<(Int, Int), Never>()
        a.zip(b).subscribe(recorder)
        for value in 0..<10 { a.send(value) }
        for value in 0..<5 { b.send(value) }
        for value in 10..<37 { a.send(value) }
        for value in 5..<30 { b.send(value) }
        for value in 30..<50 { b.send(value) }
        for value in 37..<50 { a.send(value) }
        XCTAssertEqual(recorder.values.map(\.0), Array(0..<50))
        XCTAssertEqual(recorder.values.map(\.1), Array(0..<50))
    }

    func testFinishesOnceAFinishedUpstreamHasNothingLeftToPair() {
        let a = ManualPublisher<Int, Never>()
        let b = ManualPublisher<String, Never>()
        let recorder = RecordingSubscriber<(Int, String), Never>()
        a.zip(b).subscribe(recorder)
        a.send(1)
        a.send(2)
        a.send(completion: .finished)
        XCTAssertNil(recorder.completion)
        b.send("x")
        XCTAssertNil(recorder.completion)
        b.send("y")
        XCTAssertEqual(describe(recorder.values), ["1x", "2y"])
        XCTAssertTrue(recorder.isFinished)
        XCTAssertTrue(b.subscription.isCancelled)
    }

    func testFinishesAtOnceWhenAnUpstreamFinishesWithNothingBuffered() {
        let a = ManualPublisher<Int, Never>()
        let b = ManualPublisher<String, Never>()
        let recorder = RecordingSubscriber<(Int, String), Never>()
        a.zip(b).subscribe(recorder)
        a.send(1)
        a.send(2)
        b.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "finished"])
        XCTAssertTrue(a.subscription.isCancelled)
    }

    func testFailureOfOneUpstreamFailsTheWholeAndCancelsTheOthers() {
        let a = ManualPublisher<Int, TestError>()
        let b = ManualPublisher<String, TestError>()
        let recorder = RecordingSubscriber<(Int, String), TestError>()
        a.zip(b).subscribe(recorder)
        a.send(1)
        a.send(completion: .failure(TestError()))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "failure(boom)"])
        XCTAssertTrue(b.subscription.isCancelled)
    }

    func testPassesEveryDownstreamRequestToEveryUpstream() {
        let a = ManualPublisher<Int, Never>()
        let b = ManualPublisher<String, Never>()
        let recorder = RecordingSubscriber<(Int, String), Never>(initialDemand: .max(1))
        a.zip(b).subscribe(recorder)
        XCTAssertEqual(a.subscription.requests, [.max(1)])
        XCTAssertEqual(b.subscription.requests, [.max(1)])
        recorder.request(.max(3))
        XCTAssertEqual(a.subscription.requests, [.max(1), .max(3)])
        XCTAssertEqual(b.subscription.requests, [.max(1), .max(3)])
    }

    func testTheSubscribersAnswerGoesBackToTheUpstreamWhoseValueCompletedThePair() {
        let a = ManualPublisher<Int, Never>()
        let b = ManualPublisher<String, Never>()
        let recorder = RecordingSubscriber<(Int, String), Never>(initialDemand: .max(1), demandPerValue: .max(2))
        a.zip(b).subscribe(recorder)
        XCTAssertEqual(a.send(1), .none)
        // As in Combine: b's value made the pair, so b gets the answer; a is asked for it.
        XCTAssertEqual(b.send("x"), .max(2))
        XCTAssertEqual(a.subscription.requests, [.max(1), .max(2)])
        XCTAssertEqual(b.subscription.requests, [.max(1)])
    }

    func testARequestFromInsideTheSubscriberGoesBackAsTheAnswer() {
        let a = ManualPublisher<Int, Never>()
        let b = ManualPublisher<String, Never>()
        let recorder = RecordingSubscriber<(Int, String), Never>(initialDemand: .max(5))
        recorder.onValue = { [unowned recorder] _ in recorder.request(.max(7)) }
        a.zip(b).subscribe(recorder)
        XCTAssertEqual(b.send("x"), .none)
        XCTAssertEqual(a.send(1), .max(7))
        XCTAssertEqual(a.subscription.requests, [.max(5)])
        XCTAssertEqual(b.subscription.requests, [.max(5), .max(7)])
    }

    func testOnePairBeyondTheDemandGoesOutThenTheRestWaits() {
        let a = ManualPublisher<Int, Never>()
        let b = ManualPublisher<String, Never>()
        let recorder = RecordingSubscriber<(Int, String), Never>(initialDemand: .max(1))
        a.zip(b).subscribe(recorder)
        for value in 1...3 { a.send(value) }
        b.send("x")
        b.send("y")
        // Combine counts its demand one below zero: "2y" goes out though only one was asked for.
        XCTAssertEqual(describe(recorder.values), ["1x", "2y"])
        b.send("z")
        XCTAssertEqual(describe(recorder.values), ["1x", "2y"])
        recorder.request(.max(1))
        XCTAssertEqual(describe(recorder.values), ["1x", "2y", "3z"])
    }

    func testAFailedUpstreamIsCancelledWithTheOthers() {
        let a = ManualPublisher<Int, TestError>()
        let b = ManualPublisher<Int, TestError>()
        let recorder = RecordingSubscriber<(Int, Int), TestError>()
        a.zip(b).subscribe(recorder)
        a.send(completion: .failure(TestError()))
        XCTAssertEqual(recorder.eventDescriptions.count, 2)
        XCTAssertTrue(a.subscription.isCancelled)
        XCTAssertTrue(b.subscription.isCancelled)
    }

    func testZip3AndZip4PairEveryUpstream() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let c = PassthroughSubject<Bool, Never>()
        let d = PassthroughSubject<Double, Never>()
        var three: [String] = []
        var four: [String] = []
        let c3 = a.zip(b, c).sink { three.append("\($0)\($1)\($2)") }
        let c4 = a.zip(b, c, d).sink { four.append("\($0)\($1)\($2)\($3)") }
        a.send(1)
        a.send(2)
        b.send("x")
        c.send(true)
        d.send(0.5)
        b.send("y")
        c.send(false)
        XCTAssertEqual(three, ["1xtrue", "2yfalse"])
        XCTAssertEqual(four, ["1xtrue0.5"])
        XCTAssertEqual(Publishers.Zip4(TaggedPublisher(tag: 1), TaggedPublisher(tag: 2), TaggedPublisher(tag: 3),
                                       TaggedPublisher(tag: 4)).d, TaggedPublisher(tag: 4))
        XCTAssertEqual(Publishers.Zip(TaggedPublisher(tag: 1), TaggedPublisher(tag: 2)),
                       Publishers.Zip(TaggedPublisher(tag: 1), TaggedPublisher(tag: 2)))
        withExtendedLifetime((c3, c4)) {}
    }

    func testEveryArityCallsItsSubscriptionZipAsCombineDoes() {
        let a = PassthroughSubject<Int, Never>()
        let three = RecordingSubscriber<(Int, Int, Int), Never>()
        let four = RecordingSubscriber<(Int, Int, Int, Int), Never>()
        a.zip(a, a).subscribe(three)
        a.zip(a, a, a).subscribe(four)
        XCTAssertEqual(three.subscription.map { String(describing: $0) }, "Zip")
        XCTAssertEqual(four.subscription.map { String(describing: $0) }, "Zip")
    }

    func testSendingIntoAnUpstreamFromInsideTheSubscriberIsPaired() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let recorder = RecordingSubscriber<(Int, String), Never>()
        recorder.onValue = { value in
            if value.0 == 1 {
                a.send(2)
                b.send("y")
            }
        }
        a.zip(b).subscribe(recorder)
        a.send(1)
        b.send("x")
        XCTAssertEqual(describe(recorder.values), ["1x", "2y"])
        XCTAssertEqual(recorder.overlappingDeliveries, 0)
    }

    func testUpstreamsSendingFromManyThreadsArePairedInOrder() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<(Int, Int), Never>()
        a.zip(b).subscribe(recorder)
        let count = 2000
        DispatchQueue.concurrentPerform(iterations: 2) { lane in
            for value in 0..<count {
                (lane == 0 ? a : b).send(value)
            }
        }
        XCTAssertEqual(recorder.overlappingDeliveries, 0)
        let values = recorder.values
        XCTAssertEqual(values.count, count)
        XCTAssertTrue(values.allSatisfy { $0.0 == $0.1 })
    }


    func testOneSubjectZippedWithItselfPairsEachValueWithItself() {
        let a = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<(Int, Int), Never>()
        a.zip(a).subscribe(recorder)
        a.send(1)
        a.send(2)
        XCTAssertEqual(recorder.values.map { "\($0.0)\($0.1)" }, ["11", "22"])
    }}
