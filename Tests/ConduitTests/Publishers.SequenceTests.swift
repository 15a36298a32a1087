import Conduit
import Foundation
import XCTest

final class PublishersSequenceTests: XCTestCase {
    func testSequenceHonoursDemandAndFinishesAfterLastElement() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        [1, 2, 3].publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(1)", "value(2)"])
        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(1)", "value(2)", "value(3)", "finished"])
    }

    func testEmptySequenceFinishesAtOnce() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        [Int]().publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "finished"])
    }

    func testDemandReturnedFromReceiveAddsUp() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        (1...5).publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [1, 2, 3, 4, 5])
        XCTAssertTrue(subscriber.isFinished)
    }

    func testRequestFromInsideReceiveDoesNotRecurse() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        subscriber.onValue = { _ in subscriber.request(.max(1)) }
        (0..<100_000).publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.values.count, 100_000)
        XCTAssertTrue(subscriber.isFinished)
    }

    func testCancelStopsTheSequence() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .unlimited)
        subscriber.onValue = { value in if value == 2 { subscriber.cancel() } }
        [1, 2, 3, 4].publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [1, 2])
        XCTAssertNil(subscriber.completion)
    }

    func testCancelFromInsideReceiveStopsAFiniteRun() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(10))
        subscriber.onValue = { value in if value == 3 { subscriber.cancel() } }
        (1...20).publisher.subscribe(subscriber)
        subscriber.request(.max(5))
        XCTAssertEqual(subscriber.values, [1, 2, 3])
        XCTAssertNil(subscriber.completion)
    }

    func testDemandRequestedInsideAndReturnedFromReceiveBothCount() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        subscriber.onValue = { value in if value == 2 { subscriber.request(.max(2)) } }
        (1...100).publisher.subscribe(subscriber)
        // One to start, one returned per value: the stream never runs dry, and the extra two
        // requested inside receive do not break the count.
        XCTAssertEqual(subscriber.values, Array(1...100))
        XCTAssertTrue(subscriber.isFinished)
    }

    func testFiniteDemandStopsExactlyAndResumesWhereItLeftOff() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(3))
        (1...10).publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [1, 2, 3])
        subscriber.request(.max(4))
        XCTAssertEqual(subscriber.values, Array(1...7))
        XCTAssertNil(subscriber.completion)
        subscriber.request(.max(3))
        XCTAssertEqual(subscriber.values, Array(1...10))
        XCTAssertTrue(subscriber.isFinished)
    }

    func testRequestsFromManyThreadsDeliverEachElementOnceInOrder() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        (0..<2_000).publisher.subscribe(subscriber)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<500 { subscriber.request(.max(1)) }
        }
        XCTAssertEqual(subscriber.values, Array(0..<2_000))
        XCTAssertTrue(subscriber.isFinished)
        XCTAssertEqual(subscriber.overlappingDeliveries, 0)
    }

    func testCancelFromAnotherThreadEndsAnUnlimitedRunWithoutCompletion() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        let started = DispatchSemaphore(value: 0)
        subscriber.onValue = { value in if value == 0 { started.signal() } }
        (0..<Int.max).publisher.subscribe(subscriber)
        let ended = DispatchGroup()
        ended.enter()
        DispatchQueue.global().async {
            subscriber.request(.unlimited)
            ended.leave()
        }
        started.wait()
        subscriber.cancel()
        let countAfterCancel = subscriber.values.count
        // The emitting thread's request returns only once the run has stopped.
        XCTAssertEqual(ended.wait(timeout: .now() + 60), .success)
        // It stops at the next element boundary: at most one value was already on its way.
        XCTAssertLessThanOrEqual(subscriber.values.count, countAfterCancel + 1)
        XCTAssertNil(subscriber.completion)
    }

    func testLazySequenceIsReadOnlyAsDemanded() {
        var produced = 0
        let lazy = (1...1000).lazy.map { value -> Int in
            produced += 1
            return value
        }
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(3))
        lazy.publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [1, 2, 3])
        XCTAssertLessThanOrEqual(produced, 4)
    }

    func testSpecialisedOperatorsWorkOnTheSequence() {
        let mapped: Publishers.Sequence<[Int], Never> = [1, 2, 3].publisher.map { $0 * 10 }
        XCTAssertEqual(mapped.sequence, [10, 20, 30])
        XCTAssertEqual([1, 2, 3, 4].publisher.filter { $0.isMultiple(of: 2) }.sequence, [2, 4])
        XCTAssertEqual([1, 1, 2, 2, 1].publisher.removeDuplicates().sequence, [1, 2, 1])
        XCTAssertEqual([1, 2, 3].publisher.scan(0, +).sequence, [1, 3, 6])
        XCTAssertEqual([1, 2].publisher.append(3, 4).sequence, [1, 2, 3, 4])
        XCTAssertEqual([3].publisher.prepend([1, 2]).sequence, [1, 2, 3])
        XCTAssertEqual([5, 6].publisher.count().output, 2)
        XCTAssertEqual([5, 6].publisher.first().output, 5)
        XCTAssertEqual([5, 6].publisher.last().output, 6)
        XCTAssertEqual([5, 9, 2].publisher.max().output, 9)
        XCTAssertEqual(Array([1, 2, 3].publisher.dropFirst().sequence), [2, 3])
    }

    func testAnEmptySequencesSubscriptionDescribesItselfAsEmpty() {
        var seen: [String] = []
        [Int]().publisher.subscribe(AnySubscriber(receiveSubscription: { seen.append("\($0)") }))
        (1...2).publisher.subscribe(AnySubscriber(receiveSubscription: { seen.append("\($0)") }))
        XCTAssertEqual(seen, ["Empty", "1...2"])
    }

    func testZeroDemandIsIgnoredInsteadOfTrapping() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        [1, 2, 3].publisher.subscribe(subscriber)
        subscriber.request(.none)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(1)"])
        subscriber.request(.max(5))
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(1)", "value(2)", "value(3)", "finished"])
    }

    func testASequencesSubscriptionShowsItsElementsWhileItRunsAndSequenceAfter() throws {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        (1...3).publisher.subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)
        XCTAssertEqual(String(describing: subscription), "1...3")
        XCTAssertEqual((subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String,
                       "1...3")
        let live = Mirror(reflecting: subscription).children.map { ($0.label, String(describing: $0.value)) }
        XCTAssertEqual(live.map(\.0), ["sequence"])
        XCTAssertEqual(live.map(\.1), ["1...3"])
        subscriber.request(.unlimited)
        XCTAssertEqual(String(describing: subscription), "Sequence")
        let ended = Mirror(reflecting: subscription).children.map { String(describing: $0.value) }
        XCTAssertEqual(ended, ["[]"])
    }

    func testPrependKeepsTheCollectionTypeAndReadsEachPartOnce() {
        XCTAssertEqual([4, 5].publisher.prepend(1, 2, 3).sequence, [1, 2, 3, 4, 5])
        XCTAssertEqual([4, 5].publisher.prepend(AnySequence([2, 3])).sequence, [2, 3, 4, 5])
        XCTAssertEqual([4, 5].publisher.prepend([1].publisher).sequence, [1, 4, 5])
    }

    func testOutputInRangeTakesThatSliceOfTheCollection() {
        XCTAssertEqual([1, 2, 3, 4, 5].publisher.output(in: 1..<4).sequence, [2, 3, 4])
    }
}

