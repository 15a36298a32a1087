#if Postgres
/// What a room or a channel refuses, said in one line: what went wrong, where, and what would be right.
public enum PostgresChannelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The address is not a PostgreSQL URL this module can use (the reason says which part).
    case badAddress(String)
    /// The server could not be reached or refused the connection (the address is shown without its password).
    case connectionFailed(address: String, reason: String)
    /// A channel name PostgreSQL would not take as it is (1 to 63 bytes of letters, digits, `_`, `.`, `-`).
    case badChannelName(String)
    /// A payload of `bytes` bytes: PostgreSQL's NOTIFY takes fewer than 8,000.
    case payloadTooLarge(channel: String, bytes: Int)
    /// The value could not be written as the channel's payload (JSON encoding failed).
    case encodingFailed(channel: String, reason: String)
    /// More sends wait for the connection than the room holds (`RoomOptions.outboxCapacity`).
    case outboxFull(channel: String, capacity: Int)
    /// The room was closed.
    case closed

    /// The largest payload NOTIFY accepts, in bytes of UTF-8.
    public static let maximumPayloadBytes = 7_999

    public var description: String {
        switch self {
        case .badAddress(let reason):
            return "not a PostgreSQL address: \(reason) (expected postgres://user@host:5432/database)"
        case .connectionFailed(let address, let reason):
            return "cannot connect to \(address): \(reason)"
        case .badChannelName(let name):
            return "channel name \"\(name)\" is not usable: use 1 to 63 letters, digits, '_', '.' or '-'"
        case .payloadTooLarge(let channel, let bytes):
            return "payload for channel \"\(channel)\" is \(bytes) bytes; PostgreSQL's NOTIFY takes at most "
                + "\(Self.maximumPayloadBytes) (send a key and keep the value in a table)"
        case .encodingFailed(let channel, let reason):
            return "cannot encode a value for channel \"\(channel)\": \(reason)"
        case .outboxFull(let channel, let capacity):
            return "send on channel \"\(channel)\" refused: \(capacity) sends already wait for the connection"
        case .closed:
            return "the PostgreSQL room is closed"
        }
    }
}
#endif
