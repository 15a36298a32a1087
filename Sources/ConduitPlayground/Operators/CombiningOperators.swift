import Conduit

/// The playground's operators over several publishers, flattening, sharing and error recovery,
/// each built from the engine's operator of the same name. Combined values arrive as arrays:
/// `.combineLatest(b)` sends `[a, b]`, so closures read them as `$0[0]` and `$0[1]`.
enum CombiningOperators {
    static let all: [OperatorSpec] = [
        OperatorSpec(
            name: "combineLatest", usage: ".combineLatest(other, ...) or .combineLatest(other) { $0 + $1 }",
            summary: "once every publisher has sent, sends the latest value of each (as an array) whenever one sends",
            example: "let picks = names.combineLatest(isOn)"
        ) { upstream, call, context in
            let reader = ArgumentReader(call: call, spec: spec("combineLatest"))
            let others = try reader.publishers(context, atMost: 3)
            let combined: Pipe
            switch others.count {
            case 1: combined = upstream.combineLatest(others[0]).map { Value.array([$0, $1]) }.pipe()
            case 2: combined = upstream.combineLatest(others[0], others[1]).map { Value.array([$0, $1, $2]) }.pipe()
            default: combined = upstream.combineLatest(others[0], others[1], others[2]).map { Value.array([$0, $1, $2,
                $3]) }.pipe()
            }
            return try transformed(combined, by: call, arity: others.count + 1)
        },
        OperatorSpec(
            name: "zip", usage: ".zip(other, ...) or .zip(other) { $0 + $1 }",
            summary: "pairs the values of the publishers in order (as arrays); never drops one",
            example: "let pairs = lefts.zip(rights)"
        ) { upstream, call, context in
            let others = try ArgumentReader(call: call, spec: spec("zip")).publishers(context, atMost: 3)
            let zipped: Pipe
            switch others.count {
            case 1: zipped = upstream.zip(others[0]).map { Value.array([$0, $1]) }.pipe()
            case 2: zipped = upstream.zip(others[0], others[1]).map { Value.array([$0, $1, $2]) }.pipe()
            default: zipped = upstream.zip(others[0], others[1], others[2]).map { Value.array([$0, $1, $2, $3]) }.pipe()
            }
            return try transformed(zipped, by: call, arity: others.count + 1)
        },
        OperatorSpec(
            name: "merge", usage: ".merge(with: other, ...)",
            summary: "sends the values of all publishers as they come; finishes when all have finished",
            example: "let all = clicks.merge(with: keys)"
        ) { upstream, call, context in
            let others = try ArgumentReader(call: call, spec: spec("merge")).publishers(context, label: "with")
            if others.count == 1 {
                return upstream.merge(with: others[0]).pipe()
            }
            return Publishers.MergeMany([upstream] + others).pipe()
        },
        OperatorSpec(
            name: "flatMap", usage: ".flatMap(maxPublishers: .max(N)) { [$0, $0 * 10] }",
            summary: "makes a publisher of each value (an array's elements, or the one value) and sends what they "
                + "all send",
            example: "let both = numbers.flatMap { [$0, $0 * 10] }"
        ) { upstream, call, _ in
            let reader = ArgumentReader(call: call, spec: spec("flatMap"))
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
            example: "let following = choice.map { $0 ? \"fast\" : \"slow\" }.switchToLatest()"
        ) { upstream, call, context in
            try ArgumentReader(call: call, spec: spec("switchToLatest")).none()
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
            example: "let safe = results.catch { \"offline\" }"
        ) { upstream, call, context in
            if case .name? = call.arguments.first?.content {
                let other = try ArgumentReader(call: call, spec: spec("catch")).publishers(context, atMost: 1)[0]
                return upstream.catch { _ in other }.pipe()
            }
            let closure = try ArgumentReader(call: call, spec: spec("catch")).closure(arity: 1)
            return upstream.catch { error -> Pipe in
                do {
                    return publisher(of: try closure.call(.string(error.message)))
                } catch {
                    return Fail(error: PlaygroundError.from(error)).eraseToAnyPublisher()
                }
            }.pipe()
        },
        OperatorSpec(
            name: "retry", usage: ".retry(N)", summary: "on failure, subscribes to the upstream again, up to N times",
            example: "let stubborn = flaky.retry(2)"
        ) { upstream, call, _ in
            // A subject that has failed fails each new subscription at once: a huge N would spin.
            upstream.retry(try ArgumentReader(call: call, spec: spec("retry")).integer(nil, minimum: 0,
                maximum: maximumRetries)).pipe()
        },
        OperatorSpec(
            name: "share", usage: ".share()",
                summary: "subscribes to the upstream once and shares its values with every subscriber",
            example: "let shared = numbers.map { $0 * 2 }.share()"
        ) { upstream, call, _ in
            try ArgumentReader(call: call, spec: spec("share")).none()
            return upstream.share().pipe()
        },
        OperatorSpec(
            name: "buffer", usage: ".buffer(size: N, prefetch: .keepFull, whenFull: .dropOldest)",
            summary: "keeps up to N values the downstream has not asked for yet",
            example: "sink slow = fast.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest) demand 1"
        ) { upstream, call, _ in
            let reader = ArgumentReader(call: call, spec: spec("buffer"))
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

    static func spec(_ name: String) -> OperatorSpec {
        OperatorTable.spec(named: name)!
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
