import Dispatch
import Synchronization
import XCTest
@testable import ConduitPlayground

/// One thread holds a session at a time: on the real clock, a timer's sink runs between lines, never
/// in the middle of one, so it never reads what a line is half way through changing (as a run loop
/// runs a timer between two events).
final class SessionOwnerTests: SessionTestCase {
    func testATimersSinkNeverSeesALineHalfDone() {
        let seen = Mutex<[String]>([])
        let arrived = DispatchSemaphore(value: 0)
        session.asynchronousOutput = { record in
            seen.withLock { $0.append(record.text) }
            arrived.signal()
        }
        type("clock real")
        type("var xs: [Int] = []")
        type("let ticks = timer(1ms)")
        type("sink watcher = ticks.map { _ in xs.count }")
        XCTAssertEqual(arrived.wait(timeout: .now() + 10), .success, "no timer output arrived")
        for _ in 0..<6 {
            // Each line appends 5,000 values: long enough for the timer to fall due many times.
            _ = session.evaluate("for i in 0..<5000 { xs.append(i) }")
            usleep(3_000)
        }
        type("cancel watcher")
        session.asynchronousOutput = nil
        let counts = seen.withLock { $0 }.compactMap { text -> Int? in
            guard let arrow = text.range(of: "← ") else { return nil }
            return Int(text[arrow.upperBound...].prefix { $0.isNumber })
        }
        XCTAssertFalse(counts.isEmpty, "the timer's sink printed no count: \(seen.withLock { $0.prefix(5) })")
        let halfDone = counts.filter { $0 % 5_000 != 0 }
        XCTAssertEqual(halfDone, [], "a count read while a line was appending")
    }

    func testAWaitOnTheRealClockLetsWhatFallsDueRun() {
        type("clock real")
        type("let ticks = timer(20ms)")
        type("sink t = ticks.prefix(3)")
        // `tick` waits on the real clock with the session let go of: the timer's values arrive
        // during the wait, in this line's output.
        let output = session.evaluate("tick 200ms").map(\.text)
        XCTAssertEqual(output.filter { $0.hasPrefix("t ←") }.count, 3, "\(output)")
        XCTAssertTrue(output.contains { $0.contains("t ✓ finished") }, "\(output)")
    }

    func testTheSameThreadMayEnterAgainAndOthersWait() {
        let owner = SessionOwner()
        let order = Mutex<[String]>([])
        let entered = DispatchSemaphore(value: 0)
        let other = Thread {
            entered.wait()
            owner.run { order.withLock { $0.append("other") } }
        }
        owner.run {
            other.start()
            entered.signal()
            owner.run { order.withLock { $0.append("inner") } }
            usleep(20_000)
            XCTAssertTrue(owner.isHeldByCurrentThread)
            order.withLock { $0.append("outer") }
        }
        while order.withLock({ $0.count }) < 3 { usleep(1_000) }
        XCTAssertEqual(order.withLock { $0 }, ["inner", "outer", "other"])
    }
}
