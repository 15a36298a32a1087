import Conduit
import ConduitTesting
import Foundation
import XCTest

/// `debounce` on a `VirtualTimeScheduler` advanced on another thread than the one sending or
/// cancelling: whatever the interleaving, a value goes out at most once and in order, nothing
/// arrives once the chain is cancelled and the clock has run, and no timer is left behind.
final class DebounceConcurrencyTests: XCTestCase {
    /// The values a sink received, from whichever thread delivered them.
    private final class Record: @unchecked Sendable {
        private let lock = NSLock()
        private var received: [Int] = []

        func append(_ value: Int) {
            lock.withLock { received.append(value) }
        }

        var values: [Int] {
            lock.withLock { received }
        }
    }

    func testCancelRacingTheTimerFiringDeliversAtMostOnceAndLeavesNoTimer() {
        for round in 0..<200 {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, Never>()
            let record = Record()
            let cancellable = subject.debounce(for: .nanoseconds(10), scheduler: scheduler)
                .sink { record.append($0) }
            subject.send(round)
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                scheduler.advance(by: .nanoseconds(20))
            }
            cancellable.cancel()
            group.wait()
            XCTAssertLessThanOrEqual(record.values.count, 1, "round \(round)")
            XCTAssertTrue(record.values.allSatisfy { $0 == round }, "round \(round)")
            XCTAssertEqual(scheduler.pendingActionCount, 0, "the timer fired and was cancelled, or was cancelled")
            let delivered = record.values
            subject.send(round + 1)
            scheduler.advance(by: .seconds(1))
            XCTAssertEqual(record.values, delivered, "nothing arrives after the cancel, round \(round)")
        }
    }

    func testValuesRacingTheTimersGoOutOnceInOrderAndTheLastOneGoesOut() {
        for round in 0..<20 {
            let scheduler = VirtualTimeScheduler()
            let subject = PassthroughSubject<Int, Never>()
            let record = Record()
            let cancellable = subject.debounce(for: .nanoseconds(10), scheduler: scheduler)
                .sink { record.append($0) }
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                for _ in 0..<300 { scheduler.advance(by: .nanoseconds(7)) }
            }
            for value in 1...300 { subject.send(value) }
            group.wait()
            scheduler.advance(by: .seconds(1))
            let values = record.values
            XCTAssertEqual(values, values.sorted(), "in order, round \(round)")
            XCTAssertEqual(Set(values).count, values.count, "each value at most once, round \(round)")
            XCTAssertEqual(values.last, 300, "the last value goes out once the clock moves on, round \(round)")
            XCTAssertEqual(scheduler.pendingActionCount, 0, "no timer left behind, round \(round)")
            cancellable.cancel()
        }
    }
}
