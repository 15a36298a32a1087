import Conduit

/// A chain that is still a `Publishers.Sequence` (`[1, 2].publisher`, then `.map { ... }`): its
/// elements, worked out when the chain was made, as Combine's own sequence operators do, and its
/// shape, which decides the overloads the next call may pick.
struct EagerSequence: Sendable {
    var values: [Value]
    var shape: SequenceShape

    /// The engine's sequence publisher of the elements.
    var publisher: Publishers.Sequence<[Value], Never> { Publishers.Sequence(sequence: values) }
}

/// What a call of a sequence's own operator made: the stage's publisher, and the sequence it is
/// again, if it is one (`map` gives a sequence, `reduce` a `Result.Publisher`).
struct SequenceStage {
    let pipe: Pipe
    let sequence: EagerSequence?
    /// The outcome's `Just`, `Optional.Publisher` or `Result.Publisher`, whose own operators the
    /// next call may pick.
    var eager: EagerValue?
}

/// Builds the calls `SequenceOverload` picks on the engine's own `Publishers.Sequence` operators,
/// which run the closure over every element at once. The person's closures may fail (a division
/// by zero, values that do not compare), which Swift's non-throwing closures cannot: the first
/// failure stops the calls, and the stage fails with it when subscribed to.
enum SequenceOperators {
    /// The stage `overload` makes on `upstream`'s elements, read from `call` as `spec`'s usage says,
    /// on the engine's `Publishers.Sequence` operator of that name; `appended` is the sequence an `append` or a
    /// `prepend` is given (`append(other)`), nil when it is given values.
    static func build(
        _ overload: SequenceOverload, on upstream: EagerSequence, call: OperatorCall, spec: OperatorSpec,
        appended: EagerSequence? = nil
    ) throws -> SequenceStage {
        let reader = ArgumentReader(call: call, spec: spec)
        let failure = FirstFailure()
        let source = upstream.publisher
        var next = upstream.shape
        if let shape = overload.shape(after: upstream.shape) { next = shape }
        // A sequence again (`map`), or the outcome's publisher (`reduce`), unless a closure failed.
        func sequence(_ values: some Sequence<Value>) -> SequenceStage {
            if let error = failure.error { return failed(error) }
            return SequenceStage(pipe: Publishers.Sequence<[Value], Never>(sequence: Array(values)).pipe(),
                sequence: EagerSequence(values: Array(values), shape: next))
        }
        func outcome(_ made: EagerValue?, _ pipe: Pipe) -> SequenceStage {
            if let error = failure.error { return failed(error) }
            // On a sequence that may fail, the engine's overload gives a `Result.Publisher` that may too.
            let eager = upstream.shape.failsNever ? made : made?.failing
            return SequenceStage(pipe: eager?.pipe ?? pipe, sequence: nil, eager: eager)
        }
        func outcome(_ made: Just<Value>) -> SequenceStage { outcome(EagerValue(made), made.pipe()) }
        func outcome(_ made: Optional<Value>.Publisher) -> SequenceStage { outcome(EagerValue(made), made.pipe()) }
        func outcome(_ made: Result<Value, Never>.Publisher) -> SequenceStage {
            outcome(EagerValue(made), made.pipe())
        }
        func outcome<Failure: Error>(_ made: Result<Value, Failure>.Publisher) -> SequenceStage {
            outcome(EagerValue(made), made.pipe())
        }
        func outcome(_ made: Empty<Value, Never>) -> SequenceStage { outcome(nil, made.pipe()) }
        switch overload {
        case .map:
            let closure = try reader.closure(arity: 1)
            return sequence(source.map { value in failure.run(.null) { try closure.call(value) } }.sequence)
        case .filter:
            let test = try reader.predicate()
            return sequence(source.filter { value in failure.run(false) { try test(value) } }.sequence)
        case .compactMap:
            let closure = try reader.closure(arity: 1)
            return sequence(source.compactMap { value -> Value? in
                let result = failure.run(Value.null) { try closure.call(value) }
                return result == .null ? nil : result
            }.sequence)
        case .scan, .reduce, .tryReduce:
            let initial = try reader.value(nil)
            let closure = try reader.closure(arity: 2)
            let step = { (sum: Value, value: Value) in failure.run(sum) { try closure.call(sum, value) } }
            if overload == .scan { return sequence(source.scan(initial, step).sequence) }
            if overload == .tryReduce { return outcome(source.tryReduce(initial, step)) }
            return outcome(source.reduce(initial, step))
        case .collect:
            return outcome(source.collect().map { Value.array($0) })
        case .allSatisfy, .tryAllSatisfy:
            let test = try reader.predicate()
            let check = { (value: Value) in failure.run(false) { try test(value) } }
            if overload == .tryAllSatisfy { return outcome(source.tryAllSatisfy(check).map(Value.bool)) }
            return outcome(source.allSatisfy(check).map(Value.bool))
        case .containsWhere, .tryContainsWhere:
            let test = try reader.predicate()
            let check = { (value: Value) in failure.run(false) { try test(value) } }
            if overload == .tryContainsWhere { return outcome(source.tryContains(where: check).map(Value.bool)) }
            return outcome(source.contains(where: check).map(Value.bool))
        case .contains:
            let wanted = try reader.value(nil)
            return outcome(source.contains { $0.looselyEquals(wanted) }.map(Value.bool))
        case .ignoreOutput:
            try reader.none()
            return outcome(source.ignoreOutput())
        case .removeDuplicates:
            try reader.none()
            return sequence(source.removeDuplicates().sequence)
        case .removeDuplicatesBy:
            let same = try reader.relation()
            return sequence(source.removeDuplicates { a, b in failure.run(false) { try same(a, b) } }.sequence)
        case .dropFirst:
            return sequence(source.dropFirst(try reader.integer(nil, minimum: 0, default: 1)).sequence)
        case .dropWhile:
            let test = try reader.predicate()
            return sequence(source.drop { value in failure.run(false) { try test(value) } }.sequence)
        case .prefix:
            return sequence(source.prefix(try reader.integer(nil, minimum: 0)).sequence)
        case .prefixWhile:
            let test = try reader.predicate()
            return sequence(source.prefix(while: { value in failure.run(false) { try test(value) } }).sequence)
        case .setFailureType:
            // `setFailureType(to: Error.self)`: the elements stay as they are; only the Failure changes.
            guard call.arguments.count == 1, call.arguments[0].label == "to", call.trailingClosure == nil else {
                throw SyntaxError("write `.setFailureType(to: Error.self)`; usage: \(spec.usage)", at: call.span)
            }
            return sequence(source.setFailureType(to: PlaygroundError.self).sequence)
        case .replaceNil:
            let replacement = try reader.value("with")
            return sequence(source.map { $0 == .null ? replacement : $0 }.sequence)
        case .min, .minBy, .max, .maxBy:
            var order: (Value, Value) throws -> Bool = TransformOperators.ordered
            if overload == .minBy || overload == .maxBy { order = try reader.relation() }
            let before = { (a: Value, b: Value) in failure.run(false) { try order(a, b) } }
            let made = overload == .min || overload == .minBy ? source.min(by: before) : source.max(by: before)
            return outcome(made)
        case .first:
            try reader.none()
            return outcome(source.first())
        case .firstWhere:
            let test = try reader.predicate()
            return outcome(source.first { value in failure.run(false) { try test(value) } })
        case .last:
            try reader.none()
            return outcome(source.last())
        case .lastWhere:
            let test = try reader.predicate()
            return outcome(source.last { value in failure.run(false) { try test(value) } })
        case .count:
            try reader.none()
            return outcome(source.count().map(Value.int))
        case .outputAt:
            let index = try reader.integer("at", minimum: 0, maximum: Int.max - 1)
            return outcome(source.output(at: index))
        case .outputIn:
            let range = try reader.range("in")
            let clamped = range.clamped(to: upstream.values.indices)
            return sequence(source.output(in: clamped).sequence)
        case .append:
            if let appended { return sequence(source.append(appended.publisher).sequence) }
            return sequence(source.append(try TransformOperators.values(of: call, spec: spec)).sequence)
        case .prepend:
            if let appended { return sequence(source.prepend(appended.publisher).sequence) }
            return sequence(source.prepend(try TransformOperators.values(of: call, spec: spec)).sequence)
        }
    }

    /// The stage when one of the person's closures failed while the elements were worked out.
    private static func failed(_ error: Error) -> SequenceStage {
        SequenceStage(pipe: Fail(error: PlaygroundError.from(error)).eraseToAnyPublisher(), sequence: nil)
    }
}

/// The first error the person's closures threw inside the engine's non-throwing ones; after it,
/// no closure is called again.
final class FirstFailure {
    private(set) var error: Error?

    /// `body`'s result, or `fallback` once something has failed.
    func run<T>(_ fallback: T, _ body: () throws -> T) -> T {
        guard error == nil else { return fallback }
        do {
            return try body()
        } catch {
            self.error = error
            return fallback
        }
    }
}
