/// Something a marble diagram draws on a lane: a value, or one of the four moments of a
/// subscription's life (`^` subscribed, `|` finished, `#` failed, `!` cancelled).
public enum MarbleEvent: Hashable, Sendable {
    /// The subscription started (`^`).
    case subscribed
    /// A value was delivered.
    case value(Value)
    /// The publisher finished (`|`).
    case finished
    /// The publisher failed with this message (`#`).
    case failed(String)
    /// The subscriber cancelled (`!`).
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
    /// The lane's name, drawn at its left: a subject's or a sink's.
    public let name: String
    /// Its events in order, each with its virtual time in nanoseconds.
    public var events: [(time: Int, event: MarbleEvent)]

    /// Creates a lane.
    ///
    /// - Parameters:
    ///   - name: The lane's name.
    ///   - events: Its events in order, each with its virtual time in nanoseconds.
    public init(name: String, events: [(time: Int, event: MarbleEvent)]) {
        self.name = name
        self.events = events
    }

    public static func == (lhs: MarbleLane, rhs: MarbleLane) -> Bool {
        lhs.name == rhs.name && lhs.events.map(\.time) == rhs.events.map(\.time)
            && lhs.events.map(\.event) == rhs.events.map(\.event)
    }
}
