#if Postgres
import Foundation

/// Where a room's connection stands, as `subs` and `inspect` show it.
public enum RoomStatus: Equatable, Sendable, CustomStringConvertible {
    case connected(since: Date)
    /// The connection was lost at `since`; `attempt` reconnections have failed so far, the last with `lastError`.
    case reconnecting(since: Date, attempt: Int, lastError: String)
    case closed

    public var description: String {
        switch self {
        case .connected:
            return "connected"
        case .reconnecting(let since, let attempt, let lastError):
            let seconds = Int(Date().timeIntervalSince(since).rounded())
            return "reconnecting for \(seconds) s (attempt \(attempt)\(lastError.isEmpty ? "" : ": \(lastError)"))"
        case .closed:
            return "closed"
        }
    }
}
#endif
