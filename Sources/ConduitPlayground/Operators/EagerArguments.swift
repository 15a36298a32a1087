import Conduit

/// A call's arguments as the engine's eager overloads (`EagerOverload`) take them: the person's
/// closures wrapped so that the first failure (a division by zero, a result that is not a boolean),
/// which Swift's non-throwing closures cannot have, stops the calls and fails the stage; the `try`
/// forms' closures throw, and their error is the `Result.Publisher`'s failure, as in Swift.
struct EagerArguments {
    let reader: ArgumentReader
    let call: OperatorCall
    let spec: OperatorSpec
    let failure = FirstFailure()

    init(call: OperatorCall, spec: OperatorSpec) {
        reader = ArgumentReader(call: call, spec: spec)
        self.call = call
        self.spec = spec
    }

    /// `map`'s closure; a failure gives nil's stand-in.
    func transform() throws -> (Value) -> Value {
        let closure = try reader.closure(arity: 1)
        return { value in failure.run(.null) { try closure.call(value) } }
    }

    /// `tryMap`'s closure, which may throw.
    func throwingTransform() throws -> (Value) throws -> Value {
        let closure = try reader.closure(arity: 1)
        return { try closure.call($0) }
    }

    /// `compactMap`'s closure: nil is no value.
    func optionalTransform() throws -> (Value) -> Value? {
        let closure = try reader.closure(arity: 1)
        return { value in
            let result = failure.run(Value.null) { try closure.call(value) }
            return result == .null ? nil : result
        }
    }

    /// A test of one value (`filter`, `allSatisfy`, ...).
    func test() throws -> (Value) -> Bool {
        let test = try reader.predicate()
        return { value in failure.run(false) { try test(value) } }
    }

    /// A test of one value that may throw (`tryAllSatisfy`).
    func throwingTest() throws -> (Value) throws -> Bool {
        try reader.predicate()
    }

    /// `min(by:)`'s order, or the values' own (`min()`) when the call gives no closure.
    func order() throws -> (Value, Value) -> Bool {
        let order: (Value, Value) throws -> Bool
        if call.trailingClosure == nil, call.arguments.isEmpty {
            order = TransformOperators.ordered
        } else {
            order = try reader.relation()
        }
        return { a, b in failure.run(false) { try order(a, b) } }
    }

    /// A relation of two values that may throw (`tryMin(by:)`, `tryRemoveDuplicates(by:)`).
    func throwingRelation() throws -> (Value, Value) throws -> Bool {
        try reader.relation()
    }

    /// `removeDuplicates(by:)`'s relation, or equality (`removeDuplicates()`).
    func sameness() throws -> (Value, Value) -> Bool {
        if call.trailingClosure == nil, call.arguments.isEmpty { return { $0.looselyEquals($1) } }
        let same = try reader.relation()
        return { a, b in failure.run(false) { try same(a, b) } }
    }

    /// `reduce`'s and `scan`'s initial value and step.
    func accumulation() throws -> (Value, (Value, Value) -> Value) {
        let initial = try reader.value(nil)
        let closure = try reader.closure(arity: 2)
        return (initial, { sum, value in failure.run(sum) { try closure.call(sum, value) } })
    }

    /// `tryReduce`'s and `tryScan`'s initial value and step, which may throw.
    func throwingAccumulation() throws -> (Value, (Value, Value) throws -> Value) {
        let initial = try reader.value(nil)
        let closure = try reader.closure(arity: 2)
        return (initial, { try closure.call($0, $1) })
    }

    /// `mapError`'s closure, making the new error from the old one's value.
    func errorTransform() throws -> (PlaygroundError) -> PlaygroundError {
        let closure = try reader.closure(arity: 1)
        return { error in
            do {
                return PlaygroundError.carrying(try closure.call(error.value))
            } catch {
                return PlaygroundError.from(error)
            }
        }
    }

    /// `setFailureType(to: Error.self)`: checked as written; the failure type is the playground's.
    func failureType() throws {
        guard call.arguments.count == 1, call.arguments[0].label == "to", call.trailingClosure == nil else {
            throw SyntaxError("write `.setFailureType(to: Error.self)`; usage: \(spec.usage)", at: call.span)
        }
    }

    /// `append(2, 3)`'s values; `append([2, 3])` gives the array's, as Swift's `append<S: Sequence>`
    /// does, unless the publisher's own value is an array too.
    func values(after output: Value?) throws -> [Value] {
        let values = try TransformOperators.values(of: call, spec: spec)
        if values.count == 1, case .array(let items) = values[0] {
            if case .array? = output { return values }
            return items
        }
        return values
    }

    /// The `Just` an overload made, unless one of the person's closures failed while it was made.
    func made(_ publisher: Just<Value>) -> EagerStage { made(EagerValue(publisher)) }

    /// An `Optional.Publisher` the overload made, unless a closure failed.
    func made(_ publisher: Optional<Value>.Publisher) -> EagerStage { made(EagerValue(publisher)) }

    /// A `Result.Publisher` that fails Never, unless a closure failed.
    func made(_ publisher: Result<Value, Never>.Publisher) -> EagerStage { made(EagerValue(publisher)) }

    /// A `Result.Publisher` that may fail (a `try` form's), unless a closure failed.
    func made<Failure: Error>(_ publisher: Result<Value, Failure>.Publisher) -> EagerStage {
        made(EagerValue(publisher))
    }

    /// `ignoreOutput()`'s `Empty`.
    func made<Failure: Error>(_ publisher: Empty<Value, Failure>) -> EagerStage {
        if let error = failure.error { return EagerArguments.failed(error) }
        return EagerStage(pipe: publisher.pipe(), eager: nil, sequence: nil)
    }

    /// `append`'s and `prepend`'s `Publishers.Sequence` of an array.
    func made(_ publisher: Publishers.Sequence<[Value], Never>) -> EagerStage {
        if let error = failure.error { return EagerArguments.failed(error) }
        let sequence = EagerSequence(values: publisher.sequence, shape: .array)
        return EagerStage(pipe: sequence.publisher.pipe(), eager: nil, sequence: sequence)
    }

    /// The stage of `value`'s publisher, kept for the next call's overloads.
    private func made(_ value: EagerValue) -> EagerStage {
        if let error = failure.error { return EagerArguments.failed(error) }
        return EagerStage(pipe: value.pipe, eager: value, sequence: nil)
    }

    /// The stage when one of the person's closures failed while the outcome was worked out.
    static func failed(_ error: Error) -> EagerStage {
        EagerStage(pipe: Fail(error: PlaygroundError.from(error)).eraseToAnyPublisher(), eager: nil, sequence: nil)
    }
}
