import Conduit

/// The engine's types `typing` rules name, shortened.
private typealias P = Publishers
private typealias Up = Stand.Up
private typealias R = Stand.Result
private typealias C = Stand.Clock
/// `append(1, 2)`'s and `prepend(1, 2)`'s values, as Combine makes them a publisher.
private typealias Values = Publishers.Sequence<[Stand.Upstream], Stand.UpstreamFailure>

/// The playground's single-upstream operators, each built from the engine's operator of the same
/// name. Closures may fail at run time, so the engine's `try` variants carry them: a failing
/// closure fails the pipeline as a throwing operator would.
enum TransformOperators {
    static let all: [OperatorSpec] = [
        OperatorSpec(
            name: "map", usage: ".map { $0 * 2 }", summary: "transforms every value with the closure",
            example: "let doubled = numbers.map { $0 * 2 }",
            hasTryForm: true,
            typing: { context in
                context.given.result = context.result([context.upstream.output])
                // `map(\.name)` is Publisher's `map(_ keyPath:)`, which makes a `Publishers.MapKeyPath`.
                if SequenceOverload.isKeyPath(context.call) {
                    return context.stage(EngineShape(P.MapKeyPath<Up, R>.self))
                }
                return context.stage(context.either(EngineShape(P.Map<Up, R>.self),
                    try: EngineShape(P.TryMap<Up, R>.self)))
            }
        ) { spec, upstream, call, _ in
            let closure = try ArgumentReader(call: call, spec: spec).closure(arity: 1)
            return upstream.tryMap { try closure.call($0) }.pipe()
        },
        OperatorSpec(
            name: "filter", usage: ".filter { $0 > 3 }",
                summary: "passes on only the values for which the closure is true",
            example: "let big = numbers.filter { $0 > 3 }",
            hasTryForm: true,
            typing: { $0.stage($0.either(EngineShape(P.Filter<Up>.self), try: EngineShape(P.TryFilter<Up>.self))) }
        ) { spec, upstream, call, _ in
            upstream.tryFilter(try ArgumentReader(call: call, spec: spec).predicate()).pipe()
        },
        OperatorSpec(
            name: "compactMap", usage: ".compactMap { $0.name }",
                summary: "transforms every value and drops the results that are nil",
            example: "let names = cards.compactMap { $0.name }",
            hasTryForm: true,
            typing: { context in
                context.given.result = context.result([context.upstream.output]).unwrapped
                return context.stage(context.either(EngineShape(P.CompactMap<Up, R>.self),
                    try: EngineShape(P.TryCompactMap<Up, R>.self)))
            }
        ) { spec, upstream, call, _ in
            let closure = try ArgumentReader(call: call, spec: spec).closure(arity: 1)
            return upstream.tryCompactMap { value -> Value? in
                let result = try closure.call(value)
                return result == .null ? nil : result
            }.pipe()
        },
        OperatorSpec(
            name: "scan", usage: ".scan(INITIAL) { $0 + $1 }",
                summary: "sends each new accumulation of the values ($0 the accumulation, $1 the value)",
            example: "let totals = numbers.scan(0) { $0 + $1 }",
            hasTryForm: true,
            typing: { context in
                accumulate(&context)
                return context.stage(context.either(EngineShape(P.Scan<Up, R>.self),
                    try: EngineShape(P.TryScan<Up, R>.self)))
            }
        ) { spec, upstream, call, _ in
            let reader = ArgumentReader(call: call, spec: spec)
            let initial = try reader.value(nil)
            let closure = try reader.closure(arity: 2)
            return upstream.tryScan(initial) { try closure.call($0, $1) }.pipe()
        },
        OperatorSpec(
            name: "reduce", usage: ".reduce(INITIAL) { $0 + $1 }",
                summary: "sends the final accumulation when the upstream finishes",
            example: "let sum = numbers.reduce(0) { $0 + $1 }",
            hasTryForm: true,
            typing: { context in
                accumulate(&context)
                return context.stage(context.either(EngineShape(P.Reduce<Up, R>.self),
                    try: EngineShape(P.TryReduce<Up, R>.self)))
            }
        ) { spec, upstream, call, _ in
            let reader = ArgumentReader(call: call, spec: spec)
            let initial = try reader.value(nil)
            let closure = try reader.closure(arity: 2)
            return upstream.tryReduce(initial) { try closure.call($0, $1) }.pipe()
        },
        OperatorSpec(
            name: "removeDuplicates", usage: ".removeDuplicates() or .removeDuplicates { $0 == $1 }",
            summary: "drops a value equal to the one before it (or that the closure says is a duplicate)",
            example: "let changes = readings.removeDuplicates()",
            hasTryForm: true,
            typing: {
                $0.stage($0.either(EngineShape(P.RemoveDuplicates<Up>.self),
                    try: EngineShape(P.TryRemoveDuplicates<Up>.self)))
            }
        ) { spec, upstream, call, _ in
            let reader = ArgumentReader(call: call, spec: spec)
            if reader.givesAnything {
                return upstream.tryRemoveDuplicates(by: try reader.relation()).pipe()
            }
            return upstream.removeDuplicates().pipe()
        },
        OperatorSpec(
            name: "dropFirst", usage: ".dropFirst(N)", summary: "drops the first N values (1 if not given)",
            example: "let later = numbers.dropFirst(2)",
            typing: { $0.stage(EngineShape(P.Drop<Up>.self)) }
        ) { spec, upstream, call, _ in
            let count = try ArgumentReader(call: call, spec: spec).integer(nil, minimum: 0, default: 1)
            return upstream.dropFirst(count).pipe()
        },
        OperatorSpec(
            name: "prefix", usage: ".prefix(N) or .prefix(while: { $0 < 5 })",
                summary: "passes on the first N values (or while the closure is true), then finishes",
            example: "let firstThree = numbers.prefix(3)",
            hasTryForm: true,
            typing: { context in
                if context.labels.contains("untilOutputFrom") {
                    return context.stage(EngineShape(P.PrefixUntilOutput<Up, Stand.Second>.self))
                }
                guard context.closure != nil else { return context.stage(EngineShape(P.Output<Up>.self)) }
                return context.stage(context.either(EngineShape(P.PrefixWhile<Up>.self),
                    try: EngineShape(P.TryPrefixWhile<Up>.self)))
            }
        ) { spec, upstream, call, context in
            let reader = ArgumentReader(call: call, spec: spec)
            if let other = try reader.namedPublisher("untilOutputFrom", context) {
                return upstream.prefix(untilOutputFrom: other).pipe()
            }
            if call.trailingClosure != nil || call.arguments.first?.label == "while" {
                return upstream.tryPrefix(while: try reader.predicate()).pipe()
            }
            return upstream.prefix(try reader.integer(nil, minimum: 0)).pipe()
        },
        OperatorSpec(
            name: "drop", usage: ".drop(while: { $0 < 5 }) or .drop(untilOutputFrom: other)",
                summary: "drops values while the closure is true (or until the other publisher sends)",
            example: "let rest = numbers.drop(while: { $0 < 3 })",
            hasTryForm: true,
            typing: { context in
                if context.labels.contains("untilOutputFrom") {
                    return context.stage(EngineShape(P.DropUntilOutput<Up, Stand.Second>.self))
                }
                return context.stage(context.either(EngineShape(P.DropWhile<Up>.self),
                    try: EngineShape(P.TryDropWhile<Up>.self)))
            }
        ) { spec, upstream, call, context in
            let reader = ArgumentReader(call: call, spec: spec)
            if let other = try reader.namedPublisher("untilOutputFrom", context) {
                return upstream.drop(untilOutputFrom: other).pipe()
            }
            return upstream.tryDrop(while: try reader.predicate()).pipe()
        },
        OperatorSpec(
            name: "first", usage: ".first() or .first { $0 > 3 }",
                summary: "sends the first value (that matches) and finishes",
            example: "let opening = numbers.first()",
            hasTryForm: true,
            typing: { context in
                guard context.closure != nil else { return context.stage(EngineShape(P.First<Up>.self)) }
                return context.stage(context.either(EngineShape(P.FirstWhere<Up>.self),
                    try: EngineShape(P.TryFirstWhere<Up>.self)))
            }
        ) { spec, upstream, call, _ in
            let reader = ArgumentReader(call: call, spec: spec)
            if reader.givesAnything {
                return upstream.tryFirst(where: try reader.predicate()).pipe()
            }
            return upstream.first().pipe()
        },
        OperatorSpec(
            name: "last", usage: ".last() or .last { $0 > 3 }",
                summary: "sends the last value (that matches) when the upstream finishes",
            example: "let closing = numbers.last()",
            hasTryForm: true,
            typing: { context in
                guard context.closure != nil else { return context.stage(EngineShape(P.Last<Up>.self)) }
                return context.stage(context.either(EngineShape(P.LastWhere<Up>.self),
                    try: EngineShape(P.TryLastWhere<Up>.self)))
            }
        ) { spec, upstream, call, _ in
            let reader = ArgumentReader(call: call, spec: spec)
            if reader.givesAnything {
                return upstream.tryLast(where: try reader.predicate()).pipe()
            }
            return upstream.last().pipe()
        },
        OperatorSpec(
            name: "output", usage: ".output(at: N) or .output(in: 1...3)",
                summary: "sends only the value at index N (or those in the range of indices) and finishes",
            example: "let middle = numbers.output(in: 1...2)",
            typing: { $0.stage(EngineShape(P.Output<Up>.self)) }
        ) { spec, upstream, call, _ in
            let reader = ArgumentReader(call: call, spec: spec)
            if reader.argument("in") != nil {
                return upstream.output(in: try reader.range("in")).pipe()
            }
            // `Int.max` has no successor to end the engine's range of one index.
            let index = try reader.integer("at", minimum: 0, maximum: Int.max - 1)
            return upstream.output(at: index).pipe()
        },
        OperatorSpec(
            name: "collect", usage: ".collect(), .collect(N), .collect(.byTime(1s)) or .collect(.byTimeOrCount(1s, N))",
            summary: "gathers all values (or every N, or each interval's, or each interval's up to N at a time) "
                + "into an array",
            example: "let pairs = numbers.collect(2)",
            typing: { context in
                switch context.call.arguments.first?.content {
                case .enumCase?: return context.stage(EngineShape(P.CollectByTime<Up, C>.self))
                case nil: return context.stage(EngineShape(P.Collect<Up>.self))
                default: return context.stage(EngineShape(P.CollectByCount<Up>.self))
                }
            }
        ) { spec, upstream, call, context in
            let reader = ArgumentReader(call: call, spec: spec)
            if let argument = reader.argument(nil), case .enumCase(let strategy, let arguments) = argument.content {
                return try TimeOperators.collect(upstream, strategy: strategy, arguments: arguments,
                    at: argument.token, context: context, reader: reader)
            }
            if reader.argument(nil) != nil {
                return upstream.collect(try reader.integer(nil, minimum: 1)).map { Value.array($0) }.pipe()
            }
            return upstream.collect().map { Value.array($0) }.pipe()
        },
        OperatorSpec(
            name: "count", usage: ".count()", summary: "sends how many values came, when the upstream finishes",
            example: "let howMany = numbers.count()",
            typing: { $0.stage(EngineShape(P.Count<Up>.self)) }
        ) { spec, upstream, call, _ in
            try ArgumentReader(call: call, spec: spec).none()
            return upstream.count().map { Value.int($0) }.pipe()
        },
        OperatorSpec(
            name: "min", usage: ".min() or .min(by: { $0.rank < $1.rank })",
                summary: "sends the smallest value when the upstream finishes (by the closure's order if given)",
            example: "let lowest = numbers.min()",
            hasTryForm: true,
            typing: {
                $0.stage($0.either(EngineShape(P.Comparison<Up>.self), try: EngineShape(P.TryComparison<Up>.self)))
            }
        ) { spec, upstream, call, _ in
            let reader = ArgumentReader(call: call, spec: spec)
            return try upstream.tryMin(by: reader.givesAnything ? reader.relation() : ordered).pipe()
        },
        OperatorSpec(
            name: "max", usage: ".max() or .max(by: { $0.rank < $1.rank })",
                summary: "sends the largest value when the upstream finishes (by the closure's order if given)",
            example: "let highest = numbers.max()",
            hasTryForm: true,
            typing: {
                $0.stage($0.either(EngineShape(P.Comparison<Up>.self), try: EngineShape(P.TryComparison<Up>.self)))
            }
        ) { spec, upstream, call, _ in
            let reader = ArgumentReader(call: call, spec: spec)
            return try upstream.tryMax(by: reader.givesAnything ? reader.relation() : ordered).pipe()
        },
        OperatorSpec(
            name: "contains", usage: ".contains(VALUE) or .contains { $0 > 3 }",
                summary: "sends true as soon as a value matches, or false when the upstream finishes",
            example: "let hasAce = cards.contains(\"ace\")",
            hasTryForm: true,
            typing: { context in
                guard context.closure != nil else { return context.stage(EngineShape(P.Contains<Up>.self)) }
                return context.stage(context.either(EngineShape(P.ContainsWhere<Up>.self),
                    try: EngineShape(P.TryContainsWhere<Up>.self)))
            }
        ) { spec, upstream, call, _ in
            let reader = ArgumentReader(call: call, spec: spec)
            // `contains { ... }` or `contains(where: { ... })`: a test; else a value to look for.
            if call.trailingClosure != nil || call.arguments.contains(where: { $0.label == "where" }) {
                return upstream.tryContains(where: try reader.predicate()).map { Value.bool($0) }.pipe()
            }
            let wanted = try reader.value(nil)
            return upstream.contains { $0.looselyEquals(wanted) }.map { Value.bool($0) }.pipe()
        },
        OperatorSpec(
            name: "allSatisfy", usage: ".allSatisfy { $0 > 0 }",
                summary: "sends whether every value matches (false at the first that does not)",
            example: "let allPositive = numbers.allSatisfy { $0 > 0 }",
            hasTryForm: true,
            typing: {
                $0.stage($0.either(EngineShape(P.AllSatisfy<Up>.self), try: EngineShape(P.TryAllSatisfy<Up>.self)))
            }
        ) { spec, upstream, call, _ in
            let predicate = try ArgumentReader(call: call, spec: spec).predicate()
            return upstream.tryAllSatisfy(predicate).map { Value.bool($0) }.pipe()
        },
        OperatorSpec(
            name: "replaceNil", usage: ".replaceNil(with: VALUE)", summary: "replaces nil values with this value",
            example: "let named = names.replaceNil(with: \"nobody\")",
            typing: { context in
                // Combine's replaceNil(with:) is a map from `T?` to `T`.
                context.given.result = ValueType.join(context.upstream.output.unwrapped, context.firstArgumentType)
                return context.stage(EngineShape(P.Map<Up, R>.self))
            }
        ) { spec, upstream, call, _ in
            let replacement = try ArgumentReader(call: call, spec: spec).value("with")
            return upstream.map { $0 == .null ? replacement : $0 }.pipe()
        },
        OperatorSpec(
            name: "replaceEmpty", usage: ".replaceEmpty(with: VALUE)",
                summary: "sends the value if the upstream finishes without sending any",
            example: "let orZero = numbers.replaceEmpty(with: 0)",
            typing: { $0.stage(EngineShape(P.ReplaceEmpty<Up>.self)) }
        ) { spec, upstream, call, _ in
            upstream.replaceEmpty(with: try ArgumentReader(call: call, spec: spec).value("with")).pipe()
        },
        OperatorSpec(
            name: "replaceError", usage: ".replaceError(with: VALUE)",
                summary: "turns a failure into this value and a normal finish",
            example: "let safe = results.replaceError(with: \"offline\")",
            typing: {
                $0.stage(EngineShape(P.ReplaceError<Up>.self),
                    note: "a failure is replaced by the value: Failure becomes Never")
            }
        ) { spec, upstream, call, _ in
            upstream.replaceError(with: try ArgumentReader(call: call, spec: spec).value("with")).pipe()
        },
        OperatorSpec(
            name: "ignoreOutput", usage: ".ignoreOutput()",
                summary: "drops every value and passes on only the completion",
            example: "let done = numbers.ignoreOutput()",
            typing: {
                $0.stage(EngineShape(P.IgnoreOutput<Up>.self),
                    note: "no value goes on, only the completion: Output becomes Never")
            }
        ) { spec, upstream, call, _ in
            try ArgumentReader(call: call, spec: spec).none()
            return NeverToValue(upstream: upstream.ignoreOutput()).eraseToAnyPublisher()
        },
        OperatorSpec(
            name: "append", usage: ".append(VALUE, ...) or .append(other)",
                summary: "after the upstream finishes, sends these values (or the other publisher's)",
            example: "let withEnd = numbers.append(99)",
            typing: { context in
                if context.readsOnlyPublishers {
                    return context.stage(EngineShape(P.Concatenate<Up, Up>.self))
                }
                return context.stage(EngineShape(P.Concatenate<Up, Values>.self))
            }
        ) { spec, upstream, call, context in
            switch try appended(call, spec: spec, context) {
            case .publisher(let other): return upstream.append(other).pipe()
            case .values(let values): return upstream.append(values).pipe()
            }
        },
        OperatorSpec(
            name: "prepend", usage: ".prepend(VALUE, ...) or .prepend(other)",
                summary: "sends these values (or the other publisher's) before the upstream's",
            example: "let withStart = numbers.prepend(0)",
            typing: { context in
                if context.readsOnlyPublishers {
                    return context.stage(EngineShape(P.Concatenate<Up, Up>.self))
                }
                return context.stage(EngineShape(P.Concatenate<Values, Up>.self))
            }
        ) { spec, upstream, call, context in
            switch try appended(call, spec: spec, context) {
            case .publisher(let other): return upstream.prepend(other).pipe()
            case .values(let values): return upstream.prepend(values).pipe()
            }
        },
        OperatorSpec(
            name: "print", usage: ".print(\"PREFIX\")",
                summary: "logs every event in Combine's print() words and passes everything on",
            example: "let logged = numbers.print(\"numbers\")",
            typing: { $0.stage(EngineShape(P.Print<Up>.self)) }
        ) { spec, upstream, call, context in
            let prefix: String
            if ArgumentReader(call: call, spec: spec).argument(nil) != nil,
               case .string(let text) = try ArgumentReader(call: call, spec: spec).value(nil) {
                prefix = text
            } else {
                prefix = ""
            }
            let stream = RecordStream(emit: context.emit)
            return upstream.print(prefix, to: stream).pipe()
        },
    ]


