import Conduit

/// The engine's types `typing` rules name, shortened.
private typealias P = Publishers
private typealias Up = Stand.Up
private typealias R = Stand.Result
private typealias C = Stand.Clock

/// The playground's operators over several publishers, flattening, sharing and error recovery,
/// each built from the engine's operator of the same name. Combined values arrive as arrays:
/// `.combineLatest(b)` sends `[a, b]`, so closures read them as `$0[0]` and `$0[1]`.
enum CombiningOperators {
    static let all: [OperatorSpec] = [
        OperatorSpec(
            name: "combineLatest", usage: ".combineLatest(other, ...) or .combineLatest(other) { $0 + $1 }",
            summary: "once every publisher has sent, sends the latest value of each (as an array) whenever one sends",
            example: "let picks = names.combineLatest(isOn)",
            typing: { combinedStage(&$0, zip: false) }
        ) { spec, upstream, call, context in
            let reader = ArgumentReader(call: call, spec: spec)
            let others = try reader.publishers(context, atMost: 3)
            let combined: Pipe
            switch others.count {
            case 1: combined = upstream.combineLatest(others[0]).map { Value.tuple([$0, $1]) }.pipe()
            case 2: combined = upstream.combineLatest(others[0], others[1]).map { Value.tuple([$0, $1, $2]) }.pipe()
            default: combined = upstream.combineLatest(others[0], others[1], others[2]).map { Value.tuple([$0, $1, $2,
                $3]) }.pipe()
            }
            return try transformed(combined, by: call, arity: others.count + 1)
        },
        OperatorSpec(
            name: "zip", usage: ".zip(other, ...) or .zip(other) { $0 + $1 }",
            summary: "pairs the values of the publishers in order (as arrays); never drops one",
            example: "let pairs = lefts.zip(rights)",
            typing: { combinedStage(&$0, zip: true) }
        ) { spec, upstream, call, context in
            let others = try ArgumentReader(call: call, spec: spec).publishers(context, atMost: 3)
            let zipped: Pipe
            switch others.count {
            case 1: zipped = upstream.zip(others[0]).map { Value.tuple([$0, $1]) }.pipe()
            case 2: zipped = upstream.zip(others[0], others[1]).map { Value.tuple([$0, $1, $2]) }.pipe()
            default: zipped = upstream.zip(others[0], others[1], others[2]).map { Value.tuple([$0, $1, $2, $3]) }.pipe()
            }
            return try transformed(zipped, by: call, arity: others.count + 1)
        },
        OperatorSpec(
            name: "merge", usage: ".merge(with: other, ...)",
            summary: "sends the values of all publishers as they come; finishes when all have finished",
            example: "let all = clicks.merge(with: keys)",
            typing: { context in
                let outputs = [context.upstream.output] + context.publisherArguments.map(\.output)
                context.given.upstream = ValueType.join(outputs)
                let note = context.mismatchedFailures()
                switch context.publisherArguments.count {
                case 2: return context.stage(EngineShape(P.Merge3<Up, Up, Up>.self), note: note)
                case 3: return context.stage(EngineShape(P.Merge4<Up, Up, Up, Up>.self), note: note)
                case 1 where context.publisherArguments[0].isSameType(as: context.upstream):
                    // Combine's `merge(with: Self)`: two publishers of one type merge as a MergeMany.
                    return context.stage(EngineShape(P.MergeMany<Up>.self), note: note)
                case 0, 1: return context.stage(EngineShape(P.Merge<Up, Up>.self), note: note)
                default: return context.stage(EngineShape(P.MergeMany<Up>.self), note: note)
                }
            }
        ) { spec, upstream, call, context in
            let others = try ArgumentReader(call: call, spec: spec).publishers(context, label: "with")
            if others.count == 1 {
                return upstream.merge(with: others[0]).pipe()
            }
            return Publishers.MergeMany([upstream] + others).pipe()
        },
        OperatorSpec(
            name: "flatMap", usage: ".flatMap(maxPublishers: .max(N)) { [$0, $0 * 10] }",
            summary: "makes a publisher of each value (an array's elements, or the one value) and sends what they "
                + "all send",
            example: "let both = numbers.flatMap { [$0, $0 * 10] }",
            typing: { flatMapStage(&$0) }
        ) { spec, upstream, call, _ in
            let reader = ArgumentReader(call: call, spec: spec)
            let closure = try reader.closure(arity: 1)
            if let kind = closure.body.plainValueKind {
                throw SyntaxError(
                    "`flatMap` needs a publisher from its closure, and this one gives a \(kind); return one, such as "
                        + "`{ Just($0 * 2) }`, or use `map` to transform each value",
                    at: closure.token
                )
            }
            let demand: Subscribers.Demand = try reader.demand("maxPublishers").map { .max($0) } ?? .unlimited
            return upstream.flatMap(maxPublishers: demand) { value -> Pipe in
                do {
                    return publisher(of: try closure.call(value))
                } catch {
                    return Fail(error: PlaygroundError.from(error)).eraseToAnyPublisher()
                }
            }.pipe()
        },
        OperatorSpec(
            name: "switchToLatest", usage: ".map { $0 ? \"fast\" : \"slow\" }.switchToLatest()",
            summary: "each value names a subject or pipeline (or is an array or a value): follows the latest one, "
                + "cancelling the one before",
            example: "let following = choice.map { $0 ? \"fast\" : \"slow\" }.switchToLatest()",
            typing: { switchToLatestStage(&$0) }
        ) { spec, upstream, call, context in
            try ArgumentReader(call: call, spec: spec).none()
            return upstream.map { value -> Pipe in
                if case .string(let name) = value,
                   let named = try? context.resolve(Token(kind: .identifier(name), offset: 0, length: name.count)) {
                    return named
                }
                return publisher(of: value)
            }.switchToLatest().pipe()
        },
        OperatorSpec(
            name: "catch", usage: ".catch { \"fallback\" } or .catch(other)",
            summary: "on failure, goes on with a publisher of the closure's result ($0 is the message), or with the "
                + "other publisher",
            example: "let safe = results.catch { \"offline\" }",
            hasTryForm: true,
            typing: { catchStage(&$0) }
        ) { spec, upstream, call, context in
            if case .name? = call.arguments.first?.content {
                let other = try ArgumentReader(call: call, spec: spec).publishers(context, atMost: 1)[0]
                return upstream.catch { _ in other }.pipe()
            }
            let closure = try ArgumentReader(call: call, spec: spec).closure(arity: 1)
            return upstream.catch { error -> Pipe in
                do {
                    return publisher(of: try closure.call(error.value))
                } catch {
                    return Fail(error: PlaygroundError.from(error)).eraseToAnyPublisher()
                }
            }.pipe()
        },
        OperatorSpec(
            name: "retry", usage: ".retry(N)", summary: "on failure, subscribes to the upstream again, up to N times",
            example: "let stubborn = flaky.retry(2)",
            typing: { $0.stage(EngineShape(P.Retry<Up>.self)) }
        ) { spec, upstream, call, _ in
            // A subject that has failed fails each new subscription at once: a huge N would spin.
            upstream.retry(try ArgumentReader(call: call, spec: spec).integer(nil, minimum: 0,
                maximum: maximumRetries)).pipe()
        },
        OperatorSpec(
            name: "share", usage: ".share()",
                summary: "subscribes to the upstream once and shares its values with every subscriber",
            example: "let shared = numbers.map { $0 * 2 }.share()",
            typing: { $0.stage(EngineShape(P.Share<Up>.self)) }
        ) { spec, upstream, call, _ in
            try ArgumentReader(call: call, spec: spec).none()
            return upstream.share().pipe()
        },
        OperatorSpec(
            name: "buffer", usage: ".buffer(size: N, prefetch: .keepFull, whenFull: .dropOldest)",
            summary: "keeps up to N values the downstream has not asked for yet",
            example: "sink slow = fast.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest) demand 1",
            typing: { $0.stage(EngineShape(P.Buffer<Up>.self)) }
        ) { spec, upstream, call, _ in
            let reader = ArgumentReader(call: call, spec: spec)
            let size = try reader.integer("size", minimum: 1)
            let prefetch = try reader.choice("prefetch", from: ["keepFull", "byRequest"], default: "byRequest")
            let whenFull = try reader.choice("whenFull", from: ["dropOldest", "dropNewest"], default: "dropOldest")
            return upstream.buffer(
                size: size,
                prefetch: prefetch == "keepFull" ? .keepFull : .byRequest,
                whenFull: whenFull == "dropOldest" ? .dropOldest : .dropNewest
            ).pipe()
        },
    ]

