import XCTest
@testable import ConduitPlayground

/// `collect(.byTime(...))` and `collect(.byTimeOrCount(...))` on the session's virtual clock.
final class PlaygroundCollectByTimeTests: SessionTestCase {
    func testByTimeSendsEachIntervalsValuesAndNothingForAnEmptyOne() {
        type("subject taps")
        type("sink batches = taps.collect(.byTime(1s))")
        XCTAssertEqual(values("send taps 1; send taps 2; tick 1s"), ["batches ← [1, 2]   @1s"])
        XCTAssertEqual(values("tick 1s"), [])
        XCTAssertEqual(values("send taps 3; complete taps"), ["batches ← [3]   @2s", "batches ✓ finished   @2s"])
    }

    func testByTimeOrCountSendsWhenTheCountIsReached() {
        type("subject taps")
        type("sink batches = taps.collect(.byTimeOrCount(1s, 3))")
        XCTAssertEqual(values("send taps 1; send taps 2; send taps 3"), ["batches ← [1, 2, 3]"])
        XCTAssertEqual(values("send taps 4; tick 500ms"), [])
        XCTAssertEqual(values("tick 500ms"), ["batches ← [4]   @1s"])
    }

    func testTheClockMayBeNamedAsCombineNamesTheScheduler() {
        XCTAssertEqual(values("sink pairs = [1, 2, 3].publisher.collect(.byTimeOrCount(clock, 1s, 2))"),
                       ["pairs ← [1, 2]", "pairs ← [3]", "pairs ✓ finished"])
    }

    func testBadGroupingsSayWhatIsExpected() {
        type("subject taps")
        XCTAssertTrue(error("let a = taps.collect(.byTime(0))").contains("positive duration"))
        XCTAssertTrue(error("let a = taps.collect(.byTime(\"soon\"))").contains("positive duration"))
        XCTAssertTrue(error("let b = taps.collect(.byTimeOrCount(1s))").contains("a duration and a count"))
        XCTAssertTrue(error("let c = taps.collect(.byTimeOrCount(1s, 0))").contains("at least 1"))
        XCTAssertTrue(error("let d = taps.collect(.byCount(1s))").contains("unknown grouping `.byCount`"))
        XCTAssertTrue(error("let e = taps.collect(.byTime(queue, 1s))").contains("one scheduler, `clock`"))
    }

    func testHelpShowsTheTimeGroupings() {
        XCTAssertTrue(type("help collect").joined(separator: "\n").contains(".collect(.byTimeOrCount(1s, N))"))
    }
}
