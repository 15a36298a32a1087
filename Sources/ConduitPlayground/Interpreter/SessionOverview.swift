/// The session at a glance, for a viewer that draws it elsewhere (the live page): the
/// subscription tree (as data, and as `subs` prints it), the marble lanes of every subject and sink in the order
/// they were made, and the virtual or real time now.
public struct SessionOverview: Sendable {
    /// The names and the subscriptions between them, as data.
    public let subscriptions: SubscriptionTree
    /// The subscription tree, as `subs` prints it.
    public var tree: String { subscriptions.text }
    /// The marble lanes of every subject and sink, in the order they were made.
    public let lanes: [MarbleLane]
    /// Nanoseconds since the session's clock started.
    public let now: Int

    /// The clock as the playground writes it: `0s`, `1500ms`.
    public var clock: String { PlaygroundClock.format(nanoseconds: Int64(now)) }
}
