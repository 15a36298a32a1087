import ConduitPlayground
import Foundation
import NIOCore
import XCTest

@testable import ConduitServe

/// The frames `LiveJSON` writes itself are the JSON `JSONEncoder` makes of the same messages: the
/// same objects once parsed, and the same messages once decoded, for every kind of event.
final class LiveJSONTests: XCTestCase {
    /// One event of each kind, with the values and texts that need care in JSON.
    private var events: [SessionEvent] {
        let level = DemandLevel(requested: .max(3), delivered: 1)
        let kinds: [SessionEvent.Kind] = [
            .defined(name: "s", entity: "subject"), .dropped(name: "s"), .subscribed(lane: "out"),
            .requested(lane: "out", demand: .max(2), level: level),
            .requested(lane: "out", demand: .unlimited, level: DemandLevel(requested: .unlimited, delivered: 12)),
            .received(lane: "out", value: .int(-40), level: level), .received(lane: "out:1", value: .null, level: nil),
            .sent(lane: "s", value: .string("a \"quoted\" \\ line\nwith\ttabs, \u{1} and é ✓ /")),
            .sent(lane: "s", value: .bool(true)), .sent(lane: "s", value: .double(1.5)),
            .sent(lane: "s", value: .array([.int(1), .string("x")])),
            .sent(lane: "s", value: .record([Value.Field("a", .int(1))])),
            .completed(lane: "out", completion: .finished), .completed(lane: "out", completion: .failed("boom")),
            .cancelled(lane: "out"), .valueDropped(subject: "s", subscriber: "out", value: .int(5)),
            .valueDropped(subject: "s", subscriber: nil, value: .string("")),
            .clockMoved(from: 0, to: 1_500_000_000), .clockReset,
            .printed(kind: .info, text: "s: PassthroughSubject"),
            .error(message: "no such name", range: SessionEvent.SourceRange(file: nil, line: 1, startColumn: 2,
                                                                             endColumn: 4)),
            .checked(file: "a.conduit", line: 3, passed: false, message: "expected 1"),
        ]
        return kinds.enumerated().map { index, kind in
            SessionEvent(sequence: index + 1, time: index * 1_000,
                         origin: index == 3 ? .engine(publisher: "Map") : .session, kind: kind)
        }
    }

    private func parsed(_ data: Data) throws -> NSDictionary {
        try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }

    func testABatchIsWhatJSONEncoderWrites() throws {
        let entries = [
            TranscriptEntry(sequence: 7, input: "send s \"x\"", events: events, revealed: Array(events.prefix(3)),
                            skipped: 12),
            TranscriptEntry(sequence: 8, input: "", events: []),
        ]
        let state = LiveState(clock: "1.5s", now: 1_500_000_000, tree: [], hidden: ["out"], groups: [["s", "out"]])
        for message in [LiveMessage.batch(entries: entries, state: state), .batch(entries: entries, state: nil),
                        .snapshot(transcript: entries, state: state), .answer(accepted: true, message: "ok")] {
            let written = Data(LiveJSON.frame(message).readableBytesView)
            XCTAssertEqual(try parsed(written), try parsed(JSONEncoder().encode(message)))
            XCTAssertEqual(try JSONDecoder().decode(LiveMessage.self, from: written), message)
        }
    }
}
