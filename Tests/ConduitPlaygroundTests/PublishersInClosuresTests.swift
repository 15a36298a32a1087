import XCTest

@testable import ConduitPlayground

/// Closures that return publishers: `flatMap`, `switchToLatest` and `catch` subscribe to them
/// through the engine.
final class PublishersInClosuresTests: SessionTestCase {
    func testFlatMapSubscribesToTheJustItsClosureReturns() {
        XCTAssertEqual(
            values("sink r = [1, 2, 3].publisher.flatMap { Just($0 * 2) }"),
            ["r ← 2", "r ← 4", "r ← 6", "r ✓ finished"])
    }

    func testFlatMapWithOneAtATimeWaitsForEachDelayedInnerPublisher() {
        XCTAssertEqual(
            values("sink r = [1, 2].publisher.flatMap(maxPublishers: .max(1)) { Just($0).delay(for: 1s) }"), [])
        XCTAssertEqual(values("tick 1s"), ["r ← 1   @1s"])
        XCTAssertEqual(values("tick 1s"), ["r ← 2   @2s", "r ✓ finished   @2s"])
    }

    func testCatchGoesOnWithThePublisherItsClosureReturns() {
        XCTAssertEqual(values("sink r = Fail(error: \"boom\").catch { _ in Just([]) }"), ["r ← []", "r ✓ finished"])
        XCTAssertEqual(
            values("sink t = Fail(error: \"boom\").tryCatch { Just($0 + \"!\") }"),
            ["t ← \"boom!\"", "t ✓ finished"])
    }

    func testSwitchToLatestFollowsPublishersMadeByMap() {
        type("subject choice")
        type("subject fast")
        type("subject slow")
        type("sink r = choice.map { $0 ? fast : slow.map { $0 * 100 } }.switchToLatest()")
        type("send choice false")
        XCTAssertEqual(values("send slow 1"), ["r ← 100"])
        type("send choice true")
        XCTAssertEqual(values("send slow 2"), [])
        XCTAssertEqual(values("send fast 3"), ["r ← 3"])
    }

    func testInnerPublisherFailureFailsTheFlatMap() {
        XCTAssertEqual(
            values("sink r = [1, 2].publisher.flatMap { $0 == 2 ? Fail(error: \"two\") : Just($0) }"),
            ["r ← 1", "r ✗ failed: two"]
        )
    }

    func testAnUnknownOperatorInsideAClosureIsPointedAtWithASuggestion() {
        let message = error("sink r = [1, 2].publisher.flatMap { Just($0).mapp { $0 } }")
        XCTAssertTrue(message.contains("unknown operator `mapp`; did you mean `map`?"), message)
        XCTAssertTrue(message.contains("                                            ^^^^"), message)
        XCTAssertTrue(type("subs").joined().contains("nothing yet"))
    }

    func testAMistypedSourceInAClosureSuggestsTheRightOne() {
        XCTAssertTrue(error("sink r = [1].publisher.flatMap { Juts($0) }").contains("did you mean `Just`?"))
    }

    func testTupleClosuresDestructureCombinedValues() {
        type("subject taps")
        type("current isOn = true")
        type("sink out = taps.combineLatest(isOn).filter { _, on in on }.map { name, _ in name }")
        XCTAssertEqual(values("send taps \"ace\""), ["out ← \"ace\""])
        type("send isOn false")
        XCTAssertEqual(values("send taps \"queen\""), [])
    }

    func testTupleLiteralsAndElementAccess() {
        XCTAssertEqual(
            values("sink s = [1, 2].publisher.scan((0, true)) { ($0.0 + $1, !$0.1) }.map { $0.0 }"),
            ["s ← 1", "s ← 3", "s ✓ finished"])
    }

    func testNilCoalescingAndOptionalChaining() {
        XCTAssertEqual(
            values("sink s = [nil, {name: \"x\"}].publisher.map { $0?.name ?? \"none\" }"),
            ["s ← \"none\"", "s ← \"x\"", "s ✓ finished"])
    }

    func testStringInterpolationReadsAsSwift() {
        XCTAssertEqual(
            values("sink s = [1].publisher.map { \"got \\($0 * 2) of \\(\"two\")\" }"),
            ["s ← \"got 2 of two\"", "s ✓ finished"])
    }

    func testANegativeDurationIsAClearError() {
        XCTAssertTrue(error("sink s = [1].publisher.delay(for: -5ms)").contains("a duration cannot be negative"))
    }
}