    /// `scan` and `reduce`: the accumulation has the initial value's type joined with the closure's
    /// (an initial `nil` or `[]` takes the closure's).
    static func accumulate(_ context: inout TypingContext) {
        let initial = context.firstArgumentType
        let accumulated = context.result([initial, context.upstream.output])
        context.given.result = initial == .optional(.value) || initial == .array(.value)
            ? accumulated : ValueType.join(initial, accumulated)
    }

    /// A closure's result as a condition: it must be a boolean.
    static func condition(_ value: Value, in name: String) throws -> Bool {
        guard case .bool(let flag) = value else {
            throw PlaygroundError("the closure of `\(name)` must give true or false, not \(value.kindName) \(value)")
        }
        return flag
    }

    /// The ordering `min` and `max` use; values that cannot be compared fail the pipeline.
    static func ordered(_ a: Value, _ b: Value) throws -> Bool {
        guard let order = a.compare(to: b) else {
            throw PlaygroundError("cannot compare \(a.kindName) \(a) with \(b.kindName) \(b)")
        }
        return order == .orderedAscending
    }

    /// What `append` or `prepend` is given: another publisher, by its name or made in place (`append(other)`,
    /// `append(Just(5))`, `append([3].publisher)`), or values (`append(3, 4)`).
    enum Given {
        case publisher(Pipe)
        case values([Value])
    }

