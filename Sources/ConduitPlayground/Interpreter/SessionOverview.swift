/// The session at a glance, for a viewer that draws it elsewhere (the live page): the
/// subscription tree as `subs` prints it, the marble lanes of every subject and sink in the order
/// they were made, and the virtual or real time now.
public struct SessionOverview: Sendable {
    /// The subscription tree, as `subs` prints it.
    public let tree: String
    /// The marble lanes of every subject and sink, in the order they were made.
    public let lanes: [MarbleLane]
    /// Nanoseconds since the session's clock started.
    public let now: Int

    /// The clock as the playground writes it: `0s`, `1500ms`.
    public var clock: String { PlaygroundClock.format(nanoseconds: Int64(now)) }
}
