import ConduitPlayground

/// One line the teacher typed and what it printed, numbered in the order it ran.
public struct TranscriptEntry: Codable, Equatable, Sendable {
    /// Position in the session's transcript, from 1.
    public let sequence: Int
    public let input: String
    public let output: [Output]

    /// One output record: its kind (`value`, `completion`, `trace`, `info`, `error`, `marbles`)
    /// and text.
    public struct Output: Codable, Equatable, Sendable {
        public let kind: String
        public let text: String
    }

    public init(sequence: Int, input: String, records: [OutputRecord]) {
        self.sequence = sequence
        self.input = input
        output = records.map { Output(kind: $0.kind.name, text: $0.text) }
    }
}

/// What the session looks like now: the subscription tree with demand, and the marble diagram of
/// every subject and sink as SVG.
public struct LiveState: Codable, Equatable, Sendable {
    public let tree: String
    public let marbles: String
    /// The session's clock, as the playground writes it (`1.5s`).
    public let clock: String

    public init(tree: String, marbles: String, clock: String) {
        self.tree = tree
        self.marbles = marbles
        self.clock = clock
    }

    public static let empty = LiveState(tree: "", marbles: "", clock: "0s")
}

/// A message pushed to the page: the whole picture (on connecting, or after falling behind),
/// one new transcript entry, or a new state.
public enum LiveMessage: Codable, Equatable, Sendable {
    case snapshot(transcript: [TranscriptEntry], state: LiveState)
    case entry(TranscriptEntry)
    case state(LiveState)
}
