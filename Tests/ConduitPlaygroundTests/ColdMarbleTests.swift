import XCTest
@testable import ConduitPlayground

/// Cold marble sources: a timeline played anew for each subscriber, from its own subscription.
final class ColdMarbleTests: SessionTestCase {
    func testEachSubscriberGetsTheWholeTimelineFromItsOwnSubscription() {
        XCTAssertEqual(
            type(#"cold c = "-a--b-|" {a: 1, b: 2}"#), ["c: cold, 3 events over 700ms from each subscription"])
        type("sink s = c")
        type("tick 200ms")
        type("sink t = c.map { $0 * 10 }")
        XCTAssertEqual(values("tick 1s"), [
            "t ← 10   @300ms", "s ← 2   @400ms", "s ✓ finished   @600ms", "t ← 20   @600ms", "t ✓ finished   @800ms",
        ])
        XCTAssertEqual(Array(type("marbles c").prefix(2)), ["c:1  -1--2-|------", "c:2  ---1--2-|----"])
    }

    func testDrawingWhatAColdSourcePlayedGivesBackItsTimeline() {
        let timeline = "-a-(bc)--d|"
        type(#"cold c = "\#(timeline)" {a: "ace", b: "queen", c: "king", d: 10}"#)
        XCTAssertEqual(type("marbles c")[0], "c  \(timeline)", "before any subscriber: the timeline as written")
        type("tick 300ms")
        type("sink s = c")
        type("tick 1s")
        let lines = type("marbles c --from 300ms")
        XCTAssertEqual(lines[0], "c:1  \(timeline)---")
        XCTAssertEqual(lines[1], #"where a = "ace", b = "queen", c = "king", d = 10"#)
        XCTAssertEqual(
            type(#"expect s "\#(timeline)" {a: "ace", b: "queen", c: "king", d: 10} --from 300ms"#),
            ["s saw \(timeline)"]
        )
    }

    func testAColdSourceWorksWithCombiningOperators() {
        type(#"cold left = "-a--b|" {a: "x", b: "y"}"#)
        type(#"cold right = "--1-2|""#)
        type("sink z = left.zip(right)")
        type("sink m = left.merge(with: right)")
        type("tick 1s")
        XCTAssertEqual(Array(type("marbles z").prefix(2)), ["z  ^-a-b|-----", #"where a = ("x", 1), b = ("y", 2)"#])
        XCTAssertEqual(type("marbles m")[0], "m  ^x1-(y2)|-----")
    }

    func testAClosureCanReturnAColdTimelineMadeFromItsValue() {
        type("subject q")
        type(#"sink f = q.flatMap { cold("-x-x|", {x: $0}) }"#)
        type("send q 5; tick 100ms; send q 7; tick 1s")
        XCTAssertEqual(Array(type("marbles q f").prefix(4)), [
            "q    57----------", "f    ^5757-------", "f:1  ^5-5|-------", "f:2  -^7-7|------",
        ])
    }

    func testACancelledPlaybackStopsWhereItWasCancelled() {
        type(#"cold c = "-1-2-3|""#)
        type("sink s = c")
        type("tick 200ms")
        type("cancel s")
        XCTAssertEqual(values("tick 1s"), [], "nothing more is sent")
        XCTAssertEqual(type("marbles c")[0], "c:1  -1!----------")
    }

    func testColdSourcesArePointedAtWhenWrongAndChangeNothing() {
        type("subject q")
        XCTAssertEqual(
            error(#"cold c = "-a-(b""#).split(separator: "\n").first, "error: a group `(` is not closed with `)`")
        XCTAssertTrue(error("cold c = 5").contains("needs a timeline in double quotes"))
        XCTAssertTrue(error(#"cold c = "-a" {ab: 1}"#).contains("not a one-character symbol"))
        XCTAssertTrue(error(#"cold c = "-a" --from 1s"#).contains("`cold` takes --frame"))
        XCTAssertTrue(error(#"sink s = cold("-a|", 3)"#).contains("write `cold("))
        let unclosed = error(#"sink s = cold("-a|""#)
        XCTAssertTrue(unclosed.contains("never closed"), unclosed)
        XCTAssertTrue(error("sink s = c").contains("unknown"), "no cold source was made")
        XCTAssertTrue(error("expect q \"-a\" --frame 1s --svg \"x\"").contains("takes --frame, --from"))
    }
}
