import Conduit

/// The engine's `Just`, `Optional.Publisher` and `Result.Publisher`, in the stand-in types, whose
/// own operators the stages' types are read from.
private typealias Up = Stand.Upstream
private typealias R = Stand.Result

/// How `types` types a call of one of the own operators of `Just`, `Optional.Publisher` or
/// `Result.Publisher` (`EagerOverload`): the engine's type for the same call on such a publisher.
enum EagerTyping {
    /// The stage `overload` makes on a stage of kind `kind`, with `context` told the closure's
    /// result where it has one.
    static func stage(
        _ overload: EagerOverload, on kind: EagerKind, spec: OperatorSpec, _ context: inout TypingContext
    ) -> StageType {
        switch overload {
        case .map, .tryMap: context.given.result = context.result([context.upstream.output])
        case .compactMap: context.given.result = context.result([context.upstream.output]).unwrapped
        case .reduce, .tryReduce, .scan, .tryScan: TransformOperators.accumulate(&context)
        default: break
        }
        let shape: EngineShape
        switch kind {
        case .just: shape = onJust(overload)
        case .optional: shape = onOptional(overload)
        case .result: shape = onResult(overload)
        }
        var stage: StageType
        if overload == .setFailureType || overload == .mapError {
            // The Failure the call names or its closure makes, as Publisher's operator gives it; only
            // the publisher is the eager one.
            let generic = spec.typing(&context)
            stage = StageType(text: context.text, publisher: shape.publisher, output: generic.output,
                failure: generic.failure, note: generic.note)
            stage.template = shape.template
        } else {
            stage = context.stage(shape)
        }
        if overload == .append || overload == .prepend { stage.sequence = .array }
        return stage
    }

    /// The engine's type for the overload on a `Just`.
    private static func onJust(_ overload: EagerOverload) -> EngineShape {
        let just = Just(Up())
        switch overload {
        case .map: return EngineShape(of: just.map { _ in R() })
        case .tryMap: return EngineShape(of: just.tryMap { _ in R() })
        case .filter, .firstWhere, .lastWhere, .dropWhile, .prefixWhile, .dropFirst, .prefix, .outputAt,
            .outputIn:
            return EngineShape(of: just.filter { _ in true })
        case .compactMap: return EngineShape(of: just.compactMap { _ in R?.none })
        case .setFailureType: return EngineShape(of: just.setFailureType(to: Stand.InnerFailure.self))
        case .mapError:
            // What `Just.mapError`, whose closure takes Never, is declared to return.
            return EngineShape(Result<Up, Stand.InnerFailure>.Publisher.self)
        case .replaceError, .replaceEmpty, .retry, .first, .last, .min, .max, .minBy, .maxBy, .removeDuplicates,
            .removeDuplicatesBy:
            return EngineShape(of: just.first())
        case .count: return EngineShape(of: just.count())
        case .collect: return EngineShape(of: just.collect())
        case .ignoreOutput: return EngineShape(of: just.ignoreOutput())
        case .allSatisfy, .containsWhere, .contains: return EngineShape(of: just.allSatisfy { _ in true })
        case .tryAllSatisfy, .tryContainsWhere: return EngineShape(of: just.tryAllSatisfy { _ in true })
        case .reduce, .scan: return EngineShape(of: just.reduce(R()) { result, _ in result })
        case .tryReduce, .tryScan: return EngineShape(of: just.tryReduce(R()) { result, _ in result })
        case .tryMinBy, .tryMaxBy, .tryRemoveDuplicatesBy:
            return EngineShape(of: just.tryMin { _, _ in true })
        case .append, .prepend: return EngineShape(of: just.append(Up()))
        }
    }

    /// The engine's type for the overload on an `Optional.Publisher`.
    private static func onOptional(_ overload: EagerOverload) -> EngineShape {
        let optional = Optional<Up>.Publisher(nil)
        switch overload {
        case .map, .tryMap: return EngineShape(of: optional.map { _ in R() })
        case .compactMap: return EngineShape(of: optional.compactMap { _ in R?.none })
        case .replaceEmpty: return EngineShape(of: optional.replaceEmpty(with: Up()))
        case .count: return EngineShape(of: optional.count())
        case .collect: return EngineShape(of: optional.collect())
        case .ignoreOutput: return EngineShape(of: optional.ignoreOutput())
        case .allSatisfy, .containsWhere, .contains, .tryAllSatisfy, .tryContainsWhere:
            return EngineShape(of: optional.allSatisfy { _ in true })
        case .reduce, .scan, .tryReduce, .tryScan: return EngineShape(of: optional.reduce(R()) { result, _ in result })
        default: return EngineShape(of: optional.first())
        }
    }

    /// The engine's type for the overload on a `Result.Publisher`.
    private static func onResult(_ overload: EagerOverload) -> EngineShape {
        let result = Result<Up, Stand.UpstreamFailure>.Publisher(Stand.UpstreamFailure())
        switch overload {
        case .map: return EngineShape(of: result.map { _ in R() })
        case .tryMap: return EngineShape(of: result.tryMap { _ in R() })
        case .mapError, .setFailureType: return EngineShape(of: result.mapError { _ in Stand.InnerFailure() })
        case .replaceError: return EngineShape(of: result.replaceError(with: Up()))
        case .count: return EngineShape(of: result.count())
        case .collect: return EngineShape(of: result.collect())
        case .ignoreOutput: return EngineShape(of: result.ignoreOutput())
        case .allSatisfy, .containsWhere, .contains: return EngineShape(of: result.allSatisfy { _ in true })
        case .tryAllSatisfy, .tryContainsWhere: return EngineShape(of: result.tryAllSatisfy { _ in true })
        case .reduce, .scan: return EngineShape(of: result.reduce(R()) { result, _ in result })
        case .tryReduce, .tryScan: return EngineShape(of: result.tryReduce(R()) { result, _ in result })
        case .tryMinBy, .tryMaxBy, .tryRemoveDuplicatesBy: return EngineShape(of: result.tryMin { _, _ in true })
        default: return EngineShape(of: result.first())
        }
    }
}