    /// The most `retry` may retry in the playground.
    static let maximumRetries = 10_000


    /// `combineLatest` and `zip`: Combine's two- or three-publisher form, or, with a closure, a
    /// `Map` of it.
    static func combinedStage(_ context: inout TypingContext, zip isZip: Bool) -> StageType {
        context.given.others = context.publisherArguments.map(\.output)
        let three = context.publisherArguments.count >= 2
        let note = context.mismatchedFailures()
        let combined: EngineShape = switch (isZip, three) {
        case (true, true): EngineShape(P.Zip3<Up, Stand.Second, Stand.Third3>.self)
        case (true, false): EngineShape(P.Zip<Up, Stand.Second>.self)
        case (false, true): EngineShape(P.CombineLatest3<Up, Stand.Second, Stand.Third3>.self)
        case (false, false): EngineShape(P.CombineLatest<Up, Stand.Second>.self)
        }
        guard context.closure != nil else { return context.stage(combined, note: note) }
        context.given.result = context.result([.tuple([context.upstream.output] + context.given.others)])
        let mapped = context.stage(EngineShape(P.Map<Up, R>.self), note: note)
        return context.stage(publisher: "Publishers.Map<\(combined.publisher)>", output: mapped.output,
            failure: mapped.failure, note: note)
    }

