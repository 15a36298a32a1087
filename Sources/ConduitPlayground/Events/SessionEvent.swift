import Conduit

/// One effect of a statement or of the engine, as the session's `EventRecorder` recorded it: a name
/// made or dropped, a subscription's life (subscribed, demand, values, completion, cancel), a value
/// sent into a subject or dropped for lack of demand, the clock moving, text printed, an error at
/// its place, a check's result. Renderers (the terminal's lines, `marbles`, `trace`, the live
/// page's JSON, see docs/events.md) are functions of these events.
public struct SessionEvent: Sendable, Equatable {
    /// The event's place in the session: 1 for the first, one more for each event after it.
    public let sequence: Int
    /// When it happened on the session's clock (virtual unless `clock real`), in nanoseconds.
    public let time: Int
    /// Whether the interpreter or the engine's instrumentation saw it.
    public let origin: Origin
    /// What happened.
    public let kind: Kind

    /// Creates an event; the session's `EventRecorder` makes them, a test or a replay may too.
    ///
    /// - Parameters:
    ///   - sequence: Its place in the session, from 1.
    ///   - time: When it happened on the session's clock, in nanoseconds.
    ///   - origin: Whether the interpreter or the engine's instrumentation saw it.
    ///   - kind: What happened.
    public init(sequence: Int, time: Int, origin: Origin = .session, kind: Kind) {
        self.sequence = sequence
        self.time = time
        self.origin = origin
        self.kind = kind
    }

    /// Who recorded an event.
    public enum Origin: Sendable, Equatable {
        /// The interpreter: a sink, a subject, a marble lane or a statement of the session.
        case session
        /// The engine's `Instrumentation`, on the link of a traced sink to `publisher` (`Map`).
        case engine(publisher: String)
    }

    /// How a subscription ended.
    public enum Completion: Sendable, Equatable {
        /// The publisher finished.
        case finished
        /// The publisher failed with this error message.
        case failed(String)
    }

    /// What happened. A `lane` is what `marbles` draws a row for: a subject, a sink, an inner
    /// subscription of a closure (`out:1`), a cold source's playback (`c:2`), a hot timeline's label.
    public enum Kind: Sendable, Equatable {
        /// `name` now stands for a `entity` (`subject`, `sink`, `pipeline`, `constant`, ...).
        case defined(name: String, entity: String)
        /// `name` was forgotten (`drop`, or `reset` for every name).
        case dropped(name: String)
        /// The lane received its subscription.
        case subscribed(lane: String)
        /// A publisher that a closure of the sink or pipeline `owner` returned (`flatMap`,
        /// `switchToLatest`, `catch`) received its subscription; `lane` is its marble lane (`out:1`).
        case innerSubscribed(lane: String, owner: String, publisher: String)
        /// The lane asked for `demand` more values, leaving `level` (requested, delivered).
        case requested(lane: String, demand: Subscribers.Demand, level: DemandLevel)
        /// The lane received `value`; `level` is its demand after the delivery, when it keeps one.
        case received(lane: String, value: Value, level: DemandLevel?)
        /// The session sent `value` into the subject or hot timeline `lane`.
        case sent(lane: String, value: Value)
        /// The lane finished or failed.
        case completed(lane: String, completion: Completion)
        /// The lane's subscription was cancelled.
        case cancelled(lane: String)
        /// A value sent into `subject` met a subscription (of the sink `subscriber`, when known)
        /// with no outstanding demand, and the subject dropped it for that subscription.
        case valueDropped(subject: String, subscriber: String?, value: Value)
        /// `tick` moved the virtual clock from `from` to `to` nanoseconds.
        case clockMoved(from: Int, to: Int)
        /// The clock started again at 0 (`clock reset`, `reset`): what `marbles` drew is forgotten.
        case clockReset
        /// A line of output with no event of its own (information, a diagram, help).
        case printed(kind: OutputRecord.Kind, text: String)
        /// A statement failed with `message`, at `range` of its source when it has a place.
        case error(message: String, range: SourceRange?)
        /// A script's `#>` expectation at `line` of `file` was met or not (`message`: why not).
        case checked(file: String, line: Int, passed: Bool, message: String?)
    }

    /// Where in a source an error is: the line (from 1) and the columns (from 1, `end` past the
    /// last) it spans, in `file` when the source is a script.
    public struct SourceRange: Sendable, Equatable, Codable {
        enum CodingKeys: String, CodingKey {
            case file, line, startColumn, endColumn
        }

        /// The script the error is in; `nil` for a line typed at the prompt.
        public let file: String?
        /// The line, from 1.
        public let line: Int
        /// The first column the range covers, from 1.
        public let startColumn: Int
        /// The column just past the last one it covers.
        public let endColumn: Int

        /// Creates a range of columns on one line.
        ///
        /// - Parameters:
        ///   - file: The script it is in; `nil` for the prompt.
        ///   - line: The line, from 1.
        ///   - startColumn: The first column, from 1.
        ///   - endColumn: The column just past the last.
        public init(file: String?, line: Int, startColumn: Int, endColumn: Int) {
            self.file = file
            self.line = line
            self.startColumn = startColumn
            self.endColumn = endColumn
        }

        /// The range of `width` columns from column `start` (from 1) of `line`.
        init(file: String?, line: Int, from start: Int, width: Int) {
            self.init(file: file, line: line, startColumn: start, endColumn: start + width)
        }
    }
}

extension SessionEvent.Kind {
    /// The lane a subscription event belongs to; nil for events of no lane.
    public var lane: String? {
        switch self {
        case .subscribed(let lane), .innerSubscribed(let lane, _, _),
            .requested(let lane, _, _), .received(let lane, _, _), .sent(let lane, _),
            .completed(let lane, _), .cancelled(let lane):
            return lane
        default:
            return nil
        }
    }
}
