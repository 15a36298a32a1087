import Conduit
import Foundation
import XCTest

final class JustTests: XCTestCase {
    func testJustWaitsForDemandThenSendsValueAndFinishes() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        Just(7).subscribe(subscriber)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription"])
        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(7)", "finished"])
    }

    func testJustDeliversToEverySubscriber() {
        let just = Just("ace")
        var received: [String] = []
        _ = just.sink { received.append($0) }
        _ = just.sink { received.append($0) }
        XCTAssertEqual(received, ["ace", "ace"])
    }

    func testCancelledJustSendsNothing() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        Just(1).subscribe(subscriber)
        subscriber.cancel()
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription"])
    }

    func testRequestsAndCancelRacingFromManyThreadsDeliverTheValueAtMostOnce() {
        for round in 0..<500 {
            let requestOnly = RecordingSubscriber<Int, Never>(initialDemand: .none)
            let cancelled = RecordingSubscriber<Int, Never>(initialDemand: .none)
            Just(round).subscribe(requestOnly)
            Just(round).subscribe(cancelled)
            DispatchQueue.concurrentPerform(iterations: 4) { index in
                switch index {
                case 0, 1: requestOnly.request(.max(1))
                case 2: cancelled.request(.max(1))
                default: cancelled.cancel()
                }
            }
            XCTAssertEqual(requestOnly.eventDescriptions, ["subscription", "value(\(round))", "finished"])
            let events = cancelled.eventDescriptions
            XCTAssertTrue(events == ["subscription"] || events == ["subscription", "value(\(round))", "finished"],
                "\(events)")
        }
    }

    func testSpecialisedOperatorsReturnConcretePublishers() {
        let doubled: Just<Int> = Just(2).map { $0 * 2 }
        XCTAssertEqual(doubled.output, 4)
        let kept: Optional<Int>.Publisher = Just(3).filter { $0 > 5 }
        XCTAssertNil(kept.output)
        let typed: Result<Int, TestError>.Publisher = Just(1).setFailureType(to: TestError.self)
        XCTAssertEqual(try typed.result.get(), 1)
        XCTAssertEqual(Just(9).count().output, 1)
        XCTAssertEqual(Just(9).collect().output, [9])
        XCTAssertEqual(Just(4).contains(4).output, true)
        XCTAssertEqual(Just(4).reduce(10, +).result, .success(14))
        XCTAssertNil(Just(4).dropFirst().output)
    }

    func testTryMapCapturesThrownError() {
        let failed = Just(1).tryMap { _ -> Int in throw TestError("no") }
        var completion: Subscribers.Completion<Error>?
        _ = failed.sink(receiveCompletion: { completion = $0 }, receiveValue: { _ in XCTFail("no value expected") })
        guard case .failure(let error as TestError)? = completion else { return XCTFail("expected failure") }
        XCTAssertEqual(error, TestError("no"))
    }

    func testJustIsEquatable() {
        XCTAssertEqual(Just(1), Just(1))
        XCTAssertNotEqual(Just(1), Just(2))
    }

    func testJustsSubscriptionShowsItsValueToReflection() throws {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        Just(42).subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)
        XCTAssertEqual(String(describing: subscription), "Just")
        XCTAssertEqual((subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String,
                       "Just")
        XCTAssertEqual(Mirror(reflecting: subscription).children.map { $0.value as? Int }, [42])
    }

    func testJustsOutputInRangeKeepsTheValueForARangeStartingAtZero() {
        XCTAssertEqual(Just(12).output(in: 0..<10).output, 12)
        XCTAssertEqual(Just(12).output(in: 0..<0).output, 12)
        XCTAssertNil(Just(12).output(in: -10..<10).output)
        XCTAssertNil(Just(12).output(in: 1...3).output)
    }

    func testJustsTryRemoveDuplicatesCallsThePredicateOnce() {
        var calls = 0
        let result = Just(4).tryRemoveDuplicates { (_: Int, _: Int) throws -> Bool in
            calls += 1
            throw TestError("no")
        }.result
        XCTAssertThrowsError(try result.get())
        XCTAssertEqual(calls, 1)
        XCTAssertEqual(Just(2).prepend(AnySequence([0, 1])).sequence, [0, 1, 2])
        XCTAssertEqual(Just(2).append(AnySequence([3])).sequence, [2, 3])
    }
}

final class EmptyAndFailTests: XCTestCase {
    func testEmptyFinishesAtOnceWithoutDemand() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        Empty<Int, Never>().subscribe(subscriber)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "finished"])
    }

    func testEmptyThatNeverCompletes() {
        let subscriber = RecordingSubscriber<Int, Never>()
        Empty<Int, Never>(completeImmediately: false).subscribe(subscriber)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription"])
        XCTAssertEqual(Empty<Int, Never>(completeImmediately: false), Empty(completeImmediately: false,
            outputType: Int.self, failureType: Never.self))
    }

    func testFailFailsAtOnceWithoutDemand() {
        let subscriber = RecordingSubscriber<Int, TestError>(initialDemand: .none)
        Fail<Int, TestError>(error: TestError("x")).subscribe(subscriber)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "failure(x)"])
        XCTAssertEqual(Fail(outputType: Int.self, failure: TestError("y")).error, TestError("y"))
    }
}

final class DeferredTests: XCTestCase {
    func testDeferredCreatesOnePublisherPerSubscriber() {
        var made = 0
        let deferred = Deferred { () -> Just<Int> in
            made += 1
            return Just(made)
        }
        XCTAssertEqual(made, 0)
        var received: [Int] = []
        _ = deferred.sink { received.append($0) }
        _ = deferred.sink { received.append($0) }
        XCTAssertEqual(made, 2)
        XCTAssertEqual(received, [1, 2])
    }
}
