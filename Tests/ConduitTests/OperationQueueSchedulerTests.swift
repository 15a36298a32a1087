import Conduit
import Foundation
import XCTest

/// A thread-safe list for tests that record from the queue's threads.
private final class LockedLog<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Element] = []
    var values: [Element] { lock.withLock { items } }
    func append(_ item: Element) { lock.withLock { items.append(item) } }
}

final class OperationQueueSchedulerTests: XCTestCase {
    private func serialQueue() -> OperationQueue {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        return queue
    }

    func testTimeTypeMeasuresInSecondsAndRoundTripsThroughCodable() throws {
        let start = OperationQueue.SchedulerTimeType(Date(timeIntervalSince1970: 1_000))
        let later = start.advanced(by: .milliseconds(1_500))
        XCTAssertEqual(start.distance(to: later), .seconds(1.5))
        XCTAssertEqual(later.date, Date(timeIntervalSince1970: 1_001.5))
        XCTAssertLessThan(start, later)
        XCTAssertEqual(OperationQueue.SchedulerTimeType.Stride.seconds(2) - .milliseconds(500), 1.5)
        XCTAssertEqual(OperationQueue.SchedulerTimeType.Stride.microseconds(250).timeInterval, 0.000_25)
        XCTAssertEqual(OperationQueue.SchedulerTimeType.Stride(exactly: 3), .seconds(3))
        let decoded = try JSONDecoder().decode(OperationQueue.SchedulerTimeType.self, from: JSONEncoder().encode(later))
        XCTAssertEqual(decoded, later)
        XCTAssertEqual(Set([start, later, start]).count, 2)
    }

    func testActionsRunOnTheQueueInTheOrderScheduled() {
        let queue = serialQueue()
        let log = LockedLog<Int>()
        let onQueue = ManagedCounter()
        for number in 1...20 {
            queue.schedule {
                if OperationQueue.current === queue { onQueue.increment() }
                log.append(number)
            }
        }
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertEqual(log.values, Array(1...20))
        XCTAssertEqual(onQueue.value, 20)
    }

    func testDelayedActionRunsOnTheQueueNotBeforeItsDate() {
        let queue = serialQueue()
        let ran = expectation(description: "ran")
        let due = queue.now.advanced(by: .milliseconds(50))
        let log = LockedLog<String>()
        queue.schedule(after: due) {
            log.append(Date() >= due.date ? "on time" : "early")
            log.append(OperationQueue.current === queue ? "on queue" : "elsewhere")
            ran.fulfill()
        }
        queue.schedule { log.append("immediate") }
        wait(for: [ran], timeout: 10)
        XCTAssertEqual(log.values, ["immediate", "on time", "on queue"])
    }

    func testDelayedActionsRunInTheOrderOfTheirDates() {
        let queue = serialQueue()
        let done = expectation(description: "all ran")
        done.expectedFulfillmentCount = 3
        let log = LockedLog<String>()
        let now = queue.now
        queue.schedule(after: now.advanced(by: .milliseconds(120)), tolerance: .zero, options: nil) { log.append(
            "c"); done.fulfill() }
        queue.schedule(after: now.advanced(by: .milliseconds(20))) { log.append("a"); done.fulfill() }
        queue.schedule(after: now.advanced(by: .milliseconds(70))) { log.append("b"); done.fulfill() }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.values, ["a", "b", "c"])
    }

    func testRepeatingActionStopsWhenItsCancellableIsCancelled() {
        let queue = serialQueue()
        let runs = ManagedCounter()
        let threeRuns = expectation(description: "three runs")
        threeRuns.assertForOverFulfill = false
        let cancellable = queue.schedule(after: queue.now, interval: .milliseconds(10)) {
            runs.increment()
            if runs.value >= 3 { threeRuns.fulfill() }
        }
        wait(for: [threeRuns], timeout: 10)
        cancellable.cancel()
        // Let a tick that was already on its way land, then check that no other one comes.
        Thread.sleep(forTimeInterval: 0.05)
        queue.waitUntilAllOperationsAreFinished()
        let afterCancel = runs.value
        Thread.sleep(forTimeInterval: 0.1)
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertGreaterThanOrEqual(afterCancel, 3)
        XCTAssertEqual(runs.value, afterCancel)
    }

    func testReceiveOnDeliversEveryValueOnTheQueueInOrder() {
        let queue = serialQueue()
        let done = expectation(description: "finished")
        let values = LockedLog<Int>()
        let offQueue = ManagedCounter()
        let cancellable = (1...100).publisher
            .map { $0 * 2 }
            .receive(on: queue)
            .sink(receiveCompletion: { _ in
                if OperationQueue.current !== queue { offQueue.increment() }
                done.fulfill()
            }, receiveValue: { value in
                if OperationQueue.current !== queue { offQueue.increment() }
                values.append(value)
            })
        wait(for: [done], timeout: 10)
        XCTAssertEqual(values.values, (1...100).map { $0 * 2 })
        XCTAssertEqual(offQueue.value, 0)
        cancellable.cancel()
    }

    func testDebounceOnAnOperationQueueSendsTheLastValue() {
        let queue = serialQueue()
        let subject = PassthroughSubject<Int, Never>()
        let done = expectation(description: "value")
        let values = LockedLog<Int>()
        let cancellable = subject.debounce(for: .milliseconds(30), scheduler: queue).sink { value in
            values.append(value)
            if value == 3 { done.fulfill() }
        }
        subject.send(1)
        subject.send(2)
        subject.send(3)
        wait(for: [done], timeout: 10)
        // Sent within 30 ms, only 3 goes out; a sender descheduled for longer between two sends
        // (a loaded machine) lets an earlier one out too. Either way the last value ends it, once.
        XCTAssertEqual(values.values.last, 3)
        XCTAssertEqual(values.values, Array(Set(values.values)).sorted())
        cancellable.cancel()
    }
}
