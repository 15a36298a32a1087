import XCTest
@testable import ConduitPlayground

/// Names: what a pipeline reads comes from its syntax tree; a name that is no longer in use may
/// be made again; `drop` frees one; `reset` and `clock reset` start time at 0.
final class NameTests: SessionTestCase {
    private func namesRead(_ text: String) throws -> [String] {
        try Parser.parsePipeline(text).namesRead
    }

    func testNamesReadComeFromTheSyntaxTree() throws {
        XCTAssertEqual(try namesRead("a.merge(with: b).combineLatest(c)"), ["a", "b", "c"])
        XCTAssertEqual(try namesRead("a.receive(on: clock).subscribe(on: mainQueue)"), ["a"])
        XCTAssertEqual(try namesRead("a.debounce(for: 300ms, scheduler: clock)"), ["a"])
        XCTAssertEqual(try namesRead("a.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest)"), ["a"])
        XCTAssertEqual(try namesRead("a.collect(.byTime(clock, 1s))"), ["a"])
        XCTAssertEqual(try namesRead("Deferred { b.map { $0 } }.append(a)"), ["b", "a"])
        XCTAssertEqual(try namesRead("a.merge(with: a)"), ["a"], "each name once")
    }

    func testAnEnumerationCaseIsNotAName() throws {
        let call = try Parser.parsePipeline(
            "a.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest)").operators[0]
        guard case .enumCase("dropOldest", let arguments) = call.arguments[2].content else {
            return XCTFail("\(call.arguments[2].content)")
        }
        XCTAssertTrue(arguments.isEmpty)
        type("subject a; sink s = a.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest)")
        XCTAssertEqual(values("send a 1"), ["s ← 1"])
    }

    func testInspectListsWhatAPipelineReads() {
        type("subject a; subject b")
        type("let p = a.merge(with: b).receive(on: clock)")
        XCTAssertTrue(type("inspect p").contains("  reads:   a, b"), "\(type("inspect p"))")
        XCTAssertTrue(type("inspect p").contains("  chain:   receive ← merge(b) ← a"))
    }

    func testACancelledSinkMayBeMadeAgain() {
        type("subject a; sink s = a.map { $0 * 2 }")
        XCTAssertTrue(error("sink s = a").contains("`s` is a live sink; `cancel s`"))
        type("cancel s")
        type("sink s = a")
        XCTAssertEqual(values("send a 3"), ["s ← 3"])
        XCTAssertEqual(type("subs").filter { $0.hasPrefix("s ") }.count, 1)
    }

    func testAFinishedSinkMayBeMadeAgain() {
        type("sink s = [1].publisher")
        XCTAssertEqual(values("sink s = [2].publisher"), ["s ← 2", "s ✓ finished"])
    }

    func testAPipelineNobodyUsesMayBeMadeAgain() {
        type("subject a; let p = a.map { $0 * 2 }")
        type("let p = a.map { $0 + 1 }")
        type("sink s = p")
        XCTAssertEqual(values("send a 1"), ["s ← 2"])
        let failure = error("let p = a")
        XCTAssertTrue(failure.contains("`p` is read by live sink `s`; cancel it first"), failure)
    }

    func testASinkKeepsThePipelineItSubscribedTo() {
        type("subject a; let p = a.map { $0 * 10 }; sink s = p")
        type("cancel s")
        type("let p = a.map { $0 + 1 }")
        let tree = type("subs")
        XCTAssertTrue(tree.contains { $0.contains("p  (an earlier definition; `p` was made again since)") }, "\(tree)")
        XCTAssertTrue(tree.contains { $0.hasPrefix("p  map ← a") }, "\(tree)")
    }

    func testASubjectIsNotMadeAgainButMayBeDropped() {
        type("subject a")
        XCTAssertTrue(error("subject a").contains(
            "`a` already names a subject; choose another name, or `drop a` first"))
        XCTAssertEqual(type("drop a"), ["dropped a"])
        XCTAssertEqual(type("subject a"), ["a: PassthroughSubject"])
    }

    func testDropRefusesWhileALiveSinkReadsTheName() {
        type("subject a; let p = a.map { $0 }; sink s = p; sink t = a")
        let failure = error("drop a")
        XCTAssertTrue(failure.contains("cannot drop `a`: live sinks `s` and `t` read it; cancel them first"), failure)
        XCTAssertEqual(values("send a 1"), ["s ← 1", "t ← 1"], "nothing was lost")
    }

    func testDropSaysWhatReadTheName() {
        type("subject a; let p = a.map { $0 }; sink s = p")
        XCTAssertEqual(type("drop s"), ["s cancelled", "dropped s"])
        XCTAssertEqual(type("drop a"), ["dropped a; `p` reads it and keeps what it was made with"])
        XCTAssertTrue(error("send a 1").contains("unknown subject `a`"))
    }

    func testDropRefusesAConnectedPipeline() {
        type("subject a; let shared = a.makeConnectable(); connect shared")
        XCTAssertTrue(error("drop shared").contains("it is connected; `cancel shared` disconnects it"))
    }

    func testResetStartsTheClockAtZero() {
        type("tick 2s")
        type("reset")
        XCTAssertEqual(type("tick 100ms"), ["time is 100ms"])
    }

    func testClockResetStartsTimeAgainWhenNothingWaits() {
        type("subject a; sink s = a.delay(for: 1s)")
        type("send a 1")
        XCTAssertTrue(error("clock reset").contains("1 scheduled action is waiting on the clock"))
        XCTAssertEqual(values("tick 1s"), ["s ← 1   @1s"])
        XCTAssertEqual(type("clock reset"), ["time is 0s"])
        XCTAssertEqual(values("send a 2; tick 1s"), ["s ← 2   @1s"])
    }
}
