import Conduit
import Foundation
import XCTest

final class MergeTests: XCTestCase {
    func testRepublishesValuesOfEveryUpstreamInArrivalOrder() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        a.merge(with: b).subscribe(recorder)
        a.send(1)
        b.send(10)
        a.send(2)
        b.send(20)
        XCTAssertEqual(recorder.values, [1, 10, 2, 20])
    }

    func testFinishesWhenEveryUpstreamHasFinished() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        Publishers.Merge(a, b).subscribe(recorder)
        a.send(completion: .finished)
        XCTAssertNil(recorder.completion)
        b.send(1)
        b.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "finished"])
    }

    func testFailureOfOneUpstreamFailsTheWholeAndCancelsTheOthers() {
        let a = ManualPublisher<Int, TestError>()
        let b = ManualPublisher<Int, TestError>()
        let c = ManualPublisher<Int, TestError>()
        let recorder = RecordingSubscriber<Int, TestError>()
        a.merge(with: b, c).subscribe(recorder)
        a.send(1)
        c.send(completion: .failure(TestError()))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "failure(boom)"])
        XCTAssertTrue(a.subscription.isCancelled)
        XCTAssertTrue(b.subscription.isCancelled)
        b.send(2)
        XCTAssertEqual(recorder.events.count, 3)
    }

    func testDownstreamDemandGovernsWhatIsDelivered() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        a.merge(with: b).subscribe(recorder)
        a.send(1)
        b.send(10)
        a.send(2)
        XCTAssertEqual(recorder.values, [1, 10])
        recorder.request(.max(1))
        XCTAssertEqual(recorder.values, [1, 10, 2])
        b.send(20)
        XCTAssertEqual(recorder.values, [1, 10, 2])
    }

    func testValuesWaitingForDemandGoOutInArrivalOrderWhateverTheBacklog() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(100))
        a.merge(with: b).subscribe(recorder)
        recorder.onValue = { value in
            // Re-entrant sends wait behind the current delivery, then go out in arrival order.
            if value == 0 {
                for next in 1..<20 { (next.isMultiple(of: 2) ? a : b).send(next) }
            }
        }
        a.send(0)
        for next in 20..<60 { (next.isMultiple(of: 3) ? a : b).send(next) }
        XCTAssertEqual(recorder.values, Array(0..<60))
        XCTAssertEqual(recorder.overlappingDeliveries, 0)
    }

    func testNeverAsksAnUpstreamForMoreThanTheOutstandingDemand() {
        let a = ManualPublisher<Int, Never>()
        let b = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        a.merge(with: b).subscribe(recorder)
        XCTAssertEqual(a.subscription.requests, [.max(1)])
        XCTAssertEqual(b.subscription.requests, [.max(1)])
        a.send(1)
        b.send(10)
        XCTAssertEqual(recorder.values, [1])
        recorder.request(.max(1))
        XCTAssertEqual(recorder.values, [1, 10])
        XCTAssertEqual(a.subscription.requests, [.max(1)])
        XCTAssertEqual(b.subscription.requests, [.max(1)])
        recorder.request(.max(2))
        XCTAssertEqual(a.subscription.requests, [.max(1), .max(2)])
        XCTAssertEqual(b.subscription.requests, [.max(1), .max(2)])
    }

    func testUnlimitedDemandIsPassedOnAsUnlimitedOnce() {
        let a = ManualPublisher<Int, Never>()
        let b = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        a.merge(with: b).subscribe(recorder)
        for value in 0..<5 { a.send(value) }
        XCTAssertEqual(a.subscription.requests, [.unlimited])
        XCTAssertEqual(b.subscription.requests, [.unlimited])
        XCTAssertEqual(recorder.values, [0, 1, 2, 3, 4])
    }

    func testCompletionWaitsForValuesThatHaveNoDemandYet() {
        let a = ManualPublisher<Int, Never>()
        let b = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        a.merge(with: b).subscribe(recorder)
        a.send(1)
        b.send(2)
        a.send(completion: .finished)
        b.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)"])
        recorder.request(.max(1))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func testCancelCancelsEveryUpstream() {
        let a = ManualPublisher<Int, Never>()
        let b = ManualPublisher<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        a.merge(with: b).subscribe(recorder)
        recorder.cancel()
        XCTAssertTrue(a.subscription.isCancelled)
        XCTAssertTrue(b.subscription.isCancelled)
        a.send(1)
        XCTAssertTrue(recorder.values.isEmpty)
    }

    func testMergeOfThreeToEightUpstreamsDeliversEveryValue() {
        let subjects = (0..<8).map { _ in PassthroughSubject<Int, Never>() }
        let s = subjects
        var results: [[Int]] = Array(repeating: [], count: 9)
        var cancellables: [AnyCancellable] = []
        func collect<P: Publisher>(_ publisher: P, into index: Int) where P.Output == Int, P.Failure == Never {
            cancellables.append(publisher.sink { results[index].append($0) })
        }
        collect(s[0].merge(with: s[1], s[2]), into: 3)
        collect(s[0].merge(with: s[1], s[2], s[3]), into: 4)
        collect(s[0].merge(with: s[1], s[2], s[3], s[4]), into: 5)
        collect(s[0].merge(with: s[1], s[2], s[3], s[4], s[5]), into: 6)
        collect(s[0].merge(with: s[1], s[2], s[3], s[4], s[5], s[6]), into: 7)
        collect(s[0].merge(with: s[1], s[2], s[3], s[4], s[5], s[6], s[7]), into: 8)
        for (index, subject) in subjects.enumerated() {
            subject.send(index)
        }
        for arity in 3...8 {
            XCTAssertEqual(results[arity], Array(0..<arity), "Merge\(arity)")
        }
    }

    func testMergeWithOnAMergeAddsAnUpstream() {
        let s = (0..<8).map { _ in PassthroughSubject<Int, Never>() }
        let merge8: Publishers.Merge8 = Publishers.Merge(s[0], s[1]).merge(with: s[2]).merge(with: s[3])
            .merge(with: s[4]).merge(with: s[5]).merge(with: s[6]).merge(with: s[7])
        let viaMany: Publishers.Merge8 = Publishers.Merge(s[0], s[1]).merge(with: s[2], s[3], s[4], s[5], s[6], s[7])
        var values: [Int] = []
        let cancellable = merge8.sink { values.append($0) }
        let other = viaMany.sink { values.append($0 * 100) }
        for (index, subject) in s.enumerated() {
            subject.send(index)
        }
        XCTAssertEqual(values, (0..<8).flatMap { [$0, $0 * 100] })
        withExtendedLifetime((cancellable, other)) {}
    }

    func testMergeManyMergesAVariadicListOrASequence() {
        let subjects = (0..<5).map { _ in PassthroughSubject<Int, Never>() }
        let variadic = RecordingSubscriber<Int, Never>()
        let sequence = RecordingSubscriber<Int, Never>()
        Publishers.MergeMany(subjects[0], subjects[1]).merge(with: subjects[2]).subscribe(variadic)
        Publishers.MergeMany(subjects).subscribe(sequence)
        for (index, subject) in subjects.enumerated() {
            subject.send(index)
        }
        for subject in subjects {
            subject.send(completion: .finished)
        }
        XCTAssertEqual(variadic.values, [0, 1, 2])
        XCTAssertTrue(variadic.isFinished)
        XCTAssertEqual(sequence.values, [0, 1, 2, 3, 4])
        XCTAssertTrue(sequence.isFinished)
        XCTAssertEqual(Publishers.MergeMany(subjects).publishers.count, 5)
    }

    func testMergeWithAPublisherOfTheSameTypeMakesAMergeMany() {
        let a = TaggedPublisher(tag: 1)
        let merged = a.merge(with: a)
        XCTAssertEqual(merged, Publishers.MergeMany(a, a))
        XCTAssertEqual(merged.merge(with: a).publishers, [a, a, a])
    }

    func testMergeManyOfNothingFinishesAtOnce() {
        let recorder = RecordingSubscriber<Int, Never>()
        Publishers.MergeMany<PassthroughSubject<Int, Never>>([]).subscribe(recorder)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "finished"])
    }

    func testSendingIntoAnotherUpstreamFromInsideTheSubscriberIsDeliveredAfterwards() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        recorder.onValue = { value in
            if value == 1 { b.send(10) }
            if value == 10 { a.send(2) }
        }
        a.merge(with: b).subscribe(recorder)
        a.send(1)
        XCTAssertEqual(recorder.values, [1, 10, 2])
        XCTAssertEqual(recorder.overlappingDeliveries, 0)
    }

    func testUpstreamsSendingFromManyThreadsNeverOverlapDeliveries() {
        let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
        let recorder = RecordingSubscriber<Int, Never>()
        Publishers.MergeMany(subjects).subscribe(recorder)
        let perThread = 1000
        DispatchQueue.concurrentPerform(iterations: subjects.count) { lane in
            for value in 0..<perThread {
                subjects[lane].send(lane * perThread + value)
            }
        }
        XCTAssertEqual(recorder.overlappingDeliveries, 0)
        let values = recorder.values
        XCTAssertEqual(values.count, subjects.count * perThread)
        XCTAssertEqual(Set(values).count, values.count)
        for lane in 0..<subjects.count {
            let mine = values.filter { $0 / perThread == lane }
            XCTAssertEqual(mine, mine.sorted(), "values of one upstream keep their order")
        }
    }

    func testCompletionRacingAValueFromAnotherThreadComesLast() {
        for _ in 0..<200 {
            let a = PassthroughSubject<Int, Never>()
            let b = PassthroughSubject<Int, Never>()
            let recorder = RecordingSubscriber<Int, Never>()
            a.merge(with: b).subscribe(recorder)
            a.send(completion: .finished)
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    b.send(1)
                    b.send(2)
                } else {
                    b.send(completion: .finished)
                }
            }
            let events = recorder.eventDescriptions
            XCTAssertEqual(events.last, "finished")
            XCTAssertEqual(events.filter { $0 == "finished" }.count, 1)
            XCTAssertTrue(["subscription", "value(1)", "value(2)", "finished"].starts(with: events.dropLast())
                || events == ["subscription", "finished"])
        }
    }


    func testOneSubjectMergedWithItselfDeliversEachValueTwice() {
        let a = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        Publishers.Merge(a, a).subscribe(recorder)
        a.send(1)
        a.send(2)
        a.send(completion: .finished)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "value(1)", "value(2)", "value(2)",
            "finished"])
    }}
