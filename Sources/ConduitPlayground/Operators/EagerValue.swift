import Conduit

/// A chain that is still a `Just`, an `Optional.Publisher` or a `Result.Publisher` (`Just(1)`, then
/// `.map { ... }`): the outcome, worked out when the chain was made as Combine's own operators on
/// these publishers do, which decides the overloads the next call may pick.
enum EagerValue: Sendable {
    case just(Value)
    case optional(Value?)
    case result(Result<Value, PlaygroundError>, failsNever: Bool)

    /// `Just<Int>`'s value.
    init(_ publisher: Just<Value>) { self = .just(publisher.output) }

    /// `Optional<Int>.Publisher`'s value, or none.
    init(_ publisher: Optional<Value>.Publisher) { self = .optional(publisher.output) }

    /// `Result<Int, Never>.Publisher`'s value.
    init(_ publisher: Result<Value, Never>.Publisher) {
        self = .result(.success(publisher.result.get()), failsNever: true)
    }

    /// `Result<Int, Error>.Publisher`'s value or failure.
    init<Failure: Error>(_ publisher: Result<Value, Failure>.Publisher) {
        self = .result(publisher.result.mapError { PlaygroundError.from($0) }, failsNever: false)
    }

    /// Which publisher it is, for the overloads of the next call.
    var kind: EagerKind {
        switch self {
        case .just: return .just
        case .optional: return .optional
        case .result(_, let failsNever): return .result(failsNever: failsNever)
        }
    }

    /// The engine's publisher of the outcome.
    var pipe: Pipe {
        switch self {
        case .just(let value): return Just(value).pipe()
        case .optional(let value): return Optional<Value>.Publisher(value).pipe()
        case .result(let result, _): return Result<Value, PlaygroundError>.Publisher(result).pipe()
        }
    }

    /// The same outcome from a publisher whose Failure is not Never (a sequence after
    /// `setFailureType`): a `Result.Publisher` that may fail, as the engine's overload there gives.
    var failing: EagerValue {
        switch self {
        case .just(let value): return .result(.success(value), failsNever: false)
        case .result(let result, _): return .result(result, failsNever: false)
        case .optional: return self
        }
    }
}

/// What a call of one of these publishers' own operators made: the stage's publisher, and what it
/// still is (a `Just`, ..., or a `Publishers.Sequence` after `append`), if anything.
struct EagerStage {
    var pipe: Pipe
    var eager: EagerValue?
    var sequence: EagerSequence?
}
