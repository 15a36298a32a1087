#if Postgres
/// How a room behaves: how its channels buffer, how it retries a lost connection, how many sends it
/// holds while the connection is down.
public struct RoomOptions: Sendable {
    /// Each subscription's buffer for notifications that arrive while it has no demand.
    public var buffer: ChannelBuffer
    /// The first wait before reconnecting, doubled after each failed attempt up to `maximumBackoff`.
    public var initialBackoff: Duration
    public var maximumBackoff: Duration
    /// How long one connection attempt may take.
    public var connectTimeout: Duration
    /// How many sends may wait for the connection (while it is down); more are refused.
    public var outboxCapacity: Int

    public init(
        buffer: ChannelBuffer = ChannelBuffer(),
        initialBackoff: Duration = .milliseconds(100),
        maximumBackoff: Duration = .seconds(5),
        connectTimeout: Duration = .seconds(5),
        outboxCapacity: Int = 10_000
    ) {
        self.buffer = buffer
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.connectTimeout = connectTimeout
        self.outboxCapacity = outboxCapacity
    }

    /// The wait before reconnection attempt `attempt` (1 for the first).
    func backoff(attempt: Int) -> Duration {
        var wait = initialBackoff
        for _ in 1..<max(1, min(attempt, 30)) where wait < maximumBackoff {
            wait *= 2
        }
        return min(wait, maximumBackoff)
    }
}
#endif
