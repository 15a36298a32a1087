#if Postgres
/// A channel's counts as `subs` and `inspect` show them: what arrived, what the buffers dropped,
/// how many gaps there were, what this room sent, and what waits now.
public struct ChannelStatistics: Equatable, Sendable {
    public let channel: String
    /// Whether the connection listens to the channel now.
    public let listening: Bool
    public let received: Int
    /// Notifications dropped by full subscription buffers (summed over subscriptions).
    public let dropped: Int
    public let gaps: Int
    public let sent: Int
    public let subscribers: Int
    /// Notifications waiting in the subscriptions' buffers now.
    public let buffered: Int
    public let buffer: ChannelBuffer
}
#endif