    /// What `call` (an `append` or a `prepend`) is given.
    static func appended(_ call: OperatorCall, spec: OperatorSpec, _ context: BuildContext) throws -> Given {
        if case .name? = call.arguments.first?.content {
            return .publisher(try ArgumentReader(call: call, spec: spec).publishers(context, atMost: 1)[0])
        }
        let values = try values(of: call, spec: spec)
        if values.count == 1, case .publisher(let other) = values[0] { return .publisher(other.pipe) }
        return .values(values)
    }

    /// The literal values given as arguments.
    static func values(of call: OperatorCall, spec: OperatorSpec) throws -> [Value] {
        try call.arguments.map { argument in
            guard case .expression(let expression) = argument.content else {
                throw SyntaxError("expected a value; usage: \(spec.usage)", at: argument.token)
            }
            do {
                return try expression.evaluate([])
            } catch {
                throw SyntaxError(PlaygroundError.from(error).message, at: argument.token)
            }
        }
    }
}

/// A text stream that turns what the engine's `print` operator writes into trace records.
final class RecordStream: TextOutputStream, @unchecked Sendable {
    private let emit: @Sendable (OutputRecord) -> Void
    private var buffer = ""

    init(emit: @escaping @Sendable (OutputRecord) -> Void) {
        self.emit = emit
    }

    func write(_ string: String) {
        buffer += string
        while let newline = buffer.firstIndex(of: "\n") {
            emit(OutputRecord(kind: .trace, text: String(buffer[..<newline])))
            buffer.removeSubrange(...newline)
        }
    }
}

/// Retypes a publisher that sends no values (`ignoreOutput`) as a publisher of playground values.
struct NeverToValue<Upstream: Publisher>: Publisher where Upstream.Output == Never {
    typealias Output = Value
    typealias Failure = Upstream.Failure

    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Failure {
        upstream.subscribe(AnySubscriber<Never, Failure>(
            receiveSubscription: { subscriber.receive(subscription: $0) },
            receiveValue: nil,
            receiveCompletion: { subscriber.receive(completion: $0) }
        ))
    }
}