    /// `flatMap`: Combine's three shapes (same Failure on both sides; a Never upstream made to fail
    /// as the inner publishers do; Never inner publishers made to fail as the upstream does).
    static func flatMapStage(_ context: inout TypingContext) -> StageType {
        let upstream = context.upstream
        guard case .publisher(let output, let failure) = context.result([upstream.output]) else {
            return context.stage(publisher: "Publishers.FlatMap", output: .value, failure: upstream.failure,
                note: "the closure must return a publisher, such as `Just($0)`")
        }
        context.given.innerOutput = output
        context.given.innerFailure = failure
        if upstream.failure == .never, failure != .never {
            return context.stage(EngineShape(P.FlatMap<Empty<Stand.InnerOutput, Stand.InnerFailure>,
                P.SetFailureType<Stand.UpNever, Stand.InnerFailure>>.self),
                note: "the inner publishers can fail: Failure becomes theirs (\(failure))")
        }
        if failure == .never, upstream.failure != .never {
            return context.stage(EngineShape(P.FlatMap<P.SetFailureType<Empty<Stand.InnerOutput, Never>,
                Stand.UpstreamFailure>, Up>.self))
        }
        let note = failure == upstream.failure ? nil
            : "Combine needs the inner publishers' Failure (\(failure)) to be the upstream's (\(upstream.failure))"
        return context.stage(EngineShape(P.FlatMap<Empty<Stand.InnerOutput, Stand.UpstreamFailure>, Up>.self),
            note: note)
    }

    /// `switchToLatest`: the inner publishers' Output; Combine's three shapes for the Failure, as
    /// `flatMap`'s (a Never upstream takes the inner publishers' Failure).
    static func switchToLatestStage(_ context: inout TypingContext) -> StageType {
        let upstream = context.upstream
        guard case .publisher(let output, let failure) = upstream.output else {
            return context.stage(publisher: "Publishers.SwitchToLatest", output: .value, failure: upstream.failure,
                note: "its upstream must send publishers")
        }
        context.given.innerOutput = output
        context.given.innerFailure = failure
        typealias Inner = Empty<Stand.InnerOutput, Stand.InnerFailure>
        if upstream.failure == .never, failure != .never {
            return context.stage(EngineShape(P.SwitchToLatest<Inner, P.SetFailureType<Empty<Inner, Never>,
                Stand.InnerFailure>>.self), note: "the inner publishers can fail: Failure becomes theirs (\(failure))")
        }
        let note = failure == upstream.failure || failure == .never ? nil
            : "the inner publishers fail with \(failure): Combine needs the same Failure as the upstream"
        return context.stage(EngineShape(P.SwitchToLatest<Empty<Stand.InnerOutput, Stand.UpstreamFailure>,
            Empty<Empty<Stand.InnerOutput, Stand.UpstreamFailure>, Stand.UpstreamFailure>>.self), note: note)
    }

    /// `catch`: the Failure of the publisher it goes on with (the closure's, or the one named);
    /// `tryCatch`'s closure may throw, so its Failure is Error.
    static func catchStage(_ context: inout TypingContext) -> StageType {
        let inner = context.closure == nil
            ? context.publisherArguments.first?.publisherType ?? .value
            : context.result([.named(context.upstream.failure.description)])
        context.given.innerFailure = .error
        if case .publisher(_, let failure) = inner { context.given.innerFailure = failure }
        let note = context.isTry ? "the closure may throw: Failure becomes Error"
            : "a failure switches to the publisher the closure returns: Failure becomes its "
                + "\(context.given.innerFailure)"
        return context.stage(context.either(EngineShape(P.Catch<Up, Empty<Stand.Upstream, Stand.InnerFailure>>.self),
            try: EngineShape(P.TryCatch<Up, Empty<Stand.Upstream, Stand.InnerFailure>>.self)), note: note)
    }

    /// Applies the optional trailing closure of a combining call to the combined array.
    static func transformed(_ combined: Pipe, by call: OperatorCall, arity: Int) throws -> Pipe {
        guard let closure = call.trailingClosure else { return combined }
        guard closure.parameterCount <= arity else {
            throw SyntaxError(
                "this closure uses $\(closure.parameterCount - 1), but `\(call.name)` passes \(arity) values",
                    at: closure.token)
        }
        return combined.tryMap { value -> Value in
            guard case .array(let items) = value else { return try closure.call(value) }
            return try closure.evaluate(items)
        }.pipe()
    }

    /// The publisher a closure's result stands for: a publisher it made (`Just($0)`), an array's
    /// elements, or the single value.
    static func publisher(of value: Value) -> Pipe {
        if case .publisher(let publisher) = value {
            return publisher.pipe
        }
        if case .array(let items) = value {
            return items.publisher.pipe()
        }
        return Just(value).pipe()
    }
}
