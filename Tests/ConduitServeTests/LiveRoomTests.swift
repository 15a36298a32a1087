import ConduitPlayground
import Foundation
import XCTest

@testable import ConduitServe

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The room: the first HTML already holds the session, off loopback the join code is needed, the
/// number of viewers is bounded, and a viewer can send only predictions, a few a minute.
final class LiveRoomTests: XCTestCase {
    private func fetch(_ port: Int, _ path: String) async throws -> (status: Int, text: String) {
        let (data, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    func testTheFirstHTMLHoldsTheTranscriptAndTheTreeWithDemand() async throws {
        let feed = LiveFeed()
        let (port, server) = try await LiveServerTests.startServer(feed)
        defer { server.cancel() }
        let session = Session()
        let live = LiveSession(feed: feed)
        for line in ["subject taps", "sink out = taps.map { $0 * 10 } demand 2", "send taps 7", "send taps <8>"] {
            live.record(input: line, records: session.evaluate(line), session: session)
        }
        live.flush(session)
        let (status, page) = try await fetch(port, "/")
        XCTAssertEqual(status, 200)
        XCTAssertTrue(page.contains(#"<div class="line input">send taps &lt;8&gt;</div>"#), "escaped input")
        XCTAssertTrue(page.contains(#"<div class="line value">out ← 70</div>"#), page)
        XCTAssertTrue(page.contains(#"<li class="node subject" data-name="taps">"#), "the tree as elements")
        XCTAssertTrue(page.contains(#"<li class="node sink" data-name="out">"#))
        XCTAssertTrue(page.contains(#"<span class="demand">requested 2 · delivered 1 · outstanding 1</span>"#), page)
    }

    func testOffLoopbackEveryRequestNeedsTheJoinCode() async throws {
        let feed = LiveFeed()
        let access = LiveAccess(code: "K7P2QX")
        let (port, server) = try await LiveServerTests.startServer(feed, access: access)
        defer { server.cancel() }
        for path in ["/", "/snapshot", "/?code=WRONG1", "/?code=K7P2Q"] {
            let (status, text) = try await fetch(port, path)
            XCTAssertEqual(status, 403, path)
            XCTAssertTrue(text.contains("join code"), text)
        }
        let (status, page) = try await fetch(port, "/?code=K7P2QX")
        XCTAssertEqual(status, 200)
        XCTAssertTrue(page.contains(#"data-code="K7P2QX""#), "the page passes the code on to its WebSocket")
        do {
            try await TestWebSocketClient.exchange(port: port, path: "/live") { _ in true }
            XCTFail("a WebSocket without the code is refused")
        } catch is TestWebSocketClient.UpgradeRefused {}
        let messages = try await LiveServerTests.watch(port: port, path: "/live?code=K7P2QX") { !$0.messages.isEmpty }
        guard case .snapshot = messages.first else { return XCTFail("with the code, a snapshot: \(messages)") }
        XCTAssertNil(LiveAccess.forHost("127.0.0.1").code)
        XCTAssertNil(LiveAccess.forHost("localhost").code)
        XCTAssertEqual(LiveAccess.forHost("0.0.0.0").code?.count, 6)
    }

    func testTheRoomHasAViewerLimit() async throws {
        let feed = LiveFeed()
        let (port, server) = try await LiveServerTests.startServer(feed, access: LiveAccess(code: nil, viewerLimit: 1))
        defer { server.cancel() }
        let first = Task { try await LiveServerTests.watch(port: port, reconnecting: false) { _ in false } }
        while feed.viewerCount == 0 { try await Task.sleep(nanoseconds: 5_000_000) }
        let second = try await LiveServerTests.watch(port: port, reconnecting: false) { !$0.messages.isEmpty }
        XCTAssertEqual(second.first, .answer(accepted: false,
            message: "the room is full: 1 viewers are watching; try again later"))
        XCTAssertEqual(feed.viewerCount, 1)
        server.cancel()
        _ = try? await first.value
    }

    func testTheStateCarriesTheLanesByPipelineAndTheLanesThePresenterPicked() throws {
        let feed = LiveFeed()
        let session = Session()
        session.presenterLanes = ["taps"]
        let live = LiveSession(feed: feed)
        for line in ["subject taps", "sink out = taps", "subject other", "sink more = other.map { $0 + 1 }"] {
            live.record(input: line, records: session.evaluate(line), session: session)
        }
        live.flush(session)
        guard case .snapshot(_, let state) = feed.snapshot() else { return XCTFail("a snapshot") }
        XCTAssertEqual(state.groups, [["taps", "out"], ["other", "more"]])
        XCTAssertEqual(state.present, ["taps"], "as `serve --lanes taps` starts it")
        live.record(input: "lanes more, taps", records: session.evaluate("lanes more, taps"), session: session)
        live.flush(session)
        guard case .snapshot(_, let later) = feed.snapshot() else { return XCTFail("a snapshot") }
        XCTAssertEqual(later.present, ["more", "taps"], "`lanes` at the prompt reaches the page at once")
    }

    func testLearnersPredictOverTheWebSocketAndRevealTalliesThem() async throws {
        let feed = LiveFeed()
        let room = LiveRoom()
        let (port, server) = try await LiveServerTests.startServer(feed, room: room)
        defer { server.cancel() }
        let session = Session()
        let live = LiveSession(feed: feed)
        room.predict = { session.roomPrediction(sink: $0, timeline: $1, author: $2) }
        // The room (which the server may hold a moment after the test) must not keep the session,
        // whose recorder would stay in the engine's instrumentation for the tests that follow.
        defer { room.predict = nil }
        for line in ["subject q", "sink s = q.debounce(for: 100ms)", "tick 300ms", "hide s"] {
            live.record(input: line, records: session.evaluate(line), session: session)
        }
        let guesses = [("ana", "--2----|"), ("bo", "-2----|"), ("cy", "-2-----|"), ("dee", "---2---|")]
        for (name, marbles) in guesses {
            let message = #"{"predict": {"sink": "s", "marbles": "\#(marbles)", "name": "\#(name)"}}"#
            let messages = try await LiveServerTests.watch(port: port, sending: [message]) { collected in
                collected.messages.contains { if case .answer = $0 { return true }; return false }
            }
            let number = session.predictionCounts["s"] ?? 0
            XCTAssertTrue(messages.contains {
                $0 == .answer(accepted: true, message: "prediction \(number) for s (\(name)): \(marbles)")
            }, "\(messages)")
        }
        XCTAssertEqual(room.accepted, 4)
        for line in [#"hot q "12----3|""#, "tick 1s"] {
            live.record(input: line, records: session.evaluate(line), session: session)
        }
        live.flush(session)
        // While hidden, the page gets none of the sink's values.
        let hiddenEvents = LiveServerTests.entries([feed.snapshot()]).flatMap(\.events)
        XCTAssertFalse(hiddenEvents.contains { $0.kind.lane == "s" && $0.kind.name == "received" }, "\(hiddenEvents)")
        let reveal = session.evaluate("reveal s")
        live.record(input: "reveal s", records: reveal, session: session)
        live.flush(session)
        let tally = "1 of 4 right; most common mistake: the first value (2) 1 frame early (2)"
        XCTAssertEqual(reveal.last?.text.split(separator: "\n").last.map(String.init), tally)
        guard case .snapshot(let transcript, let state) = feed.snapshot() else { return XCTFail("no snapshot") }
        XCTAssertEqual(state.tallies.last?.summary, tally)
        XCTAssertEqual(state.tallies.last?.right, ["ana"])
        XCTAssertTrue(transcript.last?.revealed.contains { $0.kind.name == "received" } ?? false,
                      "at the reveal, the page gets the sink's held-back values")
        let (_, page) = try await fetch(port, "/")
        XCTAssertTrue(page.contains(tally), "the page shows the tally")
    }

    func testAViewerMaySendAFewMessagesAMinuteAndNothingLong() async throws {
        let feed = LiveFeed()
        let room = LiveRoom()
        let (port, server) = try await LiveServerTests.startServer(feed, room: room)
        defer { server.cancel() }
        let long = #"{"predict": {"sink": "s", "marbles": "\#(String(repeating: "-", count: 2_000))", "name": "a"}}"#
        let sent = [long] + Array(repeating: "hello", count: RateLimit.burst)
        let messages = try await LiveServerTests.watch(port: port, sending: sent, reconnecting: false) { collected in
            collected.messages.filter { if case .answer = $0 { return true }; return false }.count == sent.count
        }
        let answers = messages.compactMap { if case .answer(_, let text) = $0 { return text }; return nil }
        XCTAssertEqual(answers.first, "a message is at most 1024 bytes; this one was \(long.utf8.count)")
        XCTAssertTrue(answers.last?.hasPrefix("too many messages: at most \(RateLimit.perMinute) a minute") ?? false,
                      "\(answers)")
        XCTAssertEqual(room.dropped, sent.count)
    }
}
