/// Something a marble diagram draws on a lane: a value, or one of the four moments of a
/// subscription's life (`^` subscribed, `|` finished, `#` failed, `!` cancelled).
public enum MarbleEvent: Hashable, Sendable {
    case subscribed
    case value(Value)
    case finished
    case failed(String)
    case cancelled

    /// The glyph of a lifecycle event; `nil` for a value, whose symbol depends on the diagram.
    public var glyph: Character? {
        switch self {
        case .subscribed: return "^"
        case .finished: return "|"
        case .failed: return "#"
        case .cancelled: return "!"
        case .value: return nil
        }
    }
}

/// One named row of a marble diagram: its events with the virtual time (ns) of each.
public struct MarbleLane: Equatable, Sendable {
    public let name: String
    public var events: [(time: Int, event: MarbleEvent)]

    public init(name: String, events: [(time: Int, event: MarbleEvent)]) {
        self.name = name
        self.events = events
    }

    public static func == (lhs: MarbleLane, rhs: MarbleLane) -> Bool {
        lhs.name == rhs.name && lhs.events.map(\.time) == rhs.events.map(\.time)
            && lhs.events.map(\.event) == rhs.events.map(\.event)
    }
}
