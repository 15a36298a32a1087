/// The terminal's line for an event that prints one by itself, in today's words: a sink's value
/// (`out ← 5   @400ms`), its completion (`out ✓ finished`, `out ✗ failed: offline`), a trace line,
/// printed text. The time after a value or completion is the event's, once the clock has moved.
enum TerminalLine {
    /// The record the terminal prints for `event`, or nil for an event that prints nothing alone
    /// (a subscription, a request, a send, an error, which is printed with its source line).
    static func record(for event: SessionEvent) -> OutputRecord? {
        if case .engine = event.origin {
            return TraceLine.text(of: event).map { OutputRecord(kind: .trace, text: $0, event: event) }
        }
        switch event.kind {
        case .received(let lane, let value, _):
            return OutputRecord(kind: .value, text: "\(lane) ← \(value)\(stamp(event))", event: event)
        case .completed(let lane, .finished):
            return OutputRecord(kind: .completion, text: "\(lane) ✓ finished\(stamp(event))", event: event)
        case .completed(let lane, .failed(let message)):
            return OutputRecord(kind: .completion, text: "\(lane) ✗ failed: \(message)\(stamp(event))", event: event)
        case .printed(let kind, let text):
            return OutputRecord(kind: kind, text: text, event: event)
        default:
            return nil
        }
    }

    /// ` @400ms` once the clock has moved, so output says when it happened.
    static func stamp(_ event: SessionEvent) -> String {
        event.time > 0 ? "   @\(PlaygroundClock.format(nanoseconds: Int64(event.time)))" : ""
    }
}