final class ResultAndOptionalPublisherTests: XCTestCase {
    func testResultSuccessWaitsForDemand() {
        let subscriber = RecordingSubscriber<Int, TestError>(initialDemand: .none)
        Result<Int, TestError>.success(8).publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription"])
        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(8)", "finished"])
    }

    func testResultFailureFailsAtOnce() {
        let subscriber = RecordingSubscriber<Int, TestError>(initialDemand: .none)
        Result<Int, TestError>.failure(TestError("bad")).publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "failure(bad)"])
    }

    func testResultSpecialisedOperators() {
        let publisher = Result<Int, TestError>.Publisher(2)
        XCTAssertEqual(publisher.map { $0 + 1 }.result, .success(3))
        XCTAssertEqual(Result<Int, TestError>.Publisher(TestError("e")).replaceError(with: 0).result, .success(0))
        XCTAssertEqual(publisher.mapError { _ in TestError("other") }.result, .success(2))
    }

    func testOptionalPublisherSendsValueOrFinishes() {
        let some = RecordingSubscriber<Int, Never>()
        Optional(4).publisher.subscribe(some)
        XCTAssertEqual(some.eventDescriptions, ["subscription", "value(4)", "finished"])
        let none = RecordingSubscriber<Int, Never>(initialDemand: .none)
        Optional<Int>.none.publisher.subscribe(none)
        XCTAssertEqual(none.eventDescriptions, ["subscription", "finished"])
        XCTAssertEqual(Optional(3).publisher.map { $0 * 2 }.output, 6)
        XCTAssertNil(Optional(3).publisher.filter { $0 > 3 }.output)
    }

    func testAResultsSuccessGoesOutThroughASubscriptionNamedOnceThatShowsTheValue() throws {
        let subscriber = RecordingSubscriber<Int, TestError>(initialDemand: .none)
        Result<Int, TestError>.success(42).publisher.subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)
        XCTAssertEqual(String(describing: subscription), "Once")
        XCTAssertEqual((subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String,
                       "Once")
        let children = Mirror(reflecting: subscription).children
        XCTAssertEqual(children.map(\.label), [nil])
        XCTAssertEqual(children.first?.value as? Int, 42)
    }

    func testAResultsFailureAndANilOptionalUseTheEmptySubscription() {
        let failed = RecordingSubscriber<Int, TestError>(initialDemand: .none)
        Result<Int, TestError>.failure(TestError("bad")).publisher.subscribe(failed)
        XCTAssertEqual(failed.subscription.map { String(describing: $0) }, "Empty")
        XCTAssertEqual(failed.eventDescriptions, ["subscription", "failure(bad)"])
        let none = RecordingSubscriber<Int, Never>(initialDemand: .none)
        Optional<Int>.none.publisher.subscribe(none)
        XCTAssertEqual(none.subscription.map { String(describing: $0) }, "Empty")
        let some = RecordingSubscriber<Int, Never>(initialDemand: .none)
        Optional(7).publisher.subscribe(some)
        XCTAssertEqual(some.subscription.map { String(describing: $0) }, "Optional")
        XCTAssertEqual(some.subscription.map { Mirror(reflecting: $0).children.first?.value as? Int }, 7)
    }

    func testAResultsTryMinTryMaxAndTryRemoveDuplicatesCallTheClosureOnceOnASuccess() {
        var calls = 0
        let throwing: (Int, Int) throws -> Bool = { _, _ in
            calls += 1
            throw TestError("compare")
        }
        let success = Result<Int, TestError>.Publisher(5)
        XCTAssertThrowsError(try success.tryMin(by: throwing).result.get())
        XCTAssertThrowsError(try success.tryMax(by: throwing).result.get())
        XCTAssertThrowsError(try success.tryRemoveDuplicates(by: throwing).result.get())
        XCTAssertEqual(calls, 3)
        let failure = Result<Int, TestError>.Publisher(TestError("first"))
        XCTAssertThrowsError(try failure.tryMin(by: throwing).result.get()) { error in
            XCTAssertEqual(error as? TestError, TestError("first"))
        }
        XCTAssertEqual(calls, 3, "a failure is passed on without calling the closure")
        XCTAssertEqual(try success.tryMin(by: <).result.get(), 5)
    }

    func testOptionalCollectAndOutputInRangeAnswerAsCombinesDo() {
        XCTAssertEqual(Optional<Int>.none.publisher.collect().output, [])
        XCTAssertEqual(Optional(3).publisher.collect().output, [3])
        XCTAssertEqual(Optional(3).publisher.output(in: 0...0).output, 3)
        XCTAssertNil(Optional(3).publisher.output(in: 0..<0).output)
        XCTAssertNil(Optional(3).publisher.output(in: 1..<5).output)
        XCTAssertEqual(Optional(3).publisher.output(in: ..<1).output, 3)
    }
}
