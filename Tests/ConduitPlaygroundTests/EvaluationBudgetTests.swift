import Synchronization
import XCTest
@testable import ConduitPlayground

/// A line that would run for ever (a loop through names) is stopped with a message naming the
/// loop, the session keeps every name, loops that can be seen when they form are refused, and
/// Ctrl-C stops a running line or `tick`.
final class EvaluationBudgetTests: SessionTestCase {
    func testAFeedbackLoopThroughAnAssigningSinkIsStoppedAndNamed() {
        type("current c = 0")
        type("subject q")
        type("sink a = q.map { \"c\" }.switchToLatest().map { $0 + 1 }.assign(to: \\.value, on: c)")
        let message = error("send q 1")
        XCTAssertTrue(message.contains("stopped a runaway evaluation"), message)
        XCTAssertTrue(message.contains("`a` (assigning into `c`)"), message)
    }

    func testTheSessionKeepsEveryNameAfterARunawayLineIsStopped() {
        type("current c = 0")
        type("subject q")
        type("sink a = q.map { \"c\" }.switchToLatest().map { $0 + 1 }.assign(to: \\.value, on: c)")
        _ = error("send q 1")
        XCTAssertEqual(type("cancel a"), ["a cancelled"])
        type("sink watch = q")
        XCTAssertEqual(values("send q 2"), ["watch ← 2"])
        type("sink seen = c")
        XCTAssertEqual(values("send c 5").last, "seen ← 5")
        let tree = type("subs").joined(separator: "\n")
        for name in ["a", "c", "q", "watch", "seen"] {
            XCTAssertTrue(tree.contains(name), "\(name) missing from \(tree)")
        }
    }

    func testAValueThatGrowsWithoutBoundIsStopped() {
        type("current c = \"ab\"")
        type("subject q")
        type("sink a = q.map { \"c\" }.switchToLatest().map { $0 + $0 }.assign(to: \\.value, on: c)")
        let message = error("send q 1")
        XCTAssertTrue(message.contains("grew past"), message)
    }

    func testALoopThroughTwoAssigningSinksIsRefusedWhenItForms() {
        type("current c = 0")
        type("current d = 0")
        type("sink a = c.map { $0 + 1 }.assign(to: \\.value, on: d)")
        let message = error("sink b = d.assign(to: \\.value, on: c)")
        XCTAssertTrue(message.contains("back into itself"), message)
        XCTAssertEqual(values("send c 1"), [])
    }

    func testAMulticastIntoASubjectAnAssigningSinkFeedsIsRefused() {
        type("current c = 0")
        type("subject s")
        type("sink a = s.assign(to: \\.value, on: c)")
        let message = error("let loop = c.map { $0 + 1 }.multicast(subject: s)")
        XCTAssertTrue(message.contains("back into itself"), message)
    }

    func testAnInterruptStopsTheLineAndKeepsTheSession() {
        let pressed = Atomic<Bool>(false)
        session.setInterruptCheck { pressed.load(ordering: .relaxed) }
        type("subject q")
        type("sink out = q")
        pressed.store(true, ordering: .relaxed)
        let records = session.evaluate("send q 1")
        XCTAssertTrue(records.contains { $0.text.contains("interrupted (Ctrl-C)") }, "\(records)")
        XCTAssertFalse(records.contains { $0.text == "out ← 1" })
        // The sink whose delivery was interrupted is cancelled, and says so; the rest of the
        // session goes on.
        XCTAssertTrue(records.contains { $0.text == "out ✗ cancelled by Ctrl-C after 0 values" }, "\(records)")
        pressed.store(false, ordering: .relaxed)
        XCTAssertEqual(values("send q 2"), [])
        type("sink again = q")
        XCTAssertEqual(values("send q 3"), ["again ← 3"])
    }

    func testAnInterruptStopsALongForInLoop() {
        let pressed = Atomic<Bool>(false)
        session.setInterruptCheck { pressed.load(ordering: .relaxed) }
        type("var count = 0")
        pressed.store(true, ordering: .relaxed)
        let records = session.evaluate("for i in 0..<1000000 { count += 1 }")
        XCTAssertTrue(records.contains { $0.text.contains("interrupted (Ctrl-C)") }, "\(records)")
        pressed.store(false, ordering: .relaxed)
        XCTAssertEqual(type("count"), ["255"], "the loop stopped at its first check, keeping what it did")
    }

    func testAnInterruptStopsALoopInAFunctionsBody() {
        let pressed = Atomic<Bool>(false)
        session.setInterruptCheck { pressed.load(ordering: .relaxed) }
        type("func spin() -> Int { var n = 0; for i in 0..<1000 { for j in 0..<1000 { n += i + j } }; return n }")
        pressed.store(true, ordering: .relaxed)
        let records = session.evaluate("print(spin())")
        XCTAssertTrue(records.contains { $0.text.contains("interrupted (Ctrl-C): the loop stopped after 256 turns") },
            "\(records)")
        pressed.store(false, ordering: .relaxed)
        XCTAssertEqual(values("print(1)"), ["1"])
    }

    func testAnInterruptStopsALongTickBetweenActions() {
        let pressed = Atomic<Bool>(false)
        let seen = Atomic<Int>(0)
        session.setInterruptCheck {
            // Ctrl-C arrives once the tick has run a few actions.
            seen.add(1, ordering: .relaxed).newValue > 5 || pressed.load(ordering: .relaxed)
        }
        type("sink t = timer(1ms)")
        let output = type("tick 10s")
        XCTAssertTrue(output.contains { $0.hasPrefix("tick stopped at") }, "\(output)")
        XCTAssertLessThan(output.filter { $0.hasPrefix("t ← ") }.count, 10)
        session.setInterruptCheck(nil)
        XCTAssertTrue(type("tick 5ms").contains { $0.hasPrefix("t ← ") })
    }
}
