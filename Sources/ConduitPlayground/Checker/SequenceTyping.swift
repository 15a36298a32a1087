import Conduit

/// The engine's `Publishers.Sequence`, in the stand-in types, whose own operators the shapes are
/// read from: the engine's overloads say what each returns (a `Publishers.Sequence`, a
/// `Result.Publisher`, an `Optional.Publisher`, a `Just`, an `Empty`).
private typealias Elements = Publishers.Sequence<[Stand.Upstream], Stand.UpstreamFailure>
private typealias NeverElements = Publishers.Sequence<[Stand.Upstream], Never>

/// How `types` types a call of one of `Publishers.Sequence`'s own operators (`SequenceOverload`):
/// the engine's type for the same call on a sequence publisher.
enum SequenceTyping {
    /// The stage `overload` makes, with `context` told the closure's result where it has one.
    static func stage(_ overload: SequenceOverload, spec: OperatorSpec, _ context: inout TypingContext) -> StageType {
        let elements = Elements(sequence: [])
        let never = NeverElements(sequence: [])
        let shape: EngineShape
        switch overload {
        case .map:
            context.given.result = context.result([context.upstream.output])
            shape = EngineShape(of: elements.map { _ in Stand.Result() })
        case .compactMap:
            context.given.result = context.result([context.upstream.output]).unwrapped
            shape = EngineShape(of: elements.compactMap { _ in Stand.Result?.none })
        case .scan:
            TransformOperators.accumulate(&context)
            shape = EngineShape(of: elements.scan(Stand.Result()) { result, _ in result })
        case .reduce, .tryReduce:
            TransformOperators.accumulate(&context)
            shape = overload == .reduce
                ? EngineShape(of: elements.reduce(Stand.Result()) { result, _ in result })
                : EngineShape(of: elements.tryReduce(Stand.Result()) { result, _ in result })
        case .filter: shape = EngineShape(of: elements.filter { _ in true })
        case .collect: shape = EngineShape(of: elements.collect())
        case .allSatisfy: shape = EngineShape(of: elements.allSatisfy { _ in true })
        case .tryAllSatisfy: shape = EngineShape(of: elements.tryAllSatisfy { _ in true })
        case .containsWhere: shape = EngineShape(of: elements.contains { _ in true })
        case .tryContainsWhere: shape = EngineShape(of: elements.tryContains { _ in true })
        case .contains: shape = EngineShape(of: elements.contains(Stand.Upstream()))
        case .ignoreOutput: shape = EngineShape(of: elements.ignoreOutput())
        case .removeDuplicates: shape = EngineShape(of: elements.removeDuplicates())
        case .removeDuplicatesBy: shape = EngineShape(of: elements.removeDuplicates { _, _ in false })
        case .dropFirst: shape = EngineShape(of: elements.dropFirst(1))
        case .dropWhile: shape = EngineShape(of: elements.drop { _ in true })
        case .prefix: shape = EngineShape(of: elements.prefix(1))
        case .prefixWhile: shape = EngineShape(of: elements.prefix(while: { _ in true }))
        case .min, .minBy: shape = EngineShape(of: never.min { _, _ in true })
        case .max, .maxBy: shape = EngineShape(of: never.max { _, _ in true })
        case .first: shape = EngineShape(of: never.first())
        case .firstWhere: shape = EngineShape(of: never.first { _ in true })
        case .last: shape = EngineShape(of: never.last())
        case .lastWhere: shape = EngineShape(of: never.last { _ in true })
        case .count:
            shape = context.upstream.sequence?.failsNever == true
                ? EngineShape(of: never.count()) : EngineShape(of: elements.count())
        case .outputAt: shape = EngineShape(of: never.output(at: 0))
        case .outputIn: shape = EngineShape(of: never.output(in: 0..<0))
        case .append: shape = EngineShape(of: elements.append(Stand.Upstream()))
        case .prepend: shape = EngineShape(of: elements.prepend(Stand.Upstream()))
        case .setFailureType, .replaceNil:
            // The same types as Publisher's operator gives (a `T?` stays a `T?` through the sequence's
            // `replaceNil`, which keeps the elements' type): only the publisher is the sequence.
            let generic = overload == .replaceNil
                ? StageType(text: context.text, publisher: "", output: context.upstream.output,
                    failure: context.upstream.failure)
                : spec.typing(&context)
            return StageType(text: context.text, publisher: EngineShape(of: elements.setFailureType(to: Never.self))
                .publisher, output: generic.output, failure: generic.failure, note: generic.note)
        }
        return context.stage(shape)
    }
}

extension EngineShape {
    /// The shape of a publisher the engine's overload returned (its type is what is read).
    init<P: Publisher>(of _: P) {
        self.init(P.self)
    }
}
