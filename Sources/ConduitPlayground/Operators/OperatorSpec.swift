import Conduit

/// The type of every playground pipeline: the engine's type-erased publisher of playground values.
typealias Pipe = AnyPublisher<Value, PlaygroundError>

/// One operator of the playground, in one declaration: its help (name, usage, summary, example),
/// its completion (the argument labels its usage shows), how `types` types it (the engine's
/// publisher type for the call, `typing`), and how it is built from the engine's own operator.
/// Adding an operator to the playground is adding one of these to its family's table; none can be
/// declared without a typing rule.
struct OperatorSpec: Sendable {
    let name: String
    /// How a call reads, e.g. `.scan(INITIAL) { $0 + $1 }`.
    let usage: String
    let summary: String
    /// A line that can be typed at the prompt.
    let example: String
    /// Whether Combine also has a `try` form (`tryMap`), which the playground reads as this
    /// operator: every playground closure may fail, so `tryMap` is `map` built on the engine's
    /// `tryMap`. Its typing is told which form was written (`TypingContext.isTry`).
    var hasTryForm = false
    /// The labels of the arguments that name a scheduler (`debounce(for:scheduler:)`,
    /// `receive(on:)`): the session's one clock, not a publisher the call reads.
    var schedulerLabels: [String] = []
    /// The stage's Output and Failure, as Combine's signature for the call gives them.
    let typing: OperatorTyping
    /// Builds the stage on the engine's operator, given this declaration (for its usage in
    /// messages), the upstream, the call and what else the builder may need.
    let make: @Sendable (OperatorSpec, Pipe, OperatorCall, BuildContext) throws -> Pipe

    /// The stage this call makes on `upstream`.
    func build(_ upstream: Pipe, _ call: OperatorCall, _ context: BuildContext) throws -> Pipe {
        try make(self, upstream, call, context)
    }

    /// What Tab offers inside the call's parentheses: the `name:` labels its usage shows.
    /// The name of Combine's `try` form, if it has one: `tryMap`, `tryCatch`.
    var tryName: String? {
        hasTryForm ? "try" + name.prefix(1).uppercased() + name.dropFirst() : nil
    }

    var argumentLabels: [String] {
        var labels: [String] = []
        var word = ""
        for character in usage {
            if character.isLetter {
                word.append(character)
            } else {
                if character == ":", !word.isEmpty, !labels.contains(word + ":") { labels.append(word + ":") }
                word = ""
            }
        }
        return labels
    }
}

/// What an operator's builder may need beyond its upstream: other named publishers and subjects,
/// the session's clock, a way to report output (for `print`, `handleEvents`), and the chain being
/// built (for connectable publishers).
struct BuildContext {
    let resolve: (Token) throws -> Pipe
    /// The subject a name stands for (for `multicast(subject:)`).
    let subject: (Token) throws -> SubjectEntry
    let scheduler: SessionScheduler
    let emit: @Sendable (OutputRecord) -> Void
    let chain: ChainState
    /// Whether the pipeline being built reads from this name, directly or through other pipelines.
    let reads: (String) -> Bool
    /// The session's types as `decode(type:decoder:)` reads JSON into them.
    let jsonTypes: JSONTypedValue
}

extension Publisher {
    /// Erases a playground chain, turning any failure into a playground error.
    func pipe() -> Pipe where Output == Value {
        mapError { PlaygroundError.from($0) }.eraseToAnyPublisher()
    }
}

extension Publisher where Output == Value, Failure == PlaygroundError {
    func pipe() -> Pipe {
        eraseToAnyPublisher()
    }
}

extension Publisher where Output == Value, Failure == Never {
    func pipe() -> Pipe {
        setFailureType(to: PlaygroundError.self).eraseToAnyPublisher()
    }
}
