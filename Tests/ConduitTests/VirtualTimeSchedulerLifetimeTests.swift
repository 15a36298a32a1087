import Conduit
import ConduitTesting
import XCTest

/// What a `VirtualTimeScheduler` and the cancellables of its repeating actions keep alive: a kept
/// cancellable does not keep the scheduler, the scheduler's end lets go of every waiting action,
/// and a debounce chain that is cancelled while its timer waits is freed with its scheduler.
final class VirtualTimeSchedulerLifetimeTests: XCTestCase {
    /// An object whose release a test watches through a weak reference.
    private final class Token: @unchecked Sendable {}

    func testAKeptRepeatingCancellableDoesNotKeepTheSchedulerOrItsAction() {
        weak var released: VirtualTimeScheduler?
        weak var capture: Token?
        var kept: Cancellable?
        do {
            let scheduler = VirtualTimeScheduler()
            let token = Token()
            capture = token
            kept = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { _ = token }
            released = scheduler
            XCTAssertEqual(scheduler.pendingActionCount, 1)
        }
        XCTAssertNil(released, "the cancellable does not keep the scheduler")
        XCTAssertNil(capture, "the scheduler's end lets go of the action it was still holding")
        kept?.cancel()
        kept = nil
    }

    func testCancellingARepeatTwiceOrAfterItsSchedulerIsGoneDoesNothing() {
        var ticks = 0
        var kept: Cancellable?
        do {
            let scheduler = VirtualTimeScheduler()
            let first = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { ticks += 1 }
            let second = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { ticks += 10 }
            first.cancel()
            first.cancel()
            scheduler.advance(by: .seconds(1))
            XCTAssertEqual(ticks, 20, "only the second repeats, at 0s and 1s")
            XCTAssertEqual(scheduler.pendingActionCount, 1)
            kept = second
        }
        kept?.cancel()
        kept?.cancel()
        XCTAssertEqual(ticks, 20)
    }

    func testLettingGoOfARepeatingCancellableStopsTheRepeats() {
        let scheduler = VirtualTimeScheduler()
        var ticks = 0
        do {
            _ = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { ticks += 1 }
        }
        XCTAssertEqual(scheduler.pendingActionCount, 0)
        scheduler.advance(by: .seconds(3))
        XCTAssertEqual(ticks, 0)
    }

    func testADebounceCancelledWhileItsTimerWaitsIsFreedWithItsScheduler() {
        weak var scheduler: VirtualTimeScheduler?
        weak var subject: PassthroughSubject<Int, Never>?
        var values: [Int] = []
        do {
            let clock = VirtualTimeScheduler()
            let source = PassthroughSubject<Int, Never>()
            scheduler = clock
            subject = source
            let cancellable = source.debounce(for: .seconds(1), scheduler: clock).sink { values.append($0) }
            source.send(1)
            XCTAssertEqual(clock.pendingActionCount, 1, "the timer waits")
            cancellable.cancel()
            XCTAssertEqual(clock.pendingActionCount, 0, "cancelling stops the timer")
            clock.advance(by: .seconds(2))
        }
        XCTAssertEqual(values, [])
        XCTAssertNil(scheduler, "nothing holds the scheduler once the chain is cancelled")
        XCTAssertNil(subject)
    }

    func testTheTimerThatSentADebouncedValueIsCancelledBeforeTheValueArrives() {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, Never>()
        var pendingWhenDelivered: [Int] = []
        let cancellable = subject.debounce(for: .seconds(1), scheduler: scheduler).sink { _ in
            pendingWhenDelivered.append(scheduler.pendingActionCount)
        }
        subject.send(1)
        scheduler.advance(by: .seconds(5))
        subject.send(2)
        scheduler.advance(by: .seconds(5))
        XCTAssertEqual(pendingWhenDelivered, [0, 0], "each timer is cancelled (it never repeats) before its value")
        XCTAssertEqual(scheduler.pendingActionCount, 0)
        cancellable.cancel()
    }
}
