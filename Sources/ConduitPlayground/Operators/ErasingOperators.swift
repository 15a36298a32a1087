import Conduit

/// The engine's types `typing` rules name, shortened.
private typealias P = Publishers
private typealias Up = Stand.Up
private typealias R = Stand.Result
private typealias C = Stand.Clock

/// Operators that change a publisher's types in Swift: `eraseToAnyPublisher`, `setFailureType`,
/// `mapError` and `assertNoFailure`. Playground values have one type and failures are messages,
/// so chains pasted from Swift keep working: the first two pass everything on, `mapError`
/// rewrites the error (its Swift value, or its message), and `assertNoFailure` reports the fatal
/// error a program would stop on.
enum ErasingOperators {
    static let all: [OperatorSpec] = [
        OperatorSpec(
            name: "eraseToAnyPublisher", usage: ".eraseToAnyPublisher()",
            summary: "hides the publisher's type in Swift; playground pipelines already are AnyPublishers, so it "
                + "passes everything on",
            example: "let out = numbers.map { $0 * 2 }.eraseToAnyPublisher()",
            typing: { $0.stage(EngineShape(AnyPublisher<Stand.Upstream, Stand.UpstreamFailure>.self)) }
        ) { spec, upstream, call, _ in
            try ArgumentReader(call: call, spec: spec).none()
            return upstream.eraseToAnyPublisher()
        },
        OperatorSpec(
            name: "setFailureType", usage: ".setFailureType(to: Error.self)",
            summary: "gives a publisher that cannot fail a failure type in Swift; playground failures are messages, "
                + "so it passes everything on",
            example: "let typed = numbers.setFailureType(to: Error.self)",
            typing: { context in
                context.given.innerFailure = context.call.arguments.compactMap { argument -> FailureType? in
                    if case .swiftName(let name) = argument.content {
                        return FailureType(written: name.hasSuffix(".self") ? String(name.dropLast(5)) : name)
                    }
                    return nil
                }.first ?? .error
                let note = context.upstream.failure == .never
                    ? "Failure becomes \(context.given.innerFailure), so it can meet failing publishers"
                    : "Combine offers setFailureType only where the Failure is Never "
                        + "(here it is \(context.upstream.failure))"
                return context.stage(EngineShape(P.SetFailureType<Stand.UpNever, Stand.InnerFailure>.self), note: note)
            }
        ) { spec, upstream, call, _ in
            guard let argument = call.arguments.first, argument.label == "to", call.arguments.count == 1,
                call.trailingClosure == nil else {
                throw SyntaxError("write `.setFailureType(to: Error.self)`; usage: "
                    + "\(spec.usage)", at: call.span)
            }
            _ = argument
            return upstream
        },
        OperatorSpec(
            name: "mapError", usage: ".mapError { \"wrapped: \" + $0 }",
            summary: "rewrites a failure: $0 is the error (a thrown case or value, else the failure's message), the "
                + "closure gives the new one",
            example: "let explained = results.mapError { \"network: \" + $0 }",
            typing: { $0.stage(EngineShape(P.MapError<Up, any Error>.self), note: "the closure makes the new error") }
        ) { spec, upstream, call, _ in
            let closure = try ArgumentReader(call: call, spec: spec).closure(arity: 1)
            return upstream.mapError { error -> PlaygroundError in
                do {
                    return PlaygroundError.carrying(try closure.call(error.value))
                } catch {
                    return PlaygroundError.from(error)
                }
            }.eraseToAnyPublisher()
        },
        OperatorSpec(
            name: "assertNoFailure", usage: ".assertNoFailure(\"PREFIX\")",
            summary: "passes values on; a failure is a fatal error: a Swift program stops there, the playground "
                + "reports it and stops the pipeline",
            example: "let sure = numbers.assertNoFailure(\"numbers\")",
            typing: {
                $0.stage(EngineShape(P.AssertNoFailure<Up>.self),
                    note: "a failure would stop the program: Failure becomes Never")
            }
        ) { spec, upstream, call, context in
            let reader = ArgumentReader(call: call, spec: spec)
            var prefix = ""
            if reader.argument(nil) != nil {
                guard case .string(let text) = try reader.value(nil) else {
                    throw SyntaxError("`assertNoFailure` takes a prefix in double quotes; usage: "
                        + "\(spec.usage)", at: call.span)
                }
                prefix = text
            }
            let emit = context.emit
            // The engine's operator would end the process (as Combine's does): the failure is
            // reported before it, and the pipeline goes quiet, as a stopped program would.
            return upstream.catch { error -> Empty<Value, Never> in
                emit(OutputRecord(
                    kind: .error,
                    text: "error: assertNoFailure: fatal error: \(prefix.isEmpty ? "" : prefix + ": ")"
                        + "\(error.message) (a Swift program stops here; the playground stops this pipeline)"
                ))
                return Empty(completeImmediately: false)
            }.assertNoFailure(prefix).setFailureType(to: PlaygroundError.self).eraseToAnyPublisher()
        },
        assign,
    ]

    /// `assign(to:on:)` is a subscriber: the session runs it at the end of a sink's pipeline,
    /// and this entry gives it help, completion, and a message anywhere else.
    static let assign = OperatorSpec(
        name: "assign", usage: "sink NAME = PIPELINE.assign(to: \\.value, on: SUBJECT)",
        summary: "ends a sink: the engine's Assign writes each value into a `current` subject's value (its sinks "
            + "print them)",
        example: "sink store = taps.map { $0.name }.assign(to: \\.value, on: latest)",
        typing: { context in
            let note = context.upstream.failure == .never ? nil
                : "Combine's assign takes only a Failure of Never (here \(context.upstream.failure)): "
                    + "replaceError first"
            return context.subscriberStage(
                EngineShape(subscriber: Subscribers.Assign<PlaygroundObject, Stand.Upstream>.self), note: note)
        }
    ) { spec, _, call, _ in
        throw SyntaxError(
            "`assign` ends a sink, as a subscriber: `sink NAME = PIPELINE.assign(to: \\.value, on: SUBJECT)`",
                at: call.span)
    }

}
