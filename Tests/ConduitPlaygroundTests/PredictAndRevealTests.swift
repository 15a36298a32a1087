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
            "1 of 3 right; most common mistake: a value 3 where the completion was",
        ])
    }

    func testPredictingAgainByTheSameNameReplacesThePrediction() {
        debounceExperiment()
        type(#"predict s "-1|" by ana"#)
        XCTAssertEqual(type(#"predict s "--2----3" by ana"#), ["prediction 1 for s (ana): --2----3"])
        type(#"hot q "12----3""#)
        XCTAssertEqual(values("tick 1s"), [])
        XCTAssertEqual(type("reveal s").suffix(2), ["✓ ana: --2----3  right", "1 of 1 right"])
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

    func testTheRoomsPredictionsAreTalliedWithTheMostCommonMistake() {
        debounceExperiment()
        XCTAssertEqual(session.roomPrediction(sink: "s", timeline: "--2----|", author: "ana"), .success(1))
        XCTAssertEqual(session.roomPrediction(sink: "s", timeline: "-2----|", author: "bo"), .success(2))
        XCTAssertEqual(session.roomPrediction(sink: "s", timeline: "-2-----|", author: "cy"), .success(3))
        XCTAssertEqual(session.roomPrediction(sink: "s", timeline: "---2---|", author: "dee"), .success(4))
        XCTAssertEqual(session.predictionCounts, ["s": 4])
        type(#"hot q "12----3|""#)
        type("tick 1s")
        let lines = type("reveal s")
        XCTAssertEqual(lines.last, "1 of 4 right; most common mistake: the first value (2) 1 frame early (2)")
        XCTAssertEqual(session.revealTallies.map(\.summary), [lines.last])
        XCTAssertEqual(session.revealTallies.first?.authors.filter(\.right).map(\.name), ["ana"])
        XCTAssertEqual(session.hiddenSinks, [])
    }

    func testTheRoomCanSendOnlyAWellFormedPredictionOfAHiddenSink() {
        type("subject q")
        type("sink s = q")
        XCTAssertEqual(session.roomPrediction(sink: "s", timeline: "-1|", author: "ana"),
                       .failure(RoomRefusal("`s` is not hidden; no sink is hidden now")))
        type("hide s")
        XCTAssertEqual(session.roomPrediction(sink: "q", timeline: "-1|", author: "ana"),
                       .failure(RoomRefusal("`q` is not hidden; hidden now: s")))
        XCTAssertEqual(session.roomPrediction(sink: "s", timeline: "-1|", author: "<script>"),
                       .failure(RoomRefusal("a name is 1 to 24 letters, digits, spaces or `.-_'`")))
        XCTAssertEqual(session.roomPrediction(sink: "s", timeline: "-1|", author: ""),
                       .failure(RoomRefusal("a name is 1 to 24 letters, digits, spaces or `.-_'`")))
        XCTAssertEqual(session.roomPrediction(sink: "s", timeline: String(repeating: "-", count: 81), author: "ana"),
                       .failure(RoomRefusal(
                           "a prediction is a marble string of 1 to 80 characters, for example `-1--2-|`")))
        guard case .failure(let refusal) = session.roomPrediction(sink: "s", timeline: "-(1", author: "ana") else {
            return XCTFail("an unclosed group is refused")
        }
        XCTAssertTrue(refusal.message.contains("at character"), refusal.message)
        XCTAssertEqual(session.predictionCounts, ["s": 0], "nothing refused was kept")
        XCTAssertEqual(session.roomPrediction(sink: "s", timeline: "-1|", author: "ana"), .success(1))
        XCTAssertEqual(session.roomPrediction(sink: "s", timeline: "-2|", author: "ana"), .success(1), "replaced")
    }
}
