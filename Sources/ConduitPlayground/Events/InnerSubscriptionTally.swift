/// The inner subscriptions of one sink or pipeline, as `subs` and `inspect` show them: how many the
/// publishers its closures returned (`flatMap`, `switchToLatest`, `catch`) were subscribed to, and
/// the live ones by the publisher's description. Folded from `innerSubscribed` events and the
/// completion or cancel of their lanes, by the `EventRecorder`.
struct InnerSubscriptionTally {
    private(set) var made = 0
    private(set) var live: [String: Int] = [:]

    mutating func began(_ publisher: String) {
        made += 1
        live[publisher, default: 0] += 1
    }

    mutating func ended(_ publisher: String) {
        guard let count = live[publisher] else { return }
        live[publisher] = count > 1 ? count - 1 : nil
    }

    /// `inner subscriptions: 3 made, 1 live: Just($0).delay(for: 1s)`; nil if none was made.
    var summary: String? {
        guard made > 0 else { return nil }
        let count = live.values.reduce(0, +)
        let shown = live.sorted { $0.key < $1.key }.map { $0.value > 1 ? "\($0.key) ×\($0.value)" : $0.key }
        return "inner subscriptions: \(made) made, \(count) live"
            + (shown.isEmpty ? "" : ": " + shown.joined(separator: ", "))
    }
}
