import Conduit

/// Builds the calls `EagerOverload` picks on the engine's own operators of `Just`,
/// `Optional.Publisher` and `Result.Publisher`, which run the closure on the outcome at once, when
/// the chain is made (once, however many subscribers come), as Swift's would.
enum EagerOperators {
    /// The stage `overload` makes on `upstream`, read from `call` as `spec`'s usage says.
    static func build(
        _ overload: EagerOverload, on upstream: EagerValue, call: OperatorCall, spec: OperatorSpec
    ) throws -> EagerStage {
        let arguments = EagerArguments(call: call, spec: spec)
        switch upstream {
        case .just(let value):
            return try onJust(Just(value), overload, arguments)
        case .optional(let value):
            return try onOptional(Optional<Value>.Publisher(value), overload, arguments)
        case .result(let result, let failsNever):
            if overload == .setFailureType, failsNever, case .success(let value) = result {
                try arguments.failureType()
                return arguments.made(Result<Value, Never>.Publisher(value).setFailureType(to: PlaygroundError.self))
            }
            var made = try onResult(Result<Value, PlaygroundError>.Publisher(result), overload, arguments)
            // The engine's overloads keep the Failure, except the `try` forms' (Error), `mapError`'s and
            // `replaceError`'s (Never): a publisher that fails Never goes on failing Never.
            if case .result(let outcome, let madeNever)? = made.eager {
                made.eager = .result(outcome, failsNever: madeNever || (failsNever && overload.keepsFailure))
            }
            return made
        }
    }

    /// `Just`'s own operators: each overload the engine declares on it.
    private static func onJust(_ just: Just<Value>, _ overload: EagerOverload, _ a: EagerArguments) throws
        -> EagerStage
    {
        let reader = a.reader
        switch overload {
        case .map: return a.made(just.map(try a.transform()))
        case .tryMap: return a.made(just.tryMap(try a.throwingTransform()))
        case .filter: return a.made(just.filter(try a.test()))
        case .compactMap: return a.made(just.compactMap(try a.optionalTransform()))
        case .setFailureType:
            try a.failureType()
            return a.made(just.setFailureType(to: PlaygroundError.self))
        case .mapError:
            _ = try a.errorTransform()
            return a.made(just.mapError(PlaygroundError.from))
        case .replaceError: return a.made(just.replaceError(with: try reader.value("with")))
        case .replaceEmpty: return a.made(just.replaceEmpty(with: try reader.value("with")))
        case .retry: return a.made(just.retry(try reader.integer(nil, minimum: 0)))
        case .count: return a.made(just.count().map(Value.int))
        case .collect: return a.made(just.collect().map(Value.array))
        case .first: return a.made(just.first())
        case .firstWhere: return a.made(just.first(where: try a.test()))
        case .last: return a.made(just.last())
        case .lastWhere: return a.made(just.last(where: try a.test()))
        case .ignoreOutput: return a.made(just.ignoreOutput())
        case .dropFirst: return a.made(just.dropFirst(try reader.integer(nil, minimum: 0, default: 1)))
        case .dropWhile: return a.made(just.drop(while: try a.test()))
        case .prefix: return a.made(just.prefix(try reader.integer(nil, minimum: 0)))
        case .prefixWhile: return a.made(just.prefix(while: try a.test()))
        case .outputAt: return a.made(just.output(at: try reader.integer("at", minimum: 0, maximum: Int.max - 1)))
        case .outputIn: return a.made(just.output(in: try reader.range("in")))
        case .allSatisfy: return a.made(just.allSatisfy(try a.test()).map(Value.bool))
        case .tryAllSatisfy: return a.made(just.tryAllSatisfy(try a.throwingTest()).map(Value.bool))
        case .containsWhere: return a.made(just.contains(where: try a.test()).map(Value.bool))
        case .tryContainsWhere: return a.made(just.tryContains(where: try a.throwingTest()).map(Value.bool))
        case .contains:
            let wanted = try reader.value(nil)
            return a.made(just.contains { $0.looselyEquals(wanted) }.map(Value.bool))
        case .reduce:
            let (initial, step) = try a.accumulation()
            return a.made(just.reduce(initial, step))
        case .tryReduce:
            let (initial, step) = try a.throwingAccumulation()
            return a.made(just.tryReduce(initial, step))
        case .scan:
            let (initial, step) = try a.accumulation()
            return a.made(just.scan(initial, step))
        case .tryScan:
            let (initial, step) = try a.throwingAccumulation()
            return a.made(just.tryScan(initial, step))
        case .min, .minBy: return a.made(just.min(by: try a.order()))
        case .max, .maxBy: return a.made(just.max(by: try a.order()))
        case .tryMinBy: return a.made(just.tryMin(by: try a.throwingRelation()))
        case .tryMaxBy: return a.made(just.tryMax(by: try a.throwingRelation()))
        case .removeDuplicates, .removeDuplicatesBy: return a.made(just.removeDuplicates(by: try a.sameness()))
        case .tryRemoveDuplicatesBy: return a.made(just.tryRemoveDuplicates(by: try a.throwingRelation()))
        case .append: return a.made(just.append(try a.values(after: just.output)))
        case .prepend: return a.made(just.prepend(try a.values(after: just.output)))
        }
    }

