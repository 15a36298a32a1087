// Programs that put Combine's schedulers to work the way apps do: timers on a background
// thread's run loop, repeating scheduled work, OperationQueue (serial and concurrent) as a
// scheduler, subscribe(on:) a background queue with receive(on:) the main queue, timeouts and
// byTime collections on the main run loop. Swift 5 language mode.
import Conduit
import Foundation
import XCTest

final class SchedulerProgramsTests: XCTestCase {
    func testTimerOnABackgroundThreadsRunLoop() {
        final class Log {
            var ticks: [Date] = []
            var finished = false
            var threadWasMain = true
        }
        let log = Log()
        let done = expectation(description: "thread finished")
        let thread = Thread {
            let cancellable = Timer.publish(every: 0.01, on: .current, in: .default)
                .autoconnect()
                .prefix(3)
                .sink(receiveCompletion: { _ in log.finished = true }, receiveValue: {
                    log.ticks.append($0)
                    log.threadWasMain = Thread.isMainThread
                })
            let deadline = Date().addingTimeInterval(3)
            while !log.finished && Date() < deadline {
                _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.01))
            }
            cancellable.cancel()
            done.fulfill()
        }
        thread.start()
        wait(for: [done], timeout: 5)
        XCTAssertEqual(log.ticks.count, 3)
        XCTAssertTrue(log.finished)
        XCTAssertFalse(log.threadWasMain)
        XCTAssertEqual(log.ticks, log.ticks.sorted())
    }

    func testRepeatingScheduledWorkStopsWhenCancelled() {
        let queue = DispatchQueue(label: "compat.repeat")
        var runs = 0
        let threeRuns = expectation(description: "three runs")
        var token: Cancellable?
        // Scheduled from the queue itself, so `token` is written before any run can read it.
        queue.sync {
            token = queue.schedule(after: queue.now.advanced(by: .milliseconds(5)), interval: .milliseconds(5)) {
                runs += 1
                if runs == 3 {
                    token?.cancel()
                    threeRuns.fulfill()
                }
            }
        }
        wait(for: [threeRuns], timeout: 5)
        queue.asyncAfter(deadline: .now() + 0.05) {}
        queue.sync {}
        Thread.sleep(forTimeInterval: 0.03)
        XCTAssertEqual(queue.sync { runs }, 3)

        var mainRuns = 0
        let mainTwice = expectation(description: "two runs on the main run loop")
        var mainToken: Cancellable?
        mainToken = RunLoop.main.schedule(after: RunLoop.main.now.advanced(by: 0.005), interval: 0.005) {
            mainRuns += 1
            if mainRuns == 2 {
                mainToken?.cancel()
                mainTwice.fulfill()
            }
        }
        wait(for: [mainTwice], timeout: 5)
        let settle = expectation(description: "settle")
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.03) { settle.fulfill() }
        wait(for: [settle], timeout: 5)
        XCTAssertEqual(mainRuns, 2)
    }

    func testOperationQueuesAsSchedulers() {
        let serial = OperationQueue()
        serial.maxConcurrentOperationCount = 1
        let concurrent = OperationQueue()
        var serialValues: [Int] = []
        var concurrentValues: [Int] = []
        let lock = NSLock()
        let done = expectation(description: "both finished")
        done.expectedFulfillmentCount = 2
        let a = (1...200).publisher
            .receive(on: serial)
            .sink(receiveCompletion: { _ in done.fulfill() }, receiveValue: { serialValues.append($0) })
        let b = (1...200).publisher
            .receive(on: concurrent)
            .sink(receiveCompletion: { _ in done.fulfill() },
                  receiveValue: { value in lock.lock(); concurrentValues.append(value); lock.unlock() })
        wait(for: [done], timeout: 10)
        XCTAssertEqual(serialValues, Array(1...200))
        XCTAssertEqual(concurrentValues, Array(1...200), "receive(on:) keeps the order on a concurrent queue too")
        a.cancel()
        b.cancel()

        var onMain: [Bool] = []
        let main = expectation(description: "main operation queue")
        let c = Just(1)
            .delay(for: .milliseconds(5), scheduler: OperationQueue.main)
            .sink { _ in onMain.append(Thread.isMainThread); main.fulfill() }
        wait(for: [main], timeout: 5)
        XCTAssertEqual(onMain, [true])
        c.cancel()
    }

    func testWorkOnABackgroundQueueResultOnTheMainQueue() {
        var results: [String] = []
        var workThreads: [Bool] = []
        let done = expectation(description: "result on main")
        let lock = NSLock()
        let c = Deferred { () -> Just<Int> in
            lock.lock(); workThreads.append(Thread.isMainThread); lock.unlock()
            return Just(21)
        }
        .subscribe(on: DispatchQueue.global(qos: .userInitiated))
        .map { $0 * 2 }
        .receive(on: DispatchQueue.main)
        .sink { value in
            results.append("\(value) on main: \(Thread.isMainThread)")
            done.fulfill()
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(results, ["42 on main: true"])
        XCTAssertEqual(workThreads, [false], "the work ran on the background queue")
        c.cancel()
    }

    func testTimeoutAndCollectByTimeOnTheMainRunLoop() {
        enum Slow: Error { case timedOut }
        let never = PassthroughSubject<Int, Slow>()
        var completion: Subscribers.Completion<Slow>?
        let timedOut = expectation(description: "timed out")
        let a = never
            .timeout(.milliseconds(20), scheduler: RunLoop.main, customError: { .timedOut })
            .sink(receiveCompletion: { completion = $0; timedOut.fulfill() }, receiveValue: { _ in })
        wait(for: [timedOut], timeout: 5)
        if case .failure(.timedOut)? = completion {} else { XCTFail(
            "expected the custom error, got \(String(describing: completion))") }
        a.cancel()

        let quiet = PassthroughSubject<Int, Never>()
        var finishedQuietly = false
        let finished = expectation(description: "finished")
        let b = quiet
            .timeout(.milliseconds(20), scheduler: DispatchQueue.main)
            .sink(receiveCompletion: { _ in finishedQuietly = true; finished.fulfill() }, receiveValue: { _ in })
        wait(for: [finished], timeout: 5)
        XCTAssertTrue(finishedQuietly, "without customError a timeout finishes normally")
        b.cancel()

        let subject = PassthroughSubject<Int, Never>()
        var batches: [[Int]] = []
        let gotBatch = expectation(description: "batch")
        let c = subject
            .collect(.byTime(RunLoop.main, .milliseconds(30)))
            .sink { batch in
                batches.append(batch)
                if batches.count == 1 { gotBatch.fulfill() }
            }
        subject.send(1)
        subject.send(2)
        subject.send(3)
        wait(for: [gotBatch], timeout: 5)
        XCTAssertEqual(batches.first, [1, 2, 3])
        c.cancel()
    }

    func testTimeGroupedCollectionsFlushWhatIsLeftOnCompletion() {
        let subject = PassthroughSubject<Int, Never>()
        var groups: [[Int]] = []
        var finished = false
        let done = expectation(description: "finished")
        let c = subject
            .collect(.byTimeOrCount(DispatchQueue.main, .seconds(10), 3))
            .sink(receiveCompletion: { _ in finished = true; done.fulfill() }, receiveValue: { groups.append($0) })
        for value in 1...5 { subject.send(value) }
        subject.send(completion: .finished)
        wait(for: [done], timeout: 5)
        XCTAssertEqual(groups, [[1, 2, 3], [4, 5]], "the count fills a group; completion flushes the rest")
        XCTAssertTrue(finished)
        c.cancel()

        var delayed: [String] = []
        let delayedDone = expectation(description: "delayed completion")
        let d = [1, 2].publisher
            .delay(for: .milliseconds(10), scheduler: DispatchQueue.main)
            .sink(receiveCompletion: { _ in delayed.append("finished"); delayedDone.fulfill() },
                  receiveValue: { delayed.append("\($0)") })
        XCTAssertEqual(delayed, [], "values and completion wait for the delay")
        wait(for: [delayedDone], timeout: 5)
        XCTAssertEqual(delayed, ["1", "2", "finished"])
        d.cancel()
    }

    func testTimeoutDeliversOnItsScheduler() {
        let subject = PassthroughSubject<Int, Never>()
        var deliveries: [String] = []
        let done = expectation(description: "value and completion")
        let c = subject
            .timeout(.seconds(5), scheduler: DispatchQueue.main)
            .sink(receiveCompletion: { _ in
                deliveries.append("finished on main: \(Thread.isMainThread)")
                done.fulfill()
            }, receiveValue: { value in
                deliveries.append("\(value) on main: \(Thread.isMainThread)")
            })
        DispatchQueue.global().async {
            subject.send(1)
            subject.send(2)
            subject.send(completion: .finished)
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(deliveries, ["1 on main: true", "2 on main: true", "finished on main: true"],
                       "documented: the scheduler to deliver events on")
        c.cancel()
    }

    func testStrideLiteralsAndConversions() {
        let half: DispatchQueue.SchedulerTimeType.Stride = 0.5
        let two: DispatchQueue.SchedulerTimeType.Stride = 2
        XCTAssertEqual(half, .milliseconds(500))
        XCTAssertEqual(two, .seconds(2))
        XCTAssertEqual(half.magnitude, 500_000_000)
        XCTAssertEqual(DispatchQueue.SchedulerTimeType.Stride.seconds(1.5), .milliseconds(1_500))
        XCTAssertTrue(DispatchQueue.SchedulerTimeType.Stride.microseconds(1) < .milliseconds(1))
        let runLoopHalf: RunLoop.SchedulerTimeType.Stride = 0.5
        XCTAssertEqual(runLoopHalf.timeInterval, 0.5)
        XCTAssertEqual(RunLoop.SchedulerTimeType.Stride.milliseconds(250).magnitude, 0.25)
        let opStride: OperationQueue.SchedulerTimeType.Stride = .seconds(3)
        XCTAssertEqual(opStride.timeInterval, 3)
        let now = DispatchQueue.main.now
        XCTAssertEqual(now.distance(to: now.advanced(by: .seconds(1))), .seconds(1))
        let date = RunLoop.main.now
        XCTAssertEqual(date.advanced(by: 2).date.timeIntervalSince(date.date), 2, accuracy: 0.000_001)
        XCTAssertEqual(ImmediateScheduler.shared.now.advanced(by: 5).distance(to: ImmediateScheduler.shared.now), .zero,
                       "documented: the distance between immediate scheduler times is always 0")
    }
}
