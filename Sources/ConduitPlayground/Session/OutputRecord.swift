/// One piece of output of the playground: a sink's value or completion, a trace line,
/// information, an error, or a marble diagram. Plain text; the terminal adds colour by kind.
public struct OutputRecord: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case value, completion, trace, info, error, marbles
    }

    public let kind: Kind
    public let text: String

    public init(kind: Kind, text: String) {
        self.kind = kind
        self.text = text
    }

    public var description: String { text }
}
