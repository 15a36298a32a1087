import ConduitPlayground

/// The words the page writes for the session's events, on the server (the first HTML) the same as
/// the page's script writes them (`LivePageScript`'s `lineOf`, `demandText`, `clockText`): the
/// transcript's line for an event that prints one, a demand level, a time.
enum LiveText {
    /// The transcript line of `event` and its class (`value`, `completion`, `trace`, `info`,
    /// `error`, `marbles`), or nil for an event that prints nothing by itself.
    static func line(of event: SessionEvent) -> (kind: String, text: String)? {
        let stamp = event.time > 0 ? "   @" + clock(event.time) : ""
        if case .engine(let publisher) = event.origin {
            guard let lane = event.kind.lane else { return nil }
            switch event.kind {
            case .subscribed: return ("trace", "\(lane): receive subscription: (\(publisher))")
            case .requested(_, let demand, _):
                return ("trace", "\(lane): " + (demand.max.map { "request max: (\($0))" } ?? "request unlimited"))
            case .received(_, let value, _): return ("trace", "\(lane): receive value: (\(value))")
            case .completed(_, .finished): return ("trace", "\(lane): receive finished")
            case .completed(_, .failed(let error)): return ("trace", "\(lane): receive error: (\(error))")
            case .cancelled: return ("trace", "\(lane): receive cancel")
            default: return nil
            }
        }
        switch event.kind {
        case .received(let lane, let value, _): return ("value", "\(lane) ← \(value)\(stamp)")
        case .completed(let lane, .finished): return ("completion", "\(lane) ✓ finished\(stamp)")
        case .completed(let lane, .failed(let error)): return ("completion", "\(lane) ✗ failed: \(error)\(stamp)")
        case .printed(let kind, let text): return (kind.name, text)
        case .error(let message, _): return ("error", message)
        case .checked(let file, let line, let passed, let message):
            return (passed ? "completion" : "error",
                    (passed ? "✓ " : "✗ ") + "\(file):\(line)" + (message.map { ": " + $0 } ?? ""))
        default: return nil
        }
    }

    /// `requested 3 · delivered 2 · outstanding 1`, or `requested unlimited · delivered 2`.
    static func demand(_ level: DemandLevel) -> String {
        guard let requested = level.requested.max else { return "requested unlimited · delivered \(level.delivered)" }
        return "requested \(requested) · delivered \(level.delivered) · outstanding \(level.outstanding ?? 0)"
    }

    /// A time on the session's clock as the playground writes it: `0s`, `1500ms`, `20us`.
    static func clock(_ nanoseconds: Int) -> String {
        if nanoseconds % 1_000_000_000 == 0 { return "\(nanoseconds / 1_000_000_000)s" }
        if nanoseconds % 1_000_000 == 0 || nanoseconds >= 1_000_000 { return "\(nanoseconds / 1_000_000)ms" }
        return nanoseconds % 1_000 == 0 ? "\(nanoseconds / 1_000)us" : "\(nanoseconds)ns"
    }

    /// `text` safe inside HTML text and attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
