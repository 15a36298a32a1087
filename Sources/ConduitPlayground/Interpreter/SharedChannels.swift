import Conduit
import Foundation

/// Channels shared with other processes, as the playground sees them: `conduit` built with the
/// `Postgres` trait connects them to PostgreSQL's LISTEN/NOTIFY (ConduitPostgres), and sets
/// `SharedRooms.connector`; without it, `Postgres(...)` says how to start a playground that has it.
public protocol SharedRoomConnector: Sendable {
    /// Connects to the server at `url`; throws an error whose description is one line without the password.
    func connect(_ url: String) throws -> any SharedRoom
}

/// A connection to a server whose channels other processes share.
public protocol SharedRoom: AnyObject, Sendable {
    /// The address, without its password.
    var address: String { get }
    /// `connected`, `reconnecting for 3 s (attempt 2: ...)` or `closed`.
    var status: String { get }
    /// The channel `name`; throws a one-line error for a name the server would not take.
    func channel(_ name: String) throws -> any SharedChannel
    /// Closes the connection (the session's `reset` and its end).
    func close()
}

/// What a shared channel hands its listener: a notification's payload, or a gap in which
/// notifications were lost, said in a sentence.
public enum SharedChannelEvent: Sendable {
    /// A notification's payload, as the server delivered it.
    case payload(String)
    /// Notifications were lost while the connection was down: when, and why, in a sentence.
    case gap(String)
}

/// One channel of a shared room: payloads are text (the playground writes and reads values as JSON).
public protocol SharedChannel: AnyObject, Sendable {
    /// The channel's name on the server.
    var name: String { get }
    /// Sends `payload` to every listener of the channel; throws a one-line error when it cannot be sent.
    func send(_ payload: String) throws
    /// Hands `receive` one event at a time: it calls its second argument when it is ready for the next,
    /// so that what arrives meanwhile waits in the channel's bounded buffer (and is counted if dropped).
    func listen(
        _ receive: @escaping @Sendable (SharedChannelEvent, _ ready: @escaping @Sendable () -> Void) -> Void
    ) -> AnyCancellable
    /// Whether it listens, what it received, dropped, holds and sent, and its buffer's policy.
    var statistics: String { get }
}

/// The connector `conduit` sets when it is built with the `Postgres` trait, for every session.
public enum SharedRooms {
    private static let slot = LockedValue<(any SharedRoomConnector)?>(nil)

    /// Sets the connector `Postgres(URL)` uses.
    public static func use(_ connector: any SharedRoomConnector) {
        slot.withLock { $0 = connector }
    }

    static var connector: (any SharedRoomConnector)? { slot.withLock { $0 } }

    /// Leaves no connector (tests of the playground built without the trait).
    static func removeConnector() {
        slot.withLock { $0 = nil }
    }

    /// What `Postgres(...)` says in a playground built without the trait.
    static let unavailable = "this playground is built without PostgreSQL channels: start one with them by "
        + "`scripts/conduit --postgres` (or build with `swift build --traits Postgres`)"
}

/// A session's rooms by name (`let room = Postgres(URL)`), closed when the session ends.
final class SessionRooms: Sendable {
    private let rooms = LockedValue<[String: any SharedRoom]>([:])

    subscript(name: String) -> (any SharedRoom)? {
        rooms.withLock { $0[name] }
    }

    func add(_ room: any SharedRoom, as name: String) {
        let replaced = rooms.withLock { rooms -> (any SharedRoom)? in
            defer { rooms[name] = room }
            return rooms[name]
        }
        replaced?.close()
    }

    func closeAll() {
        let all = rooms.withLock { rooms -> [any SharedRoom] in
            defer { rooms = [:] }
            return Array(rooms.values)
        }
        all.forEach { $0.close() }
    }
}
