import Conduit
import ConduitTesting
import Foundation
import XCTest

final class VirtualTimeSchedulerTests: XCTestCase {
    func testActionsRunInTimeOrderOnlyWhenAdvanced() {
        let scheduler = VirtualTimeScheduler()
        var log: [String] = []
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(20))) { log.append("b") }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(10))) { log.append("a") }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(20))) { log.append("c") }
        XCTAssertEqual(log, [])
        scheduler.advance(by: .milliseconds(15))
        XCTAssertEqual(log, ["a"])
        XCTAssertEqual(scheduler.now.description, "15ms")
        scheduler.advance(by: .milliseconds(5))
        XCTAssertEqual(log, ["a", "b", "c"])
    }

    func testRepeatingActionStopsWhenCancelled() {
        let scheduler = VirtualTimeScheduler()
        var ticks = 0
        let cancellable = scheduler.schedule(after: scheduler.now, interval: .seconds(1)) { ticks += 1 }
        scheduler.advance(by: .seconds(3))
        XCTAssertEqual(ticks, 4)
        cancellable.cancel()
        scheduler.advance(by: .seconds(3))
        XCTAssertEqual(ticks, 4)
    }

    func testRunDrainsEverything() {
        let scheduler = VirtualTimeScheduler()
        var done = false
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(60))) { done = true }
        scheduler.run()
        XCTAssertTrue(done)
        XCTAssertEqual(scheduler.now.description, "60s")
    }

    func testAdvanceWithALimitStopsAtTheLastActionRunAndGoesOnLater() {
        let scheduler = VirtualTimeScheduler()
        var ticks = 0
        let cancellable = scheduler.schedule(after: scheduler.now.advanced(by: .nanoseconds(1)), interval: .nanoseconds(
            1)) { ticks += 1 }
        XCTAssertFalse(scheduler.advance(to: scheduler.now.advanced(by: .seconds(1)), limit: 1_000))
        XCTAssertEqual(ticks, 1_000)
        XCTAssertEqual(scheduler.now.nanoseconds, 1_000, "the clock stays at the last action run")
        cancellable.cancel()
        XCTAssertTrue(scheduler.advance(to: scheduler.now.advanced(by: .seconds(1)), limit: 1_000))
        XCTAssertEqual(ticks, 1_000)
        XCTAssertEqual(scheduler.now.nanoseconds, 1_000_001_000)
    }

    func testARepeatPastTheEndOfTimeNeverComes() {
        let scheduler = VirtualTimeScheduler()
        var ticks = 0
        let cancellable = scheduler.schedule(after: scheduler.now.advanced(by: .nanoseconds(Int.max - 10)),
            interval: .seconds(1)) { ticks += 1 }
        scheduler.advance(to: .init(nanoseconds: .max))
        XCTAssertEqual(ticks, 1)
        XCTAssertEqual(scheduler.pendingActionCount, 0)
        cancellable.cancel()
    }
}

final class TimeOperatorTests: XCTestCase {
    func testDebounceEmitsOnlyAfterTheQuietInterval() {
        Marbles.validate("abcd----e---f-g----|", { $0.debounce(for: .milliseconds(30),
            scheduler: $1).eraseToAnyPublisher() },
                         expected: "------d----e-----g-|")
    }

    func testThrottleLatestEmitsFirstThenLatestPerWindow() {
        Marbles.validate("abcd----e---f-g----|", { $0.throttle(for: .milliseconds(30), scheduler: $1,
            latest: true).eraseToAnyPublisher() },
                         expected: "a--c--d--e--f--g---|")
    }

    func testThrottleFirstEmitsFirstOfEachWindow() {
        Marbles.validate("abcd----e---f-g----|", { $0.throttle(for: .milliseconds(30), scheduler: $1,
            latest: false).eraseToAnyPublisher() },
                         expected: "a--b--d--e--f--g---|")
    }

    func testDelayKeepsOrderAndDelaysCompletion() {
        Marbles.validate("ab-c|", { $0.delay(for: .milliseconds(20), scheduler: $1).eraseToAnyPublisher() },
                         expected: "--ab-c|")
    }

    func testTimeoutFinishesWhenUpstreamIsQuiet() {
        Marbles.validate("a-b------c", { $0.timeout(.milliseconds(30), scheduler: $1).eraseToAnyPublisher() },
                         expected: "a-b--|")
    }

    func testTimeoutFailsWithCustomError() {
        Marbles.validate("a------", { $0.timeout(.milliseconds(20), scheduler: $1,
            customError: { TestError() }).eraseToAnyPublisher() },
                         expected: "a-#")
    }

    func testReceiveOnMovesDeliveryToTheSchedulerInOrder() {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.receive(on: scheduler).sink { received.append($0) }
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(received, [])
        scheduler.advance()
        XCTAssertEqual(received, [1, 2])
        cancellable.cancel()
    }

    func testReceiveOnDispatchQueueDeliversOnThatQueue() {
        let queue = DispatchQueue(label: "conduit.test.receive")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let done = expectation(description: "delivered")
        let onQueue = ManagedCounter()
        let cancellable = (1...50).publisher.receive(on: queue).sink(receiveCompletion: { _ in done.fulfill() }) { _ in
            if DispatchQueue.getSpecific(key: key) == 7 { onQueue.increment() }
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(onQueue.value, 50)
        cancellable.cancel()
    }

    func testSubscribeOnMovesSubscriptionToTheScheduler() {
        let scheduler = VirtualTimeScheduler()
        var subscribed = false
        let publisher = Deferred { () -> Just<Int> in
            subscribed = true
            return Just(1)
        }
        var received: [Int] = []
        let cancellable = publisher.subscribe(on: scheduler).sink { received.append($0) }
        XCTAssertFalse(subscribed)
        scheduler.advance()
        XCTAssertTrue(subscribed)
        scheduler.advance()
        XCTAssertEqual(received, [1])
        cancellable.cancel()
    }

    func testMeasureIntervalReportsTheGaps() {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<Void, Never>()
        var gaps: [Int] = []
        let cancellable = subject.measureInterval(using: scheduler).sink { gaps.append($0.magnitude / 1_000_000) }
        scheduler.advance(by: .milliseconds(100))
        subject.send()
        scheduler.advance(by: .milliseconds(250))
        subject.send()
        XCTAssertEqual(gaps, [100, 250])
        cancellable.cancel()
    }

    func testDebounceDropsValuesWithoutDemand() {
        let scheduler = VirtualTimeScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        subject.debounce(for: .milliseconds(10), scheduler: scheduler).subscribe(subscriber)
        subject.send(1)
        scheduler.advance(by: .milliseconds(10))
        subscriber.request(.max(1))
        subject.send(2)
        scheduler.advance(by: .milliseconds(10))
        XCTAssertEqual(subscriber.values, [2])
    }
}
