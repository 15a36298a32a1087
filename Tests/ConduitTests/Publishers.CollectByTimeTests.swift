import Conduit
import ConduitTesting
import XCTest

/// `collect(.byTime)` and `collect(.byTimeOrCount)` as marble diagrams (one character per 10ms):
/// each array that comes out is drawn as its letters, so `(ab)` is one array [a, b].
final class CollectByTimeTests: XCTestCase {
    private func byTime(_ interval: Int) -> (AnyPublisher<String, TestError>,
        VirtualTimeScheduler) -> AnyPublisher<String, TestError> {
        { $0.collect(.byTime($1, .milliseconds(interval))).map { $0.isEmpty
            ? "0" : $0.joined() }.eraseToAnyPublisher() }
    }

    private func byTimeOrCount(_ interval: Int, _ count: Int) -> (AnyPublisher<String, TestError>,
        VirtualTimeScheduler) -> AnyPublisher<String, TestError> {
        { $0.collect(.byTimeOrCount($1, .milliseconds(interval), count)).map { $0.isEmpty
            ? "0" : $0.joined() }.eraseToAnyPublisher() }
    }

    func testByTimeSendsWhatEachIntervalGathered() {
        Marbles.validate("ab-c---d--|", byTime(30), expected: "---(ab)--c--d|")
    }

    func testByTimeSendsNothingForAnEmptyInterval() {
        Marbles.validate("a-------b----|", byTime(30), expected: "---a-----b---|")
    }

    func testFinishingSendsWhatIsWaitingThenFinishes() {
        Marbles.validate("a------b|", byTime(30), expected: "---a----(b|)")
    }

    func testFailureIsForwardedAndWhatIsWaitingIsDropped() {
        Marbles.validate("a---b#", byTime(30), expected: "---a-#")
    }

    func testByTimeOrCountSendsWhenTheCountIsReachedAndRestartsTheInterval() {
        // [a, b] goes out at 10ms; the next interval then runs 10ms → 40ms, not 0 → 30ms.
        Marbles.validate("abc-----d|", byTimeOrCount(30, 2), expected: "-(ab)--c----(d|)")
    }

    func testByTimeOrCountSendsOnTimeWhenTheCountIsNotReached() {
        Marbles.validate("a-b---cde--|", byTimeOrCount(30, 3), expected: "---(ab)----(cde)--|")
    }

    func testByTimeOrCountNeverSendsMoreThanCount() {
        Marbles.validate("(abcde)---|", byTimeOrCount(30, 2), expected: "(abcd)--e|")
    }

    func testAnIntervalWithoutDemandKeepsItsItemsForTheNextOne() {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = RecordingSubscriber<[Int], Never>(initialDemand: .max(1))
        subject.collect(.byTime(scheduler, .milliseconds(10))).subscribe(subscriber)
        subject.send(1)
        scheduler.advance(by: .milliseconds(10))
        subject.send(2)
        scheduler.advance(by: .milliseconds(10))
        subject.send(3)
        scheduler.advance(by: .milliseconds(10))
        XCTAssertEqual(subscriber.values, [[1]])
        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.values, [[1]], "an array goes out at the end of an interval, not on request")
        scheduler.advance(by: .milliseconds(10))
        XCTAssertEqual(subscriber.values, [[1], [2, 3]])
    }

    /// The demand a subscriber returns from `receive(_:)` reaches the upstream as `count` items
    /// per array, as a request does: without it a subject finds no demand and drops 2 and 3.
    func testByTimeOrCountPassesTheDemandReturnedForAnArrayUpstream() {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = RecordingSubscriber<[Int], Never>(initialDemand: .max(1), demandPerValue: .max(1))
        subject.collect(.byTimeOrCount(scheduler, .seconds(1), 2)).subscribe(subscriber)
        for value in 0..<4 {
            subject.send(value)
            scheduler.advance(by: .milliseconds(10))
        }
        XCTAssertEqual(subscriber.values, [[0, 1], [2, 3]])
    }

    func testByTimeAsksTheUpstreamForEverything() {
        let scheduler = VirtualTimeScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<[Int], Never>(initialDemand: .max(1))
        upstream.collect(.byTime(scheduler, .seconds(1))).subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
    }

    func testByTimeOrCountAsksTheUpstreamForCountItemsPerArray() {
        let scheduler = VirtualTimeScheduler()
        let subscriber = RecordingSubscriber<[Int], Never>(initialDemand: .max(1))
        (1...10).publisher.collect(.byTimeOrCount(scheduler, .seconds(1), 3)).subscribe(subscriber)
        scheduler.advance()
        XCTAssertEqual(subscriber.values, [[1, 2, 3]])
        XCTAssertNil(subscriber.completion)
        subscriber.request(.max(2))
        scheduler.advance()
        XCTAssertEqual(subscriber.values, [[1, 2, 3], [4, 5, 6], [7, 8, 9]])
        subscriber.request(.max(1))
        scheduler.advance()
        XCTAssertEqual(subscriber.values, [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10]])
        XCTAssertEqual(subscriber.completion, .finished)
    }

    func testCancelStopsTheIntervalsAndCancelsTheUpstream() {
        let scheduler = VirtualTimeScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<[Int], Never>()
        upstream.collect(.byTime(scheduler, .milliseconds(10))).subscribe(subscriber)
        XCTAssertEqual(scheduler.pendingActionCount, 1)
        upstream.send(1)
        subscriber.cancel()
        XCTAssertTrue(upstream.subscription.isCancelled)
        XCTAssertEqual(scheduler.pendingActionCount, 0)
        upstream.send(2)
        scheduler.advance(by: .milliseconds(50))
        XCTAssertEqual(subscriber.values, [])
    }

    func testCompletionStopsTheIntervals() {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = RecordingSubscriber<[Int], Never>()
        subject.collect(.byTimeOrCount(scheduler, .milliseconds(10), 5)).subscribe(subscriber)
        subject.send(completion: .finished)
        scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "finished"])
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }
}
