import Conduit

/// A subject the user created: a real `PassthroughSubject` or `CurrentValueSubject` of
/// playground values.
struct SubjectEntry {
    enum Storage {
        case passthrough(PassthroughSubject<Value, PlaygroundError>)
        case current(CurrentValueSubject<Value, PlaygroundError>)
        /// A PostgreSQL channel (`room.channel("prices", of: Int.self)`): its local subject is fed by the server.
        case shared(SharedChannelLink)
    }

    let storage: Storage
    /// The Output and Failure it was declared with (`PassthroughSubject<String, Never>()`), for `types`.
    let declaredTypes: (output: String, failure: String)?
    /// The Output it was declared with, which what is sent is converted to (`send(5)` to a subject of
    /// `Double` sends 5.0, as Swift types the literal); nil if it was not declared.
    let outputType: ValueType?
    /// The cases a bare `.tap` sent stands for when the Output is an enumeration (`send(.tap)` to a
    /// `PassthroughSubject<Event, Never>` sends `Event.tap`); nil for any other Output.
    var impliedCases: ImpliedCases?

    init(storage: Storage, declaredTypes: (output: String, failure: String)? = nil) {
        self.storage = storage
        self.declaredTypes = declaredTypes
        outputType = declaredTypes.map { ValueType(written: $0.output) }
    }

    /// `value` as the subject's declared Output takes it (`5` for a `Double` is 5.0).
    func accepted(_ value: Value) -> Value {
        let converted = value.converted(to: outputType)
        return impliedCases?.resolve(converted) ?? converted
    }

    var publisher: Pipe {
        switch storage {
        case .passthrough(let subject): return subject.eraseToAnyPublisher()
        case .current(let subject): return subject.eraseToAnyPublisher()
        case .shared(let link): return link.subject.eraseToAnyPublisher()
        }
    }

    /// Sends `value` to the subject's subscribers; a shared channel's goes to the server, and throws
    /// when it cannot be sent (too large, not the channel's type).
    func send(_ value: Value) throws {
        let value = accepted(value)
        switch storage {
        case .passthrough(let subject): subject.send(value)
        case .current(let subject): subject.send(value)
        case .shared(let link): try link.send(value)
        }
    }

    /// Sends `value` from a pipeline (`.subscribe(prices)`), which has no line to fail: what a shared
    /// channel cannot send is reported as an error of the session.
    func deliver(_ value: Value) {
        let value = accepted(value)
        switch storage {
        case .passthrough(let subject): subject.send(value)
        case .current(let subject): subject.send(value)
        case .shared(let link): link.sendReporting(value)
        }
    }

    func send(subscription: Subscription) {
        switch storage {
        case .passthrough(let subject): subject.send(subscription: subscription)
        case .current(let subject): subject.send(subscription: subscription)
        case .shared(let link): link.subject.send(subscription: subscription)
        }
    }

    func send(completion: Subscribers.Completion<PlaygroundError>) {
        switch storage {
        case .passthrough(let subject): subject.send(completion: completion)
        case .current(let subject): subject.send(completion: completion)
        case .shared(let link): link.subject.send(completion: completion)
        }
    }

    /// `PassthroughSubject` or `CurrentValueSubject`.
    var kindName: String {
        switch storage {
        case .passthrough: return "PassthroughSubject"
        case .current: return "CurrentValueSubject"
        case .shared: return "PostgresChannel"
        }
    }

    /// How `subs` describes it.
    var summary: String {
        switch storage {
        case .passthrough: return "PassthroughSubject"
        case .current(let subject): return "CurrentValueSubject = \(subject.value)"
        case .shared(let link): return link.summary
        }
    }
}

/// A named pipeline: the engine publisher built from `let NAME = ...`, and how it was written.
struct PipelineEntry {
    let publisher: Pipe
    let syntax: PipelineSyntax
    /// How many operators a value passes through in it, counting the pipelines it reads.
    let length: Int
    /// What it is when it is a `Publishers.Sequence` (`let p = [1, 2].publisher.map { ... }`), whose
    /// own operators a chain from it picks, as Swift's would.
    var sequence: EagerSequence?
    /// What it is when it is a `Just`, an `Optional.Publisher` or a `Result.Publisher`
    /// (`let p = Just(1).map { ... }`), whose own operators a chain from it picks.
    var eager: EagerValue?

    /// The names it reads from (subjects, pipelines, objects, functions), from its syntax tree.
    var dependencies: [String] { syntax.namesRead }

    /// The chain read from the end back to the source: `compactMap ← filter ← combineLatest(isOn) ← names`.
    var chain: String { syntax.chain }
}