    /// `Optional.Publisher`'s own operators (no `try` forms, no `setFailureType`).
    private static func onOptional(
        _ optional: Optional<Value>.Publisher, _ overload: EagerOverload, _ a: EagerArguments
    ) throws -> EagerStage {
        let reader = a.reader
        switch overload {
        case .map: return a.made(optional.map(try a.transform()))
        case .filter: return a.made(optional.filter(try a.test()))
        case .compactMap: return a.made(optional.compactMap(try a.optionalTransform()))
        case .replaceError: return a.made(optional.replaceError(with: try reader.value("with")))
        case .replaceEmpty: return a.made(optional.replaceEmpty(with: try reader.value("with")))
        case .retry: return a.made(optional.retry(try reader.integer(nil, minimum: 0)))
        case .count: return a.made(optional.count().map(Value.int))
        case .collect: return a.made(optional.collect().map(Value.array))
        case .first: return a.made(optional.first())
        case .firstWhere: return a.made(optional.first(where: try a.test()))
        case .last: return a.made(optional.last())
        case .lastWhere: return a.made(optional.last(where: try a.test()))
        case .ignoreOutput: return a.made(optional.ignoreOutput())
        case .dropFirst: return a.made(optional.dropFirst(try reader.integer(nil, minimum: 0, default: 1)))
        case .dropWhile: return a.made(optional.drop(while: try a.test()))
        case .prefix: return a.made(optional.prefix(try reader.integer(nil, minimum: 0)))
        case .prefixWhile: return a.made(optional.prefix(while: try a.test()))
        case .outputAt:
            return a.made(optional.output(at: try reader.integer("at", minimum: 0, maximum: Int.max - 1)))
        case .outputIn: return a.made(optional.output(in: try reader.range("in")))
        case .allSatisfy: return a.made(optional.allSatisfy(try a.test()).map(Value.bool))
        case .containsWhere: return a.made(optional.contains(where: try a.test()).map(Value.bool))
        case .contains:
            let wanted = try reader.value(nil)
            return a.made(optional.contains { $0.looselyEquals(wanted) }.map(Value.bool))
        case .reduce:
            let (initial, step) = try a.accumulation()
            return a.made(optional.reduce(initial, step))
        case .scan:
            let (initial, step) = try a.accumulation()
            return a.made(optional.scan(initial, step))
        case .min, .minBy: return a.made(optional.min(by: try a.order()))
        case .max, .maxBy: return a.made(optional.max(by: try a.order()))
        case .removeDuplicates, .removeDuplicatesBy: return a.made(optional.removeDuplicates(by: try a.sameness()))
        case .tryMap, .setFailureType, .mapError, .tryAllSatisfy, .tryContainsWhere, .tryReduce, .tryScan, .tryMinBy,
            .tryMaxBy, .tryRemoveDuplicatesBy, .append, .prepend:
            // Not declared on `Optional.Publisher`: `EagerOverload.picked` does not pick these.
            throw PlaygroundError("`\(a.call.name)` has no form of its own on Optional.Publisher")
        }
    }

