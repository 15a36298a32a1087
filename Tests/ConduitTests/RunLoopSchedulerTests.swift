import Conduit
import Foundation
import XCTest

/// An object whose release a test watches through a weak reference.
private final class Token: @unchecked Sendable {}

final class RunLoopSchedulerTests: XCTestCase {
    func testTimeTypeMeasuresInSecondsAndRoundTripsThroughCodable() throws {
        let start = RunLoop.SchedulerTimeType(Date(timeIntervalSince1970: 1_000))
        let later = start.advanced(by: .milliseconds(1_500))
        XCTAssertEqual(start.distance(to: later), .seconds(1.5))
        XCTAssertEqual(later.date, Date(timeIntervalSince1970: 1_001.5))
        XCTAssertLessThan(start, later)
        var stride: RunLoop.SchedulerTimeType.Stride = 2
        stride -= .milliseconds(500)
        XCTAssertEqual(stride, 1.5)
        XCTAssertEqual(stride * 2, .seconds(3))
        XCTAssertEqual(RunLoop.SchedulerTimeType.Stride.nanoseconds(250).timeInterval, 0.000_000_25)
        XCTAssertEqual(RunLoop.SchedulerTimeType.Stride(exactly: 3), .seconds(3))
        XCTAssertNil(RunLoop.SchedulerTimeType.Stride(exactly: UInt64.max - 1))
        let decoded = try JSONDecoder().decode(RunLoop.SchedulerTimeType.self, from: JSONEncoder().encode(later))
        XCTAssertEqual(decoded, later)
    }

    func testDelayedActionsRunOnTheRunLoopInDateOrder() {
        let loop = RunLoop.current
        var log: [String] = []
        loop.schedule(after: loop.now.advanced(by: .milliseconds(20))) { log.append("second") }
        loop.schedule(after: loop.now.advanced(by: .milliseconds(10))) { log.append("first") }
        XCTAssertEqual(log, [], "nothing runs before the run loop does")
        runCurrentRunLoop(until: { log.count == 2 })
        XCTAssertEqual(log, ["first", "second"])
    }

    func testDelayedActionIsLetGoOnceItHasRun() {
        let loop = RunLoop.current
        weak var released: Token?
        var ran = false
        do {
            let token = Token()
            released = token
            loop.schedule(after: loop.now) { _ = token; ran = true }
        }
        runCurrentRunLoop(until: { ran })
        XCTAssertTrue(ran)
        XCTAssertNil(released, "the run loop keeps nothing of an action that has run")
    }

    func testCancelledRepeatingActionStopsAndIsLetGo() {
        let loop = RunLoop.current
        weak var released: Token?
        var ticks = 0
        var cancellable: Cancellable?
        do {
            let token = Token()
            released = token
            cancellable = loop.schedule(after: loop.now, interval: .milliseconds(5)) { _ = token; ticks += 1 }
        }
        runCurrentRunLoop(until: { ticks >= 2 })
        XCTAssertGreaterThanOrEqual(ticks, 2)
        cancellable?.cancel()
        let count = ticks
        XCTAssertNil(released, "cancelling lets the action go")
        RunLoop.current.run(until: Date().addingTimeInterval(0.03))
        XCTAssertEqual(ticks, count, "nothing runs after cancel")
    }

    func testActionScheduledFromAnotherThreadRunsOnThisRunLoop() {
        final class Box: @unchecked Sendable { var ranHere = false }
        let box = Box()
        let scheduled = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let loop = RunLoop.current
        DispatchQueue.global().async {
            loop.schedule(after: loop.now) { box.ranHere = RunLoop.current === loop }
            scheduled.signal()
        }
        scheduled.wait()
        runCurrentRunLoop(until: { box.ranHere })
        XCTAssertTrue(box.ranHere)
    }

    /// Runs the current run loop until `condition` holds, or for at most `limit` seconds (a limit
    /// that only turns a hang into a failure).
    private func runCurrentRunLoop(until condition: () -> Bool, limit: TimeInterval = 10) {
        let deadline = Date().addingTimeInterval(limit)
        while !condition(), Date() < deadline {
            RunLoop.current.run(until: Date().addingTimeInterval(0.01))
        }
    }
}
