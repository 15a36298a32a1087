import Conduit

/// Operators that change a publisher's types in Swift: `eraseToAnyPublisher`, `setFailureType`,
/// `mapError` and `assertNoFailure`. Playground values have one type and failures are messages,
/// so chains pasted from Swift keep working: the first two pass everything on, `mapError`
/// rewrites the message, and `assertNoFailure` reports the fatal error a program would stop on.
enum ErasingOperators {
    static let all: [OperatorSpec] = [
        OperatorSpec(
            name: "eraseToAnyPublisher", usage: ".eraseToAnyPublisher()",
            summary: "hides the publisher's type in Swift; playground pipelines already are AnyPublishers, so it "
                + "passes everything on",
            example: "let out = numbers.map { $0 * 2 }.eraseToAnyPublisher()"
        ) { upstream, call, _ in
            try ArgumentReader(call: call, spec: spec("eraseToAnyPublisher")).none()
            return upstream.eraseToAnyPublisher()
        },
        OperatorSpec(
            name: "setFailureType", usage: ".setFailureType(to: Error.self)",
            summary: "gives a publisher that cannot fail a failure type in Swift; playground failures are messages, "
                + "so it passes everything on",
            example: "let typed = numbers.setFailureType(to: Error.self)"
        ) { upstream, call, _ in
            guard let argument = call.arguments.first, argument.label == "to", call.arguments.count == 1,
                call.trailingClosure == nil else {
                throw SyntaxError("write `.setFailureType(to: Error.self)`; usage: "
                    + "\(spec("setFailureType").usage)", at: call.span)
            }
            _ = argument
            return upstream
        },
        OperatorSpec(
            name: "mapError", usage: ".mapError { \"wrapped: \" + $0 }",
            summary: "rewrites a failure: $0 is the failure's message, the closure gives the new one",
            example: "let explained = results.mapError { \"network: \" + $0 }"
        ) { upstream, call, _ in
            let closure = try ArgumentReader(call: call, spec: spec("mapError")).closure(arity: 1)
            return upstream.mapError { error -> PlaygroundError in
                do {
                    return PlaygroundError(Functions.text(try closure.call(.string(error.message))))
                } catch {
                    return PlaygroundError.from(error)
                }
            }.eraseToAnyPublisher()
        },
        OperatorSpec(
            name: "assertNoFailure", usage: ".assertNoFailure(\"PREFIX\")",
            summary: "passes values on; a failure is a fatal error: a Swift program stops there, the playground "
                + "reports it and stops the pipeline",
            example: "let sure = numbers.assertNoFailure(\"numbers\")"
        ) { upstream, call, context in
            let reader = ArgumentReader(call: call, spec: spec("assertNoFailure"))
            var prefix = ""
            if reader.argument(nil) != nil {
                guard case .string(let text) = try reader.value(nil) else {
                    throw SyntaxError("`assertNoFailure` takes a prefix in double quotes; usage: "
                        + "\(spec("assertNoFailure").usage)", at: call.span)
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
        example: "sink store = taps.map { $0.name }.assign(to: \\.value, on: latest)"
    ) { _, call, _ in
        throw SyntaxError(
            "`assign` ends a sink, as a subscriber: `sink NAME = PIPELINE.assign(to: \\.value, on: SUBJECT)`",
                at: call.span)
    }

    static func spec(_ name: String) -> OperatorSpec {
        OperatorTable.spec(named: name)!
    }
}
