import Conduit
import ConduitTesting
import XCTest

/// A chain that nobody holds and nobody cancelled stays alive while a time operator has an action
/// pending on its scheduler, as in Combine: subscribing a bare `Subscribers.Sink` (no
/// `AnyCancellable` kept) to `delay`, `debounce`, `timeout` or `receive(on:)` still delivers.
final class PendingActionLifetimeTests: XCTestCase {
    /// What an unheld sink received, kept outside the chain.
    private final class Record: @unchecked Sendable {
        var values: [Int] = []
        var completions = 0
    }

    private func unheldSink(_ record: Record) -> Subscribers.Sink<Int, Never> {
        Subscribers.Sink(
            receiveCompletion: { _ in record.completions += 1 },
            receiveValue: { record.values.append($0) }
        )
    }

    func testDelayedValueReachesASinkThatNobodyHolds() {
        let scheduler = VirtualTimeScheduler()
        let record = Record()
        Just(7).delay(for: .seconds(1), scheduler: scheduler).subscribe(unheldSink(record))
        XCTAssertEqual(record.values, [])
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(record.values, [7])
        XCTAssertEqual(record.completions, 1)
    }

    func testDebouncedValueReachesASinkAfterItsSubjectIsGone() {
        let scheduler = VirtualTimeScheduler()
        let record = Record()
        do {
            let subject = PassthroughSubject<Int, Never>()
            subject.debounce(for: .seconds(1), scheduler: scheduler).subscribe(unheldSink(record))
            subject.send(5)
        }
        scheduler.advance(by: .seconds(2))
        XCTAssertEqual(record.values, [5])
    }

    func testTimeoutStillEndsAStreamWhoseSubjectIsGone() {
        let scheduler = VirtualTimeScheduler()
        let record = Record()
        do {
            let subject = PassthroughSubject<Int, Never>()
            subject.timeout(.seconds(1), scheduler: scheduler).subscribe(unheldSink(record))
        }
        XCTAssertEqual(record.completions, 0)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(record.completions, 1)
    }

    func testReceiveOnDeliversToASinkThatNobodyHolds() {
        let scheduler = VirtualTimeScheduler()
        let record = Record()
        [1, 2].publisher.receive(on: scheduler).subscribe(unheldSink(record))
        XCTAssertEqual(record.values, [])
        scheduler.advance()
        XCTAssertEqual(record.values, [1, 2])
        XCTAssertEqual(record.completions, 1)
    }

    func testCancelledDelayFreesTheChainBeforeItsActionRuns() {
        let scheduler = VirtualTimeScheduler()
        let record = Record()
        weak var weakSink: Subscribers.Sink<Int, Never>?
        do {
            let sink = unheldSink(record)
            weakSink = sink
            Just(7).delay(for: .seconds(1), scheduler: scheduler).subscribe(sink)
            sink.cancel()
        }
        XCTAssertNil(weakSink, "a cancelled chain is freed at once (Combine waits for the action)")
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(record.values, [])
    }
}
