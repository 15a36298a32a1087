#if Postgres
/// Where notifications wait while a subscriber has no demand, and what happens when it is full.
///
/// The default keeps the newest 1,024 notifications per subscription: when one more arrives, the
/// oldest waiting notification is dropped and counted (live data is worth more fresh). Gaps are
/// never dropped, so a subscriber always learns that notifications were lost while it was away.
public struct ChannelBuffer: Equatable, Sendable, CustomStringConvertible {
    /// Which notification a full buffer gives up.
    public enum Policy: String, Equatable, Sendable {
        /// The oldest waiting notification is dropped to make room for the new one.
        case dropOldest
        /// The new notification is dropped; those already waiting are kept.
        case dropNewest
    }

    /// How many notifications may wait per subscription (at least 1).
    public let capacity: Int
    public let policy: Policy

    public init(capacity: Int = 1_024, policy: Policy = .dropOldest) {
        self.capacity = max(1, capacity)
        self.policy = policy
    }

    public var description: String {
        "\(capacity) per subscription, " + (policy == .dropOldest ? "dropping the oldest" : "dropping the newest")
    }
}
#endif
