import ConduitPlayground

/// Where the interactive loop sends each statement and its output besides the terminal: the live
/// page of `conduit serve` (ConduitServe's `LiveSession`, wired in ServeCommand.swift). A protocol,
/// so that the loop builds without the server when the `Serve` trait is off.
protocol LiveTranscript: AnyObject, Sendable {
    /// A statement typed and what it printed.
    func record(input: String, records: [OutputRecord], session: Session)
    /// Output the session produced later, on another thread (real-time mode).
    func recordAsynchronous(_ record: OutputRecord)
    /// Sends what changed (marbles, the subscription tree) since the last flush.
    func flush(_ session: Session)
}