    /// `Result.Publisher`'s own operators (no `filter`, `dropFirst`, `prefix` or `output`).
    private static func onResult(
        _ result: Result<Value, PlaygroundError>.Publisher, _ overload: EagerOverload, _ a: EagerArguments
    ) throws -> EagerStage {
        let reader = a.reader
        switch overload {
        case .map: return a.made(result.map(try a.transform()))
        case .tryMap: return a.made(result.tryMap(try a.throwingTransform()))
        case .mapError: return a.made(result.mapError(try a.errorTransform()))
        case .replaceError: return a.made(result.replaceError(with: try reader.value("with")))
        case .replaceEmpty: return a.made(result.replaceEmpty(with: try reader.value("with")))
        case .retry: return a.made(result.retry(try reader.integer(nil, minimum: 0)))
        case .count: return a.made(result.count().map(Value.int))
        case .collect: return a.made(result.collect().map(Value.array))
        case .first: return a.made(result.first())
        case .last: return a.made(result.last())
        case .ignoreOutput: return a.made(result.ignoreOutput())
        case .allSatisfy: return a.made(result.allSatisfy(try a.test()).map(Value.bool))
        case .tryAllSatisfy: return a.made(result.tryAllSatisfy(try a.throwingTest()).map(Value.bool))
        case .containsWhere: return a.made(result.contains(where: try a.test()).map(Value.bool))
        case .tryContainsWhere: return a.made(result.tryContains(where: try a.throwingTest()).map(Value.bool))
        case .contains:
            let wanted = try reader.value(nil)
            return a.made(result.contains { $0.looselyEquals(wanted) }.map(Value.bool))
        case .reduce:
            let (initial, step) = try a.accumulation()
            return a.made(result.reduce(initial, step))
        case .tryReduce:
            let (initial, step) = try a.throwingAccumulation()
            return a.made(result.tryReduce(initial, step))
        case .scan:
            let (initial, step) = try a.accumulation()
            return a.made(result.scan(initial, step))
        case .tryScan:
            let (initial, step) = try a.throwingAccumulation()
            return a.made(result.tryScan(initial, step))
        case .min, .minBy: return a.made(result.min(by: try a.order()))
        case .max, .maxBy: return a.made(result.max(by: try a.order()))
        case .tryMinBy: return a.made(result.tryMin(by: try a.throwingRelation()))
        case .tryMaxBy: return a.made(result.tryMax(by: try a.throwingRelation()))
        case .removeDuplicates, .removeDuplicatesBy: return a.made(result.removeDuplicates(by: try a.sameness()))
        case .tryRemoveDuplicatesBy: return a.made(result.tryRemoveDuplicates(by: try a.throwingRelation()))
        case .filter, .compactMap, .setFailureType, .firstWhere, .lastWhere, .dropFirst, .dropWhile, .prefix,
            .prefixWhile, .outputAt, .outputIn, .append, .prepend:
            // Not declared on `Result.Publisher` (setFailureType only where it fails Never, built above).
            throw PlaygroundError("`\(a.call.name)` has no form of its own on Result.Publisher")
        }
    }
}

extension EagerOverload {
    /// Whether the engine's overload keeps the upstream's Failure (`map` does; `tryMap` makes it
    /// Error, `replaceError` Never).
    var keepsFailure: Bool {
        switch self {
        case .tryMap, .tryAllSatisfy, .tryContainsWhere, .tryReduce, .tryScan, .tryMinBy, .tryMaxBy,
            .tryRemoveDuplicatesBy, .mapError, .setFailureType, .replaceError:
            return false
        default: return true
        }
    }
}
