import ConduitPlayground

/// One line the teacher typed and the session's typed events it caused (docs/events.md), numbered
/// in the order it ran. The page draws the transcript and the marbles from these events.
public struct TranscriptEntry: Codable, Equatable, Sendable {
    /// Position in the session's transcript, from 1.
    public let sequence: Int
    /// The line typed; empty for events that came between lines (real-time timers).
    public let input: String
    /// The events, oldest first (at most `LiveSession.eventLimit`; `skipped` says how many more).
    public let events: [SessionEvent]
    /// The events of a sink that was hidden until this line (`reveal`): drawn, not listed again.
    public let revealed: [SessionEvent]
    /// Events of this line left out to keep an entry small (a loop that sent 100,000 values).
    public let skipped: Int

    enum CodingKeys: String, CodingKey {
        case sequence = "seq", input, events, revealed, skipped
    }

    public init(sequence: Int, input: String, events: [SessionEvent], revealed: [SessionEvent] = [], skipped: Int = 0) {
        self.sequence = sequence
        self.input = input
        self.events = events
        self.revealed = revealed
        self.skipped = skipped
    }
}

/// What the session looks like now, besides its events: the clock, the subscription tree as nodes
/// with demand, the sinks hidden from the room, the lanes grouped by pipeline, the lanes the
/// presenter view shows, the room's predictions.
public struct LiveState: Codable, Equatable, Sendable {
    /// The session's clock, as the playground writes it (`1.5s`), and in nanoseconds.
    public let clock: String
    public let now: Int
    public let tree: [LiveTreeNode]
    /// Sinks hidden by `hide`: their values reach the page only at `reveal`.
    public let hidden: [String]
    /// The names the page draws a lane for, by pipeline: a source (subject, cold source, object)
    /// and the sinks built on it, in the order they were made (`SessionOverview.laneGroups`).
    public let groups: [[String]]
    /// The lanes the presenter view (`?present`) shows, as `serve --lanes` or `lanes` picked them;
    /// empty for every lane.
    public let present: [String]
    /// How many predictions each hidden sink has.
    public let predictions: [String: Int]
    /// The latest reveals: `14 of 22 right; most common mistake: ...`, each with who was right.
    public let tallies: [LiveTally]

    public init(clock: String, now: Int, tree: [LiveTreeNode], hidden: [String] = [], groups: [[String]] = [],
                present: [String] = [], predictions: [String: Int] = [:], tallies: [LiveTally] = []) {
        self.clock = clock
        self.now = now
        self.tree = tree
        self.hidden = hidden
        self.groups = groups
        self.present = present
        self.predictions = predictions
        self.tallies = tallies
    }

    public static let empty = LiveState(clock: "0s", now: 0, tree: [])

    /// The same state with other prediction counts.
    func with(predictions counts: [String: Int]) -> LiveState {
        LiveState(clock: clock, now: now, tree: tree, hidden: hidden, groups: groups, present: present,
                  predictions: counts, tallies: tallies)
    }
}

/// A reveal's tally as the page shows it.
public struct LiveTally: Codable, Equatable, Sendable {
    public let sink: String
    public let summary: String
    public let right: [String]
    public let wrong: [String]

    public init(_ tally: PredictionTally) {
        sink = tally.sink
        summary = tally.summary
        right = tally.authors.filter(\.right).map(\.name)
        wrong = tally.authors.filter { !$0.right }.map(\.name)
    }
}

/// A message pushed to the page: the whole picture (on connecting, or after falling behind); the
/// entries and state that waited for a viewer, as one frame; or the answer to what it sent.
public enum LiveMessage: Codable, Equatable, Sendable {
    case snapshot(transcript: [TranscriptEntry], state: LiveState)
    case batch(entries: [TranscriptEntry], state: LiveState?)
    case answer(accepted: Bool, message: String)

    enum CodingKeys: String, CodingKey {
        case type, transcript, state, entries, accepted, message
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .snapshot(let transcript, let state):
            try container.encode("snapshot", forKey: .type)
            try container.encode(transcript, forKey: .transcript)
            try container.encode(state, forKey: .state)
        case .batch(let entries, let state):
            try container.encode("batch", forKey: .type)
            try container.encode(entries, forKey: .entries)
            try container.encodeIfPresent(state, forKey: .state)
        case .answer(let accepted, let message):
            try container.encode("answer", forKey: .type)
            try container.encode(accepted, forKey: .accepted)
            try container.encode(message, forKey: .message)
        }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "snapshot":
            self = .snapshot(transcript: try container.decode([TranscriptEntry].self, forKey: .transcript),
                state: try container.decode(LiveState.self, forKey: .state))
        case "batch":
            self = .batch(entries: try container.decode([TranscriptEntry].self, forKey: .entries),
                state: try container.decodeIfPresent(LiveState.self, forKey: .state))
        case "answer":
            self = .answer(accepted: try container.decode(Bool.self, forKey: .accepted),
                message: try container.decode(String.self, forKey: .message))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container,
                debugDescription: "`\(other)` is not `snapshot`, `batch` or `answer`")
        }
    }
}
