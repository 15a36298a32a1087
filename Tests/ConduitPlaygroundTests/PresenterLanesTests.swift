import XCTest
@testable import ConduitPlayground

/// What the live page reads from the session besides its events: the names that draw a lane grouped
/// by pipeline, the lanes the presenter view shows (`lanes`), and the sends that draw an object
/// and its @Published properties like subjects.
final class PresenterLanesTests: SessionTestCase {
    func testLanesAreGroupedBySourceWithTheSinksBuiltOnIt() {
        type("subject taps; subject other; sink tens = taps.map { $0 * 10 }; let evens = taps.filter { $0 % 2 == 0 }")
        type("sink quiet = evens; sink both = other.merge(with: taps); func twice(x) = x * 2")
        type(#"cold song = "-a-b|" {a: 1, b: 2}"#)
        type("sink first = song; sink ticks = timer(1s)")
        type(#"object player { @Published song = "-" }"#)
        type("sink playing = player.$song")
        XCTAssertEqual(session.overview().laneGroups, [
            ["taps", "tens", "quiet"], ["other", "both"], ["song", "first"], ["ticks"], ["player", "playing"],
        ], "a pipeline (`evens`), a function and a cold source's lets draw no lane of their own")
        XCTAssertEqual(session.overview().lanes, ["taps", "tens", "quiet", "other", "both", "song", "first", "ticks",
                                                  "player", "playing"])
    }

    func testLanesPicksThePresenterViewsLanesAndAllShowsEvery() {
        type("subject taps; sink out = taps; sink other = taps")
        XCTAssertEqual(type("lanes"), ["the presenter view (`?present`) shows every lane"])
        XCTAssertEqual(type("lanes taps, out"),
                       ["the presenter view (`?present`) shows taps, out; `lanes all` shows every lane"])
        XCTAssertEqual(session.presenterLanes, ["taps", "out"])
        type("lanes other taps other")
        XCTAssertEqual(session.presenterLanes, ["other", "taps"], "spaces do as commas; a name once")
        type("lanes all")
        XCTAssertEqual(session.presenterLanes, [])
    }

    func testLanesRefusesWhatDrawsNoLaneAndKeepsItsChoice() {
        type("subject taps; sink out = taps; let doubled = taps.map { $0 * 2 }")
        type("lanes out")
        XCTAssertEqual(type("lanes doubled").first, "error: `lanes` takes subjects, sinks, objects and cold sources; "
            + "`doubled` is a pipeline")
        XCTAssertTrue(type("lanes outt").first?.hasPrefix("error: unknown lane `outt`; did you mean `out`?") ?? false)
        XCTAssertTrue(type("lanes all out").first?.contains("`lanes all` takes nothing after `all`") ?? false)
        XCTAssertTrue(type("lanes , out").first?.contains("`lanes` needs a name") ?? false)
        XCTAssertEqual(session.presenterLanes, ["out"], "a refused line changes nothing")
    }

    func testTabOffersTheNamesThatDrawALaneAndAll() {
        type("subject taps; sink tally = taps; let doubled = taps.map { $0 * 2 }")
        XCTAssertEqual(session.completions(for: "lanes t", cursor: 7), ["tally", "taps"])
        XCTAssertEqual(session.completions(for: "lanes taps, ", cursor: 12), ["all", "tally", "taps"])
        XCTAssertEqual(session.completions(for: "lanes taps,t", cursor: 12), ["tally", "taps"])
        XCTAssertEqual(session.completions(for: "lan", cursor: 3), ["lanes"])
    }

    func testSettingAPublishedPropertySendsOnTheObjectsLanes() {
        type(#"object player { @Published song = "-"; name = "jukebox" }"#)
        type("sink playing = player.$song")
        let before = session.events().last?.sequence ?? 0
        type(#"player.song = "jazz""#)
        type(#"player.name = "box""#)
        let kinds = session.events(after: before).map(\.kind).filter {
            if case .printed = $0 { return false } else { return true }
        }
        XCTAssertEqual(Array(kinds.prefix(3)), [
            .sent(lane: "player", value: .void),
            .sent(lane: "player.$song", value: .string("jazz")),
            .received(lane: "playing", value: .string("jazz"), level: DemandLevel(requested: .unlimited, delivered: 2)),
        ], "objectWillChange, then the value, before the sink receives it; a plain property sends nothing")
        XCTAssertEqual(kinds.count, 3)
    }
}
