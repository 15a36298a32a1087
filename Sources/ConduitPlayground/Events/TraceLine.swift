/// The trace line of an event the engine reported on a traced sink's link, in the words of
/// Combine's `print()` operator: `out: receive value: (5)`. While the sink's demand is limited, its
/// request and value lines end with the demand after them (requested, delivered, outstanding).
enum TraceLine {
    /// The line, or nil for an event `trace` does not show.
    static func text(of event: SessionEvent) -> String? {
        guard case .engine(let publisher) = event.origin, let lane = event.kind.lane else { return nil }
        let text: String
        switch event.kind {
        case .subscribed: text = "receive subscription: (\(publisher))"
        case .requested(_, let demand, let level):
            text = (demand == .unlimited ? "request unlimited" : "request max: (\(demand.max ?? 0))")
                + (level.outstanding.map {
                    "   (requested \(level.requested.max ?? 0), delivered \(level.delivered), outstanding \($0))"
                } ?? "")
        case .received(_, let value, let level):
            text = "receive value: (\(value))" + (level.flatMap { level in
                level.outstanding.map { "   (delivered \(level.delivered), outstanding \($0))" }
            } ?? "")
        case .completed(_, .finished): text = "receive finished"
        case .completed(_, .failed(let error)): text = "receive error: (\(error))"
        case .cancelled: text = "receive cancel"
        default: return nil
        }
        return "\(lane): \(text)"
    }
}
