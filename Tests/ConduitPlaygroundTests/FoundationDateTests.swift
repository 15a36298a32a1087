import XCTest

@testable import ConduitPlayground

/// Foundation's `Date` on the session's clock, and `RunLoop.main.run(until:)`, which lets that clock
/// run: a date prints as Swift's (`2026-11-29 12:00:00 +0000`), and durations measured with dates
/// agree with the virtual time the session's timers see.
final class FoundationDateTests: SessionTestCase {
    /// Swift's `description` of a `Date`: day and time in UTC, whole seconds.
    private let dateShape = #"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+0000$"#

    private func assertIsADate(_ text: String?, file: StaticString = #filePath, line: UInt = #line) {
        let text = text ?? ""
        XCTAssertNotNil(text.range(of: dateShape, options: .regularExpression), "\(text)", file: file, line: line)
    }

    func testADatePrintsAsSwiftPrintsOne() {
        assertIsADate(printed("print(Date())").first)
        XCTAssertEqual(printed("print(Date(timeIntervalSince1970: 0))"), ["1970-01-01 00:00:00 +0000"])
        XCTAssertEqual(printed("print(\"at \\(Date(timeIntervalSince1970: 86_400.75))\")"),
            ["at 1970-01-02 00:00:00 +0000"])
        XCTAssertEqual(printed("print([Date(timeIntervalSince1970: 60)])"), ["[1970-01-01 00:01:00 +0000]"])
        let declared = type("let start = Date()")
        XCTAssertEqual(declared.count, 1)
        XCTAssertTrue(declared[0].hasPrefix("start: Date = "), "\(declared)")
        assertIsADate(String(declared[0].dropFirst("start: Date = ".count)))
    }

    func testDurationsBetweenDatesFollowTheSessionsClock() {
        type("let start = Date()")
        XCTAssertEqual(printed("print(Date().timeIntervalSince(start))"), ["0.0"], "the virtual clock has not moved")
        type("tick 2s")
        XCTAssertEqual(printed("print(Date().timeIntervalSince(start))"), ["2.0"])
        XCTAssertEqual(printed("print(Date.now.timeIntervalSince(start), Date.now > start)"), ["2.0 true"])
        XCTAssertEqual(type("let later = start.addingTimeInterval(90).timeIntervalSince(start)"),
            ["later: Double = 90.0"])
        XCTAssertEqual(printed("print(Date(timeIntervalSinceNow: 5).timeIntervalSince(start))"), ["7.0"])
        XCTAssertEqual(printed("print(Date(timeIntervalSince1970: 10).timeIntervalSince1970)"), ["10.0"])
    }

    func testTheCheckerTypesDatesAsSwift() {
        type("let start = Date()")
        XCTAssertEqual(type("let gap = Date.now.timeIntervalSince(start)"), ["gap: Double = 0.0"])
        XCTAssertTrue(type("let moved = start.addingTimeInterval(1)")[0].hasPrefix("moved: Date = "))
        XCTAssertEqual(type("let since = start.timeIntervalSince1970 > 0"), ["since: Bool = true"])
    }

    func testRunLoopRunUntilLetsTimersAndQueuedWorkRun() {
        type("var count = 0")
        type("""
            let ticking = Timer.publish(every: 1.0, on: .main, in: .common).autoconnect().prefix(3)
                .sink { _ in count += 1; print("Tick \\(count)") }
            """)
        type("DispatchQueue.main.asyncAfter(deadline: .now() + 1.5) { print(\"later\") }")
        XCTAssertEqual(printed("RunLoop.main.run(until: Date().addingTimeInterval(3.5))"),
            ["Tick 1", "later", "Tick 2", "Tick 3", "ticking ✓ finished   @3s"])
        XCTAssertEqual(printed("RunLoop.main.run(until: Date().addingTimeInterval(-1))"), [],
            "a past date runs nothing")
        XCTAssertEqual(printed("print(count)"), ["3"])
    }

    func testBadDatesAndRunLoopsAreRefusedAndChangeNothing() {
        XCTAssertTrue(error("let d = Date(foo: 1)").contains("write `Date()` (now)"))
        XCTAssertTrue(error("print(d)").contains("cannot find `d`"))
        XCTAssertTrue(error("RunLoop.main.run()").contains("`RunLoop.main.run()` runs for ever"))
        XCTAssertTrue(error("RunLoop.main.run(until: 5)").contains("takes a Date"))
        XCTAssertTrue(error("print(Date().addingTimeInterval(\"x\"))").contains("takes seconds"))
        XCTAssertTrue(error("print(Date().timeIntervalSince(3))").contains("takes another Date"))
    }
}
