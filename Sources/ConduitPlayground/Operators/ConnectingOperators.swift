import Conduit

/// The engine's types `typing` rules name, shortened.
private typealias P = Publishers
private typealias Up = Stand.Up
private typealias R = Stand.Result
private typealias C = Stand.Clock

/// Connectable publishers: `makeConnectable` and `multicast` subscribe to their upstream only
/// when connected (`connect NAME`), and `autoconnect` connects at the first subscriber. Built from
/// the engine's `MakeConnectable`, `Multicast` and `Autoconnect`.
enum ConnectingOperators {
    static let all: [OperatorSpec] = [
        OperatorSpec(
            name: "makeConnectable", usage: ".makeConnectable()",
            summary: "shares one subscription to the upstream, which starts only at `connect NAME`: sinks can all "
                + "attach first",
            example: "let live = numbers.makeConnectable()",
            typing: { $0.stage(EngineShape(P.MakeConnectable<Up>.self)) }
        ) { spec, upstream, call, context in
            try ArgumentReader(call: call, spec: spec).none()
            return context.chain.made(PlaygroundConnectable(Publishers.MakeConnectable(upstream: upstream)))
        },
        OperatorSpec(
            name: "multicast", usage: ".multicast(subject: NAME) or .multicast { PassthroughSubject<Int, Never>() }",
            summary: "sends the upstream's values through a subject (one you made, or a new one) to every "
                + "subscriber, from `connect NAME` on",
            example: "let shared = numbers.map { $0 * 2 }.multicast { PassthroughSubject<Int, Never>() }",
            typing: {
                $0.stage(EngineShape(P.Multicast<Up, PassthroughSubject<Stand.Upstream, Stand.UpstreamFailure>>.self))
            }
        ) { spec, upstream, call, context in
            let reader = ArgumentReader(call: call, spec: spec)
            if let argument = reader.argument("subject") {
                guard case .name(let name) = argument.content else {
                    throw SyntaxError("`subject:` takes the name of a subject; usage: "
                        + "\(spec.usage)", at: argument.token)
                }
                let token = Token(kind: .identifier(name), offset: argument.token.offset, length: argument.token.length)
                let subject = try context.subject(token)
                guard !context.reads(name) else {
                    throw SyntaxError(
                        "this pipeline reads from `\(name)`: multicasting into it would send every value back into "
                            + "itself for ever; use another subject", at: argument.token)
                }
                // Values written into a name pass the session's budget, which stops a loop.
                let budget = context.scheduler.budget
                let admitted = upstream.filter { budget.admit($0, through: name) }
                switch subject.storage {
                case .passthrough(let subject):
                    return context.chain.made(PlaygroundConnectable(admitted.multicast(subject: subject)))
                case .current(let subject):
                    return context.chain.made(PlaygroundConnectable(admitted.multicast(subject: subject)))
                case .shared(let link):
                    return context.chain.made(PlaygroundConnectable(admitted.multicast(subject: link.subject)))
                }
            }
            for argument in call.arguments {
                guard case .subjectFactory = argument.content else {
                    throw SyntaxError("`multicast` takes `subject: NAME` or a closure making a subject; usage: "
                        + "\(spec.usage)", at: argument.token)
                }
            }
            if let closure = call.trailingClosure {
                throw SyntaxError("the closure of `multicast` makes a subject: `{ PassthroughSubject<Int, Never>() }`",
                    at: closure.token)
            }
            return context.chain.made(PlaygroundConnectable(upstream.multicast { PassthroughSubject<Value,
                PlaygroundError>() }))
        },
        OperatorSpec(
            name: "autoconnect", usage: ".makeConnectable().autoconnect()",
            summary: "connects a connectable publisher as soon as the first subscriber arrives (and disconnects "
                + "when the last leaves)",
            example: "let ticks = Timer.publish(every: 1s).autoconnect()",
            typing: { $0.stage(EngineShape(P.Autoconnect<P.MakeConnectable<Up>>.self)) }
        ) { spec, _, call, context in
            try ArgumentReader(call: call, spec: spec).none()
            guard let connectable = context.chain.previous else {
                throw SyntaxError(
                    "`autoconnect` works on a connectable publisher: put it right after `.makeConnectable()`, "
                        + "`.multicast(...)` or `Timer.publish(every:)`",
                    at: call.span
                )
            }
            context.chain.autoconnected(connectable)
            return connectable.autoconnect().eraseToAnyPublisher()
        },
    ]

}
