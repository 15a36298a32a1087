import Foundation
import XCTest
@testable import ConduitPlayground

final class VirtualTimeTests: SessionTestCase {
    func testDebounceOnTheVirtualClock() {
        type("subject query")
        type("let search = query.debounce(for: 300ms).removeDuplicates()")
        type("sink s = search")
        XCTAssertEqual(values("send query \"s\"; tick 100ms; send query \"sw\"; tick 300ms"), ["s ← \"sw\"   @400ms"])
        XCTAssertEqual(values("tick 1s"), [])
    }

    func testTimerTicksWithTheClock() {
        type("sink t = timer(1s).prefix(3)")
        XCTAssertEqual(values("tick 2s"), ["t ← 1   @1s", "t ← 2   @2s"])
        XCTAssertEqual(values("tick 5s"), ["t ← 3   @3s", "t ✓ finished   @3s"])
    }

    func testThrottleAndDelay() {
        type("subject taps")
        type("sink calm = taps.throttle(for: 1s, latest: true)")
        type("sink late = taps.delay(for: 500ms)")
        XCTAssertEqual(values("send taps 1"), ["calm ← 1"])
        XCTAssertEqual(values("send taps 2; send taps 3"), [])
        XCTAssertEqual(values("tick 1s"), ["late ← 1   @500ms", "late ← 2   @500ms", "late ← 3   @500ms",
            "calm ← 3   @1s"])
    }

    func testTimeoutFailsWithTheMessage() {
        type("subject replies")
        type("sink r = replies.timeout(2s, error: \"no reply\")")
        XCTAssertEqual(values("tick 3s"), ["r ✗ failed: no reply   @2s"])
    }

    func testMarblesDrawSubjectsAndSinks() {
        type("subject query")
        type("sink s = query.debounce(for: 300ms)")
        type("send query \"s\"; tick 100ms; send query \"w\"; tick 500ms")
        let lines = type("marbles query s")
        XCTAssertEqual(lines[0], "query  sw-----")
        XCTAssertEqual(lines[1], "s      ^---w--")
    }

    func testTickWaitsOnTheRealClock() {
        type("clock real")
        let start = DispatchTime.now().uptimeNanoseconds
        let said = type("tick 30ms")
        XCTAssertGreaterThanOrEqual(DispatchTime.now().uptimeNanoseconds - start, 30_000_000, "it waited")
        XCTAssertEqual(said.count, 1)
        XCTAssertTrue(said[0].hasPrefix("time is "), "\(said)")
        type("clock virtual")
        XCTAssertEqual(type("tick 1s"), ["time is 1s"])
    }

    func testTheEndOfInputSaysWhatStillWaitsOnTheRealClock() {
        XCTAssertNil(session.realTimeWorkLeft(), "the virtual clock drops nothing: it only moves with tick")
        type("clock real")
        XCTAssertNil(session.realTimeWorkLeft())
        type("subject n")
        type("sink slow = n.delay(for: 60s)")
        type("send n 1")
        type("sink ticks = Timer.publish(every: 60s).autoconnect()")
        XCTAssertEqual(session.realTimeWorkLeft(),
            "the input ended with 1 scheduled action (a delay, a debounce...) and 1 timer still waiting on the real "
                + "clock, dropped now; `tick 1s` before the end waits for what is due")
        type("cancel ticks")
        XCTAssertFalse(session.realTimeWorkLeft()?.contains("timer") ?? true, "a cancelled timer waits no more")
    }
}

final class TraceAndSubsTests: SessionTestCase {
    func testTraceUsesCombinePrintWords() {
        type("subject n")
        type("sink out = n.map { $0 * 2 } demand 1")
        type("trace out")
        let lines = type("send n 1")
        // A limited demand: each line says what is left of it, after Combine's own words.
        XCTAssertEqual(lines, ["out: receive value: (2)   (delivered 1, outstanding 0)", "out ← 2"])
        XCTAssertEqual(type("request out 2"), ["out: request max: (2)   (requested 3, delivered 1, outstanding 2)"])
        XCTAssertEqual(type("cancel out"), ["out: receive cancel", "out cancelled"])
    }

    func testTraceShowsCompletionAndCanBeTurnedOff() {
        type("subject n; sink out = n; trace out")
        XCTAssertEqual(type("complete n"), ["out: receive finished", "out ✓ finished"])
        type("subject m; sink other = m; trace other; trace other off")
        XCTAssertEqual(type("send m 1"), ["other ← 1"])
    }

    func testSubsShowsTheTree() {
        type("subject taps")
        type("current isOn = true")
        type("let names = taps.map { $0.name }")
        type("let picks = names.combineLatest(isOn)")
        type("sink out = picks")
        type("send taps {name: \"ace\"}")
        let tree = type("subs")
        XCTAssertTrue(tree[0].hasPrefix("out"), tree.joined(separator: "\n"))
        XCTAssertTrue(tree[0].contains("sink  active  requested unlimited  delivered 1  ← picks"), tree[0])
        XCTAssertTrue(tree.contains { $0.contains("picks") && $0.contains("combineLatest(isOn) ← names") })
        XCTAssertTrue(tree.contains { $0.contains("names") && $0.contains("map ← taps") })
        XCTAssertTrue(tree.contains { $0.contains("taps") && $0.contains("PassthroughSubject (1 live sink)") })
        XCTAssertTrue(tree.contains { $0.contains("isOn") && $0.contains("CurrentValueSubject = true (1 live sink)") })
    }

    func testInspectASink() {
        type("sink slow = [1, 2, 3].publisher demand 1")
        let text = type("inspect slow").joined(separator: "\n")
        XCTAssertTrue(text.contains("state:    active"), text)
        XCTAssertTrue(text.contains("requested: 1 so far"), text)
        XCTAssertTrue(text.contains("delivered: 1"), text)
        XCTAssertTrue(text.contains("outstanding: 0"), text)
    }

    func testPrintOperatorLogsThroughTheSession() {
        type("sink out = just(5).print(\"j\")")
            .forEach { _ in }
        let lines = session.evaluate("sink again = just(6).print(\"k\")").map(\.text)
        XCTAssertEqual(lines, ["k: receive subscription: (Just)", "k: request unlimited", "k: receive value: (6)",
            "again ← 6", "k: receive finished", "again ✓ finished"])
    }
}
