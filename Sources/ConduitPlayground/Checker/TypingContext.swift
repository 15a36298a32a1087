import Conduit

/// How an operator's declaration says what its stage's types are: from the call and the types
/// around it, the engine's publisher type for Combine's method of that name and shape, asked for
/// its Output and Failure (`EngineShape`). Every `OperatorSpec` has one.
typealias OperatorTyping = @Sendable (inout TypingContext) -> StageType

/// What an operator's typing rule is given: the call as written, the upstream stage's types, the
/// types of the publishers the call reads, and a way to type its closure. The rule fills in
/// `given` (the real types the engine shape's stand-ins stand for) and asks `stage(_:note:)`.
struct TypingContext {
    let call: OperatorCall
    /// How the stage was written (`.map { $0 * 2 }`), for the `types` row.
    let text: String
    let upstream: StageType
    /// Whether the call is one of Combine's `try` forms (`tryMap`), whose closure may throw.
    let isTry: Bool
    /// The call's closure: its trailing closure, or else the first closure argument.
    let closure: Closure?
    /// The call's argument labels, `""` for an unlabelled one.
    let labels: [String]
    /// The last stages of the publishers the call reads (`combineLatest(isOn)`, `merge(with: b)`).
    let publisherArguments: [StageType]
    var given: StandIns
    /// The type a closure's body gives when its parameters have these types.
    let closureType: (Closure, [ValueType]) -> ValueType
    /// The type of one argument's value (`scan(0)`: `Int`).
    let argumentType: (Argument) -> ValueType

    /// The type the call's closure gives for these parameter types (a tuple is spread over the
    /// parameters when it takes them one by one); `Value` without a closure.
    func result(_ types: [ValueType]) -> ValueType {
        guard let closure else { return .value }
        var types = types
        if closure.parameterCount > types.count, types.count == 1, case .tuple(let items, _) = types[0] {
            types = items
        }
        let result = closureType(closure, types)
        // `{ n -> Item? in Item(n: n) }`: optional, as its signature says, whatever its body gives.
        return closure.declaresOptionalResult && !result.isOptional ? .optional(result) : result
    }

    /// The type of the first argument's value, `Value` when there is none.
    var firstArgumentType: ValueType {
        call.arguments.first.map(argumentType) ?? .value
    }

    /// Whether every argument is a publisher (`append(other)`, not `append(1, 2)`).
    var readsOnlyPublishers: Bool {
        !publisherArguments.isEmpty && publisherArguments.count == call.arguments.count
    }

    /// Combine's plain or `try` form of the operator, as the call was written.
    func either(_ plain: @autoclosure () -> EngineShape, try tryForm: @autoclosure () -> EngineShape) -> EngineShape {
        isTry ? tryForm() : plain()
    }

    /// The stage the engine's publisher type `shape` gives with `given` in place of its stand-ins.
    /// A `try` form that makes the Failure `Error` says so when no other note does.
    func stage(_ shape: EngineShape, note: String? = nil) -> StageType {
        let failure = given.failure(shape.failure)
        var note = note
        if isTry, note == nil, failure != upstream.failure {
            note = "`\(call.name)`'s closure may throw: Failure becomes Error"
        }
        var stage = StageType(text: text, publisher: shape.publisher, output: given.output(shape.output),
            failure: failure, note: note)
        stage.template = shape.template
        stage.argumentTypes = publisherArguments.map(\.concrete)
        return stage
    }

    /// A stage whose types cannot come from an engine shape (the upstream does not fit the
    /// operator): the types shown and why.
    func stage(publisher: String, output: ValueType, failure: FailureType, note: String?) -> StageType {
        StageType(text: text, publisher: publisher, output: output, failure: failure, note: note)
    }

    /// The subscriber that ends a chain (`.sink`, `.assign`): the engine's subscriber type and what
    /// it takes in.
    func subscriberStage(_ shape: EngineShape, note: String? = nil) -> StageType {
        var stage = StageType(text: text, publisher: shape.publisher, output: given.output(shape.output),
            failure: given.failure(shape.failure), note: note)
        stage.isSubscriber = true
        return stage
    }

    /// Combine needs the publishers an operator joins to fail alike; if they do not, the note says
    /// so and the stage shows the Failure that is not Never.
    mutating func mismatchedFailures() -> String? {
        let failures = [upstream.failure] + publisherArguments.map(\.failure)
        guard Set(failures.map(\.description)).count > 1 else { return nil }
        given.upstreamFailure = failures.first { $0 != .never } ?? upstream.failure
        return "Combine's \(call.name) needs one Failure for all (here "
            + failures.map(\.description).joined(separator: ", ") + "): setFailureType or mapError first"
    }
}
