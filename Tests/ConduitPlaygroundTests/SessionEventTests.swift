import Conduit
import Foundation
import XCTest
@testable import ConduitPlayground

/// What a line does, as the typed events the session's recorder keeps: one test per kind of event,
/// each typing real playground lines and asserting the events (kinds, names, values, order,
/// demand), not the text printed.
final class SessionEventTests: SessionTestCase {
    /// The events recorded while `line` ran, oldest first.
    private func events(_ line: String) -> [SessionEvent] {
        let before = session.events().last?.sequence ?? 0
        _ = session.evaluate(line)
        return session.events(after: before)
    }

    /// The kinds of the events recorded while `line` ran, leaving out printed text.
    private func kinds(_ line: String) -> [SessionEvent.Kind] {
        events(line).map(\.kind).filter { if case .printed = $0 { return false } else { return true } }
    }

    private func level(_ requested: Subscribers.Demand, _ delivered: Int) -> DemandLevel {
        DemandLevel(requested: requested, delivered: delivered)
    }

    func testDefiningANameRecordsItAndWhatItStandsFor() {
        XCTAssertEqual(kinds("subject s"), [.defined(name: "s", entity: "subject")])
        XCTAssertEqual(kinds("let x = 5"), [.defined(name: "x", entity: "constant")])
        XCTAssertEqual(kinds("let doubled = s.map { $0 * 2 }").first, .defined(name: "doubled", entity: "pipeline"))
    }

    func testDroppingAndResettingRecordEachNameDropped() {
        type("subject s; subject t")
        XCTAssertEqual(kinds("drop s"), [.dropped(name: "s")])
        type("send t 1")
        let before = session.interpreter.recorder.all.count
        XCTAssertEqual(kinds("reset"), [.clockReset, .dropped(name: "t")])
        XCTAssertEqual(
            session.interpreter.recorder.all.first?.kind, .clockReset, "a reset lets go of the events before it")
        XCTAssertGreaterThanOrEqual(session.interpreter.recorder.forgotten, before, "and counts them")
    }

    func testMakingASinkRecordsItsSubscriptionAndFirstRequest() {
        type("subject s")
        XCTAssertEqual(kinds("sink out = s demand 2"), [
            .defined(name: "out", entity: "sink"),
            .subscribed(lane: "out"),
            .requested(lane: "out", demand: .max(2), level: level(.max(2), 0)),
        ])
    }

    func testAPublisherAClosureReturnsIsRecordedAsAnInnerSubscriptionOfItsOwner() {
        type("subject s; sink out = s.flatMap { Just($0 * 10) }")
        type("send s 1; send s 2")
        let inner = session.interpreter.recorder.all.compactMap { event -> SessionEvent.Kind? in
            if case .innerSubscribed = event.kind { return event.kind }
            if case .completed(let lane, _) = event.kind, lane.hasPrefix("out:") { return event.kind }
            return nil
        }
        XCTAssertEqual(inner, [
            .innerSubscribed(lane: "out:1", owner: "out", publisher: "Just($0 * 10)"),
            .completed(lane: "out:1", completion: .finished),
            .innerSubscribed(lane: "out:2", owner: "out", publisher: "Just($0 * 10)"),
            .completed(lane: "out:2", completion: .finished),
        ])
        XCTAssertEqual(session.interpreter.recorder.innerSummary(for: "out"), "inner subscriptions: 2 made, 0 live",
            "`subs` counts them from these events")
    }

    func testARequestRecordsTheDemandAddedAndTheLevelAfterIt() {
        type("subject s; sink out = s demand 1; send s 7")
        XCTAssertEqual(kinds("request out 3"), [.requested(lane: "out", demand: .max(3), level: level(.max(4), 1))])
    }

    func testASendRecordsTheValueSentThenEachValueReceivedInOrder() {
        type("subject s")
        type("sink out = s.map { $0 * 10 }")
        type("sink all = s")
        XCTAssertEqual(kinds("send s 4"), [
            .sent(lane: "s", value: .int(4)),
            .received(lane: "out", value: .int(40), level: level(.unlimited, 1)),
            .received(lane: "all", value: .int(4), level: level(.unlimited, 1)),
        ])
        let events = events("send s 5")
        XCTAssertEqual(events.map(\.sequence), Array(events[0].sequence..<events[0].sequence + events.count))
    }

