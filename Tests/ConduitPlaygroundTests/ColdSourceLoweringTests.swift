import XCTest

@testable import ConduitPlayground

/// `cold(TIMELINE, LEGEND, frame: DURATION)` read from Swift's tree (`Language/Lowering/ColdSourceLowering.swift`):
/// the call's arguments and their labels are where Swift's parser puts them, whatever the legend (the
/// playground's record, which Swift reads as a closure) holds; a wrong call says what was wrong.
final class ColdSourceLoweringTests: SessionTestCase {
    func testTheArgumentsAreReadWhereSwiftPutsThemInAnyOrderAndOnManyLines() {
        type("sink a = cold(\"-a-b|\", {a: 1, b: [2, 3]}, frame: 50ms)")
        type("sink b = cold(\"-x|\", frame: 20ms, {x: {y: \"z\"}})")
        type("sink c = cold(\n    \"-p|\",\n    { p : -1 , },\n    frame: 10ms\n)")
        XCTAssertEqual(values("tick 1s"), [
            "c ← -1   @10ms", "b ← {y: \"z\"}   @20ms", "c ✓ finished   @20ms", "b ✓ finished   @40ms",
            "a ← 1   @50ms", "a ← [2, 3]   @150ms", "a ✓ finished   @200ms",
        ])
        let subs = type("subs").joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(subs.contains("cold(\"-a-b|\", {a: 1, b: [2, 3]}, frame: 50ms)"), subs)
    }

    func testAWrongCallSaysWhatWasWrongInSwiftcsWordsPassingOverTheLegend() {
        // Before, the playground said only that it expected `)`.
        let unseparated = error(#"sink s = cold("-a|", {a: 1, b: 2} frame: 1s)"#)
        XCTAssertTrue(unseparated.hasPrefix("error: unexpected code 'frame: "), unseparated)
        XCTAssertTrue(unseparated.contains("write `cold(\"-a--b-|\", {a: 1, b: 2})`"), unseparated)
        XCTAssertTrue(error(#"sink s = cold("-a|" {a: 1})"#).hasPrefix("error: expected ')' in function call"))
        XCTAssertTrue(error(#"sink s = cold("-a|", {a: 1}, {b: 2})"#).contains("(and `frame: 50ms`)"))
        XCTAssertTrue(error(#"sink s = cold("-a|", every: 1s)"#).contains("(and `frame: 50ms`)"))
        XCTAssertTrue(error(#"sink s = cold(frame: 1s)"#).contains("needs a timeline in double quotes"))
        XCTAssertTrue(error(#"sink s = cold("-a|", frame: -1s)"#).contains("`frame:` needs a positive duration"))
        let joined = error(#"sink s = cold("-a" + "|")"#)
        XCTAssertTrue(joined.contains("Swift reads `\"-a\" + \"|\"` as the timeline"), joined)
    }

    func testHostileCallsAreRefusedWithoutACrash() {
        let many = #"sink s = cold("-a|""# + String(repeating: ", {a: 1}", count: 5_000) + ")"
        XCTAssertTrue(error(many).contains("(and `frame: 50ms`)"))
        let deep = #"sink s = cold("-a|", {a: "# + String(repeating: "[", count: 3_000) + "1"
            + String(repeating: "]", count: 3_000) + "})"
        XCTAssertFalse(error(deep).isEmpty)
        XCTAssertEqual(type("sink ok = cold(\"-a|\")").filter { $0.contains("error") }, [])
    }
}
