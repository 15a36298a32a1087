/// One piece of output of the playground: a sink's value or completion, a trace line,
/// information, an error, or a marble diagram. The text is the terminal's (which adds colour by
/// kind); `event` is the recorded event it was written from, where there is one.
public struct OutputRecord: Sendable, Equatable, CustomStringConvertible {
    /// What a record is, which decides its colour at the terminal.
    public enum Kind: Sendable, Equatable {
        /// A sink's value; a sink's completion; a trace line; information; an error; a marble diagram.
        case value, completion, trace, info, error, marbles
    }

    /// What the record is.
    public let kind: Kind
    /// The text as the terminal shows it, without colour.
    public let text: String
    /// The event this line tells of (a value received, a completion, a trace step, an error, text
    /// printed); nil for a record not made by a session.
    public let event: SessionEvent?

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - kind: What the record is.
    ///   - text: The text as the terminal shows it.
    ///   - event: The recorded event it tells of, if any.
    public init(kind: Kind, text: String, event: SessionEvent? = nil) {
        self.kind = kind
        self.text = text
        self.event = event
    }

    /// This record with `event` as the event it came from.
    func with(_ event: SessionEvent) -> OutputRecord {
        OutputRecord(kind: kind, text: text, event: event)
    }

    public var description: String { text }

    /// Two records are equal when they print the same: the kind and the text.
    public static func == (lhs: OutputRecord, rhs: OutputRecord) -> Bool {
        lhs.kind == rhs.kind && lhs.text == rhs.text
    }
}