    func testAValueLineCarriesTheEventItWasWrittenFrom() {
        type("subject s; sink out = s")
        let records = session.evaluate("send s 3")
        XCTAssertEqual(records.map(\.text), ["out ← 3"], "the terminal's words stay")
        XCTAssertEqual(records.first?.event?.kind, .received(lane: "out", value: .int(3), level: level(.unlimited, 1)))
    }

    func testFinishingAndFailingRecordTheCompletionOfTheSubjectAndOfEachSink() {
        type("subject s; sink out = s")
        XCTAssertEqual(kinds("complete s"), [
            .completed(lane: "s", completion: .finished), .completed(lane: "out", completion: .finished),
        ])
        type("subject f; sink g = f")
        XCTAssertEqual(kinds(#"fail f "offline""#), [
            .completed(lane: "f", completion: .failed("offline")),
            .completed(lane: "g", completion: .failed("offline")),
        ])
    }

    func testCancellingASinkRecordsItsCancelOnce() {
        type("subject s; sink out = s")
        XCTAssertEqual(kinds("cancel out"), [.cancelled(lane: "out")])
        XCTAssertEqual(kinds("cancel out").filter { $0.lane == "out" }, [], "a cancelled sink is not cancelled again")
    }

    func testAValueMeetingNoDemandIsRecordedAsDroppedForThatSink() {
        type("subject q; sink s = q demand 1; sink t = q")
        type("send q 1")
        XCTAssertEqual(kinds("send q 2"), [
            .sent(lane: "q", value: .int(2)),
            .valueDropped(subject: "q", subscriber: "s", value: .int(2)),
            .received(lane: "t", value: .int(2), level: level(.unlimited, 2)),
        ])
    }

    func testTickRecordsTheClockMovingAndClockResetRecordsItStartingAgain() {
        type("subject q; sink d = q.delay(for: 1s)")
        type("send q 1")
        let ticked = events("tick 2s")
        XCTAssertEqual(ticked.map(\.kind).filter { $0.name == "received" || $0.name == "clockMoved" }, [
            .received(lane: "d", value: .int(1), level: level(.unlimited, 1)),
            .clockMoved(from: 0, to: 2_000_000_000),
        ])
        XCTAssertEqual(ticked.first?.time, 1_000_000_000, "the value came when the delay was over")
        XCTAssertEqual(kinds("tick 0s"), [], "a tick that moves nothing records no move")
        type("cancel d")
        XCTAssertEqual(kinds("clock reset"), [.clockReset])
    }

    func testTextWithNoEventOfItsOwnIsRecordedAsPrinted() {
        let records = session.evaluate("tick 300ms")
        XCTAssertEqual(records.map(\.text), ["time is 300ms"])
        XCTAssertEqual(records.first?.event?.kind, .printed(kind: .info, text: "time is 300ms"))
        XCTAssertEqual(session.interpreter.recorder.all.last?.kind, .printed(kind: .info, text: "time is 300ms"))
    }

    func testAnErrorIsRecordedWithItsSourceRange() {
        type("subject s")
        let records = session.evaluate("send nope 1", file: "lesson.conduit", line: 3)
        guard case .error(let message, let range)? = records.first?.event?.kind else {
            return XCTFail("expected an error event, got \(records.map(\.event))")
        }
        XCTAssertTrue(message.contains("unknown subject `nope`"), message)
        XCTAssertEqual(range, SessionEvent.SourceRange(file: "lesson.conduit", line: 3, startColumn: 6, endColumn: 10))
        XCTAssertEqual(records.first?.text.hasPrefix("lesson.conduit:3:6: error: "), true, "the words stay")
    }

