import ConduitPlayground
import Foundation
import NIOCore

/// The live page's frames written as JSON bytes directly: the transcript entries and the common
/// events (a value sent, received or dropped, demand, subscriptions, names, the clock, printed text)
/// field by field, the same JSON that `JSONEncoder` makes of them (docs/events.md, its keys in
/// another order), at a tenth of the cost; anything else (an error, a check, a record, an array, a
/// number with a fraction) and the state through `JSONEncoder`. Encoding the entries was half the
/// server's work with 200 viewers.
struct LiveJSON {
    private var bytes: [UInt8] = []
    private let encoder = JSONEncoder()

    /// A batch frame: `entries` and, when it changed, `state`.
    static func batch(entries: [TranscriptEntry], state: LiveState?) -> ByteBuffer {
        var json = LiveJSON()
        json.bytes.reserveCapacity(64 + entries.count * 192)
        json.raw(#"{"type":"batch","entries":"#)
        json.entries(entries)
        if let state {
            json.raw(#","state":"#)
            json.encoded(state)
        }
        json.raw("}")
        return ByteBuffer(bytes: json.bytes)
    }

    /// A snapshot frame: the transcript and the state.
    static func snapshot(transcript: [TranscriptEntry], state: LiveState) -> ByteBuffer {
        var json = LiveJSON()
        json.bytes.reserveCapacity(64 + transcript.count * 192)
        json.raw(#"{"type":"snapshot","transcript":"#)
        json.entries(transcript)
        json.raw(#","state":"#)
        json.encoded(state)
        json.raw("}")
        return ByteBuffer(bytes: json.bytes)
    }

    /// A message of any kind (an answer): through `JSONEncoder`, except batches and snapshots.
    static func frame(_ message: LiveMessage) -> ByteBuffer {
        switch message {
        case .batch(let entries, let state): return batch(entries: entries, state: state)
        case .snapshot(let transcript, let state): return snapshot(transcript: transcript, state: state)
        case .answer:
            var json = LiveJSON()
            json.encoded(message)
            return ByteBuffer(bytes: json.bytes)
        }
    }

    private mutating func entries(_ entries: [TranscriptEntry]) {
        raw("[")
        for (index, entry) in entries.enumerated() {
            if index > 0 { raw(",") }
            raw(#"{"seq":"#)
            int(entry.sequence)
            raw(#","input":"#)
            string(entry.input)
            raw(#","events":"#)
            events(entry.events)
            raw(#","revealed":"#)
            events(entry.revealed)
            raw(#","skipped":"#)
            int(entry.skipped)
            raw("}")
        }
        raw("]")
    }

    private mutating func events(_ events: [SessionEvent]) {
        raw("[")
        for (index, event) in events.enumerated() {
            if index > 0 { raw(",") }
            self.event(event)
        }
        raw("]")
    }

    private mutating func event(_ event: SessionEvent) {
        // What only JSONEncoder writes: the rare kinds, and values other than plain scalars.
        switch event.kind {
        case .error, .checked:
            return encoded(event)
        case .received(_, let value, _), .sent(_, let value), .valueDropped(_, _, let value):
            guard isPlain(value) else { return encoded(event) }
        default:
            break
        }
        raw(#"{"seq":"#)
        int(event.sequence)
        raw(#","time":"#)
        int(event.time)
        switch event.origin {
        case .session:
            raw(#","origin":"session""#)
        case .engine(let publisher):
            raw(#","origin":"engine","publisher":"#)
            string(publisher)
        }
        raw(#","kind":"#)
        string(event.kind.name)
        switch event.kind {
        case .defined(let name, let entity):
            field("name", name)
            field("entity", entity)
        case .dropped(let name):
            field("name", name)
        case .subscribed(let lane), .cancelled(let lane):
            field("lane", lane)
        case .innerSubscribed(let lane, let owner, let publisher):
            field("lane", lane)
            field("owner", owner)
            field("publisher", publisher)
        case .requested(let lane, let demand, let level):
            field("lane", lane)
            raw(#","demand":"#)
            self.demand(demand.max)
            raw(#","level":"#)
            self.level(level)
        case .received(let lane, let value, let level):
            field("lane", lane)
            raw(#","value":"#)
            plain(value)
            if let level {
                raw(#","level":"#)
                self.level(level)
            }
        case .sent(let lane, let value):
            field("lane", lane)
            raw(#","value":"#)
            plain(value)
        case .completed(let lane, let completion):
            field("lane", lane)
            switch completion {
            case .finished:
                raw(#","completion":"finished""#)
            case .failed(let error):
                raw(#","completion":"failed""#)
                field("error", error)
            }
        case .valueDropped(let subject, let subscriber, let value):
            field("subject", subject)
            if let subscriber { field("subscriber", subscriber) }
            raw(#","value":"#)
            plain(value)
        case .clockMoved(let from, let to):
            raw(#","from":"#)
            int(from)
            raw(#","to":"#)
            int(to)
        case .clockReset:
            break
        case .printed(let kind, let text):
            field("output", kind.name)
            field("text", text)
        case .error, .checked:
            break
        }
        raw("}")
    }

    /// Whether this writer writes `value` itself: an integer, a string, a boolean or nil.
    private func isPlain(_ value: Value) -> Bool {
        switch value {
        case .int, .string, .bool, .null: return true
        default: return false
        }
    }

    private mutating func plain(_ value: Value) {
        switch value {
        case .int(let number): int(number)
        case .string(let text): string(text)
        case .bool(let flag): raw(flag ? "true" : "false")
        default: raw("null")
        }
    }

    /// A demand: its count, or `"unlimited"` (when it has no maximum).
    private mutating func demand(_ max: Int?) {
        if let max { int(max) } else { raw(#""unlimited""#) }
    }

    private mutating func level(_ level: DemandLevel) {
        raw(#"{"requested":"#)
        demand(level.requested.max)
        raw(#","delivered":"#)
        int(level.delivered)
        raw("}")
    }

    private mutating func field(_ key: StaticString, _ value: String) {
        raw(",\"")
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        raw("\":")
        string(value)
    }

    /// A value through `JSONEncoder` (which cannot fail on these types).
    private mutating func encoded<Item: Encodable>(_ item: Item) {
        bytes.append(contentsOf: (try? encoder.encode(item)) ?? Data("null".utf8))
    }

    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func int(_ number: Int) {
        if number >= 0, number < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(number))
        } else {
            bytes.append(contentsOf: String(number).utf8)
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped.
    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw(#"\""#)
            case UInt8(ascii: "\\"): raw(#"\\"#)
            case UInt8(ascii: "\n"): raw(#"\n"#)
            case UInt8(ascii: "\r"): raw(#"\r"#)
            case UInt8(ascii: "\t"): raw(#"\t"#)
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
