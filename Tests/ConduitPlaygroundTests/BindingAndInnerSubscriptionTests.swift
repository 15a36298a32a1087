import XCTest

@testable import ConduitPlayground

/// Bindings to objects' properties (the engine's `Binding`), names typed alone, and the inner
/// subscriptions closures' publishers make, as `subs` and `inspect` show them.
final class BindingAndInnerSubscriptionTests: SessionTestCase {
    func testABindingReadsAndWritesThroughTheObject() {
        type("object player { @Published volume = 1 }")
        type("sink v = player.$volume")
        XCTAssertEqual(type("let vol = $player.volume"), ["vol: Binding → player.volume = 1"])
        XCTAssertEqual(values("vol = 5"), ["v ← 5"])
        XCTAssertEqual(values("vol.wrappedValue = 6"), ["v ← 6"])
        XCTAssertEqual(type("vol"), ["6"])
        XCTAssertEqual(type("player.volume"), ["6"])
        XCTAssertEqual(type("sink doubled = [1].publisher.map { vol * 2 }").first, "doubled ← 12")
    }

    func testABindingToAMissingPropertyIsPointedAt() {
        type("object player { @Published volume = 1 }")
        XCTAssertTrue(error("let vol = $player.volme").contains("did you mean `volume`?"))
        XCTAssertTrue(error("nobody = 3").contains("`nobody` is not a variable or a binding"))
    }

    func testANameAloneShowsAnObjectAndAnUnknownWordIsStillAnUnknownCommand() {
        type("object player { @Published volume = 1; name = \"jukebox\" }")
        XCTAssertEqual(type("player"), ["player {volume: 1, name: \"jukebox\"}"])
        XCTAssertTrue(error("sned").contains("unknown command `sned`; did you mean `send`?"))
    }

    func testSubsCountsTheInnerSubscriptionsOfAFlatMap() {
        type("sink s = [1, 2].publisher.flatMap(maxPublishers: .max(1)) { Just($0).delay(for: 1s) }")
        XCTAssertTrue(
            type("subs").contains("     inner subscriptions: 1 made, 1 live: Just($0).delay(for: 1s)"),
            type("subs").joined(separator: "\n"))
        type("tick 2s")
        XCTAssertTrue(
            type("inspect s").contains("  inner subscriptions: 2 made, 0 live"),
            type("inspect s").joined(separator: "\n"))
    }

    func testAFunctionsPublishersAreInnerSubscriptionsOfTheSinkThatCallsIt() {
        type("func lookup(term) = Just(term).delay(for: 100ms)")
        type("subject query")
        type("sink r2 = query.map { lookup($0) }.switchToLatest()")
        type("send query \"a\"")
        type("send query \"b\"")
        XCTAssertTrue(
            type("inspect r2").contains("  inner subscriptions: 2 made, 1 live: lookup(\"b\")"),
            type("inspect r2").joined(separator: "\n"))
        XCTAssertEqual(values("tick 100ms"), ["r2 ← \"b\"   @100ms"])
    }

    func testMarblesDrawEachInnerSubscriptionUnderItsSink() {
        type("subject q")
        type("sink s = q.flatMap { Just($0).delay(for: 200ms) }")
        type("send q 1")
        type("tick 100ms")
        type("send q 2")
        type("tick 400ms")
        let lanes = type("marbles q s")
        XCTAssertEqual(lanes.map { String($0.prefix(4)) }.prefix(4), ["q   ", "s   ", "s:1 ", "s:2 "], lanes.joined(
            separator: "\n"))
        XCTAssertTrue(lanes[2].contains("^-(1|)"), lanes[2])
    }
}