    func testEachExpectationOfAScriptIsRecordedAsACheckResult() {
        let script = """
            subject s; sink out = s
            send s 1
            #> out ← 1
            send s 2
            #> out ← 3
            """
        let report = ScriptRunner.run(text: script, path: "demo.conduit", session: session, check: true)
        XCTAssertEqual(report.passed, 1)
        let checks = session.interpreter.recorder.all.map(\.kind).filter { $0.name == "checked" }
        XCTAssertEqual(checks, [
            .checked(file: "demo.conduit", line: 3, passed: true, message: nil),
            .checked(file: "demo.conduit", line: 5, passed: false, message: "expected `out ← 3`, got `out ← 2`"),
        ])
    }

    func testATracedSinkRecordsWhatTheEngineSawOnItsLink() {
        type("subject s; sink out = s.map { $0 + 1 } demand 1; trace out")
        let records = session.evaluate("send s 1")
        let engine = session.interpreter.recorder.all.filter { $0.origin != .session }
        XCTAssertEqual(engine.map(\.kind), [.received(lane: "out", value: .int(2), level: level(.max(1), 1))])
        XCTAssertEqual(engine.first?.origin, .engine(publisher: "AnyPublisher"), "the pipeline, erased")
        let trace = records.first { $0.kind == .trace }
        XCTAssertEqual(trace?.event, engine.first, "the trace line is written from the engine's event")
        XCTAssertEqual(trace?.text, "out: receive value: (2)   (delivered 1, outstanding 0)")
        type("trace out off")
        _ = session.evaluate("request out 1")
        XCTAssertEqual(session.interpreter.recorder.all.filter { $0.origin != .session }.count, 1,
            "untraced, the engine is not heard")
    }

    func testMarblesAreDrawnFromTheRecordedEvents() {
        type("subject q; sink s = q demand 2; sink t = q.map { $0 }")
        type("send q 1; tick 100ms; send q 2; tick 100ms; send q 3; tick 100ms")
        type("request s 12")
        type("tick 100ms; send q 4")
        // The same diagram as DemandVisibilityTests draws from the side channel that was replaced.
        XCTAssertEqual(type("marbles q s --demand"), [
            "q       1   2 3-  4", "s       (^1)2 --  4", "demand  1   0  12 11", "(one column per 100ms)",
        ])
        let timeline = Timeline(events: session.interpreter.recorder.all)
        XCTAssertEqual(timeline.lanes(of: ["s"]).first?.events.map(\.event),
            [.subscribed, .value(.int(1)), .value(.int(2)), .value(.int(4))])
        XCTAssertEqual(timeline.demandLevels(of: "s").map { $0.level.outstanding }, [2, 1, 0, 12, 11])
    }

