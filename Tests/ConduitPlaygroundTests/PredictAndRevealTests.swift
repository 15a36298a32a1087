import XCTest
@testable import ConduitPlayground

/// Predict, then reveal: a hidden sink's output waits, the room's predictions are kept, and the
/// reveal draws the real marbles with a diff against each prediction.
final class PredictAndRevealTests: SessionTestCase {
    private func debounceExperiment() {
        type("subject q")
        type("sink s = q.debounce(for: 100ms)")
        type("tick 300ms")
        XCTAssertEqual(type("hide s"), [#"s is hidden from 300ms: `predict s "-1--2-|"`, then `reveal s`"#])
    }

    func testAHiddenSinkPrintsNothingUntilRevealedAndEachPredictionIsJudged() {
        debounceExperiment()
        XCTAssertEqual(type(#"predict s "--2----3|" by ana"#), ["prediction 1 for s (ana): --2----3|"])
        XCTAssertEqual(type(#"predict s "-2----3|""#), ["prediction 2 for s: -2----3|"])
        XCTAssertEqual(type(#"predict s "--2----|" by bo"#), ["prediction 3 for s (bo): --2----|"])
        type(#"hot q "12----3|""#)
        XCTAssertEqual(values("tick 1s"), [], "the room sees nothing yet")
        XCTAssertEqual(type("reveal s"), [
            "s  --2----|---", "(one column per 100ms, from 300ms)",
            "✗ ana: --2----3|",
            "  ana     --2----3|", "  actual  --2----|-", "                 ^ first difference, at 1s",
            "✗ prediction 2: -2----3|",
            "  prediction 2  -2----3|", "  actual        --2----|", "                 ^ first difference, at 400ms",
            "✓ bo:           --2----|  right",
        ])
    }

    func testPredictingAgainByTheSameNameReplacesThePrediction() {
        debounceExperiment()
        type(#"predict s "-1|" by ana"#)
        XCTAssertEqual(type(#"predict s "--2----3" by ana"#), ["prediction 1 for s (ana): --2----3"])
        type(#"hot q "12----3""#)
        XCTAssertEqual(values("tick 1s"), [])
        XCTAssertEqual(type("reveal s").last, "✓ ana: --2----3  right")
        XCTAssertEqual(values("send q 9; tick 200ms"), ["s ← 9   @1400ms"], "revealed: the sink prints again")
    }

    func testPredictAndRevealAnswerMistakesWithACaret() {
        type("subject q")
        type("sink s = q")
        XCTAssertTrue(error(#"predict s "-1|""#).contains("s is not hidden: `hide s` first"))
        XCTAssertTrue(error("reveal s").contains("s is not hidden"))
        XCTAssertTrue(error("hide q").contains("`hide` works on sinks; `q` is a subject"))
        XCTAssertTrue(error("hide nobody").contains("unknown sink `nobody`"))
        type("hide s")
        XCTAssertTrue(error("hide s").contains("already hidden"))
        XCTAssertTrue(error(#"predict s "-1-(2""#).contains("not closed"))
        XCTAssertTrue(error("predict s 12").contains("needs a timeline in double quotes"))
        XCTAssertTrue(error(#"predict s "-1|" by"#).contains("`by` needs whose prediction it is"))
        XCTAssertTrue(error(#"predict s "-1|" --frame 1s"#).contains("`predict` takes a timeline"))
        XCTAssertTrue(type("reveal s").contains("nobody predicted s"), "the failed lines predicted nothing")
    }
}
