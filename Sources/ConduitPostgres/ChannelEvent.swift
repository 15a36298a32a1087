#if Postgres
/// What a channel publishes: each notification's value in the order the server sent them, a gap when
/// the connection was lost and listening resumed, or a payload that could not be read as the type.
public enum ChannelEvent<Payload: Sendable>: Sendable {
    case value(Payload)
    case gap(NotificationGap)
    /// A notification whose payload is not a `Payload` (another program sent something else).
    case undecodable(payload: String, reason: String)

    /// The value, when this is one.
    public var value: Payload? {
        if case .value(let payload) = self { return payload }
        return nil
    }

    /// Whether this event is a gap: gaps are never dropped by a full buffer.
    var isGap: Bool {
        if case .gap = self { return true }
        return false
    }
}

extension ChannelEvent: Equatable where Payload: Equatable {}
#endif
