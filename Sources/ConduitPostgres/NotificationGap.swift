#if Postgres
import Foundation

/// A stretch of time when the room was not listening: NOTIFY keeps nothing for a listener that is
/// away, so whatever was sent between `start` and `end` is lost, and the subscriber is told so.
public struct NotificationGap: Equatable, Sendable, CustomStringConvertible {
    /// When the connection was found lost.
    public let start: Date
    /// When the channel was listened to again on a new connection.
    public let end: Date
    /// Why the connection was lost, as the client library said it.
    public let reason: String

    public init(start: Date, end: Date, reason: String) {
        self.start = start
        self.end = end
        self.reason = reason
    }

    /// How long the gap lasted, in seconds.
    public var duration: TimeInterval { end.timeIntervalSince(start) }

    public var description: String {
        let seconds = (duration * 10).rounded() / 10
        return "gap of \(seconds) s from \(start.formatted(.iso8601)): notifications sent then are lost (\(reason))"
    }
}
#endif