    func testEventsEncodeAsDocumentedJSONAndDecodeBackTheSame() throws {
        type("clock reset")
        type("subject s; sink out = s demand 1; trace out")
        type("send s 1; send s 2; tick 1s; send nope 1")
        type("sink inner = s.flatMap { Just($0) }; send s 3")
        type("cancel out")
        type(#"fail s "offline""#)
        type("drop out")
        _ = ScriptRunner.run(text: "subject z\n#> nothing", path: "p.conduit", session: session, check: true)
        let events = session.interpreter.recorder.all
        let names = Set(events.map(\.kind.name))
        XCTAssertEqual(names, [
            "defined", "dropped", "subscribed", "innerSubscribed", "requested", "received", "sent", "completed",
            "cancelled",
            "valueDropped", "clockMoved", "clockReset", "printed", "error", "checked",
        ], "every kind of event is in this session")
        let data = try JSONEncoder().encode(events)
        XCTAssertEqual(try JSONDecoder().decode([SessionEvent].self, from: data), events)
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let received = try XCTUnwrap(objects.first { $0["kind"] as? String == "received" && $0["origin"] as? String
            == "session" })
        XCTAssertEqual(Set(received.keys), ["seq", "time", "origin", "kind", "lane", "value", "level"])
        XCTAssertEqual(received["value"] as? Int, 1)
        XCTAssertEqual(received["level"] as? [String: Int], ["requested": 1, "delivered": 1])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let unlimited = try encoder.encode(SessionEvent(sequence: 1, time: 0, kind: .requested(lane: "a",
            demand: .unlimited, level: DemandLevel(requested: .unlimited))))
        XCTAssertEqual(String(decoding: unlimited, as: UTF8.self),
            #"{"demand":"unlimited","kind":"requested","lane":"a","#
            + #""level":{"delivered":0,"requested":"unlimited"},"origin":"session","seq":1,"time":0}"#)
        let engine = try XCTUnwrap(objects.first { $0["origin"] as? String == "engine" })
        XCTAssertEqual(engine["publisher"] as? String, "AnyPublisher")
        let error = try XCTUnwrap(objects.first { $0["kind"] as? String == "error" })
        XCTAssertEqual(Set((error["range"] as? [String: Any])?.keys ?? [:].keys), ["line", "startColumn", "endColumn"])
    }

    func testTheExampleOfDocsEventsIsWhatASessionRecords() throws {
        type("subject s; sink out = s demand 1")
        type("send s 4")
        type("send s 5")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let lines = try session.interpreter.recorder.all.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
        // The same lines as the example in docs/events.md.
        XCTAssertEqual(lines, [
            #"{"entity":"subject","kind":"defined","name":"s","origin":"session","seq":1,"time":0}"#,
            #"{"kind":"printed","origin":"session","output":"info","seq":2,"text":"s: PassthroughSubject","time":0}"#,
            #"{"entity":"sink","kind":"defined","name":"out","origin":"session","seq":3,"time":0}"#,
            #"{"kind":"subscribed","lane":"out","origin":"session","seq":4,"time":0}"#,
            #"{"demand":1,"kind":"requested","lane":"out","level":{"delivered":0,"requested":1},"origin":"session","#
                + #""seq":5,"time":0}"#,
            #"{"kind":"sent","lane":"s","origin":"session","seq":6,"time":0,"value":4}"#,
            #"{"kind":"received","lane":"out","level":{"delivered":1,"requested":1},"origin":"session","seq":7,"#
                + #""time":0,"value":4}"#,
            #"{"kind":"sent","lane":"s","origin":"session","seq":8,"time":0,"value":5}"#,
            #"{"kind":"valueDropped","origin":"session","seq":9,"subject":"s","subscriber":"out","time":0,"value":5}"#,
        ])
    }

    func testJSONThatIsNotAnEventSaysWhatIsWrong() {
        let bad = Data(#"{"seq":1,"time":0,"origin":"session","kind":"exploded"}"#.utf8)
        XCTAssertThrowsError(try JSONDecoder().decode(SessionEvent.self, from: bad)) { error in
            XCTAssertTrue("\(error)".contains("unknown event kind `exploded`"), "\(error)")
        }
    }

    func testTheRecordKeepsTheLatestEventsAndCountsThoseLetGo() {
        let recorder = EventRecorder(clock: { 0 })
        for value in 0..<(EventRecorder.capacity + 5) {
            recorder.record(.sent(lane: "n", value: .int(value)))
        }
        let held = recorder.all
        XCTAssertLessThan(held.count, EventRecorder.capacity)
        XCTAssertEqual(recorder.forgotten + held.count, EventRecorder.capacity + 5, "every event is held or counted")
        XCTAssertEqual(held.first?.sequence, recorder.forgotten + 1, "the oldest are the ones let go")
        XCTAssertEqual(held.last?.kind, .sent(lane: "n", value: .int(EventRecorder.capacity + 4)), "the newest is kept")
        let diagram = recorder.timeline.diagram(of: ["n"], until: 0)
        XCTAssertFalse(diagram.contains("= 0,"), "marbles no longer draw the oldest")
    }

    func testEventsRecordedFromManyThreadsKeepOneOrder() {
        let recorder = EventRecorder(clock: { 0 })
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<500 { recorder.record(.sent(lane: "t\(thread)", value: .int(value))) }
        }
        let events = recorder.all
        XCTAssertEqual(events.map(\.sequence), Array(1...2_000))
        for thread in 0..<4 {
            let values = events.compactMap { event -> Value? in
                guard case .sent("t\(thread)", let value) = event.kind else { return nil }
                return value
            }
            XCTAssertEqual(values, (0..<500).map { .int($0) }, "each thread's events stay in its order")
        }
    }
}
