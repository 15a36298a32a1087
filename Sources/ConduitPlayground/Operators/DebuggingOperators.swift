import Conduit

/// The engine's types `typing` rules name, shortened.
private typealias P = Publishers
private typealias Up = Stand.Up
private typealias R = Stand.Result
private typealias C = Stand.Clock

/// Operators for looking inside a pipeline: `handleEvents` prints the events it sees, and
/// `breakpoint` / `breakpointOnError` say where a Swift program would stop in the debugger (the
/// engine's operators, given closures that report instead of stopping the playground).
///
/// Their closures see an event as a value: a value as it is, a completion as Swift's (`finished`,
/// `failure(ERROR)`, which `case .failure(let error)` matches), a demand as a number or `"unlimited"`;
/// the trace line of an event with no closure shows a completion as `finished` or `failure: MESSAGE`.
enum DebuggingOperators {
    /// The closure labels of `handleEvents` and `breakpoint`, and how many arguments each passes.
    static let handlerLabels: [(label: String, arity: Int)] = [
        ("receiveSubscription", 1), ("receiveOutput", 1), ("receiveCompletion", 1), ("receiveCancel", 0),
            ("receiveRequest", 1),
    ]

    static let all: [OperatorSpec] = [
        OperatorSpec(
            name: "handleEvents",
            usage: ".handleEvents() or .handleEvents(receiveOutput: { \"saw \" + string($0) }, receiveCompletion: "
                + "..., receiveCancel: ..., receiveRequest: ..., receiveSubscription: ...)",
            summary: "passes everything on and prints the events it sees: all of them, or what the given closures "
                + "return",
            example: "let watched = numbers.handleEvents(receiveOutput: { \"saw \" + string($0) })",
            typing: { $0.stage(EngineShape(P.HandleEvents<Up>.self)) }
        ) { spec, upstream, call, context in
            let closures = try handlers(of: call, allowed: handlerLabels.map(\.label))
            let emit = context.emit
            /// Prints the event: what its closure gives (nothing for nil), or, with no closures at
            /// all, the event itself.
            func report(_ label: String, _ argument: Value?, shown: String) {
                if closures.isEmpty {
                    emit(OutputRecord(kind: .trace, text: "handleEvents \(label)\(shown.isEmpty ? "" : ": " + shown)"))
                    return
                }
                guard let closure = closures[label],
                      let result = run(closure, with: argument, in: "handleEvents \(label)", emit: emit) else { return }
                // A closure that prints for itself, as Swift's does (`{ print("saw", $0) }`), gives `()`.
                if result != .null, result != .void { emit(OutputRecord(kind: .trace, text: Functions.text(result))) }
            }
            return upstream.handleEvents(
                receiveSubscription: { report("receiveSubscription", .string(String(describing: $0)), shown: "") },
                receiveOutput: { report("receiveOutput", $0, shown: $0.description) },
                receiveCompletion: {
                    report("receiveCompletion", ForwardedSubscriber.value(of: $0), shown: Functions.text(value(of: $0)))
                },
                receiveCancel: { report("receiveCancel", nil, shown: "") },
                receiveRequest: { report("receiveRequest", value(of: $0), shown: Functions.text(value(of: $0))) }
            ).eraseToAnyPublisher()
        },
        OperatorSpec(
            name: "breakpoint",
                usage: ".breakpoint(receiveOutput: { $0 > 3 }, receiveCompletion: ..., receiveSubscription: ...)",
            summary: "where a closure gives true, a Swift program would stop in the debugger; the playground says "
                + "so and goes on",
            example: "let watched = numbers.breakpoint(receiveOutput: { $0 > 3 })",
            typing: { $0.stage(EngineShape(P.Breakpoint<Up>.self)) }
        ) { spec, upstream, call, context in
            let closures = try handlers(of: call, allowed: ["receiveSubscription", "receiveOutput",
                "receiveCompletion"])
            guard !closures.isEmpty else {
                throw SyntaxError(
                    "`breakpoint` needs at least one closure, for example `.breakpoint(receiveOutput: { $0 > 3 })`",
                        at: call.span)
            }
            let emit = context.emit
            /// Reports a stop where the closure is true; never stops (the engine would raise SIGTRAP).
            func check(_ label: String, _ argument: Value?) -> Bool {
                if let closure = closures[label], run(closure, with: argument, in: "breakpoint \(label)",
                    emit: emit) == .bool(true) {
                    emit(stop("breakpoint", "\(label)\(argument.map { ": " + $0.description } ?? "")"))
                }
                return false
            }
            return upstream.breakpoint(
                receiveSubscription: { _ in check("receiveSubscription", nil) },
                receiveOutput: { check("receiveOutput", $0) },
                receiveCompletion: { check("receiveCompletion", ForwardedSubscriber.value(of: $0)) }
            ).eraseToAnyPublisher()
        },
        OperatorSpec(
            name: "breakpointOnError", usage: ".breakpointOnError()",
            summary: "on a failure, a Swift program would stop in the debugger; the playground says so and passes "
                + "the failure on",
            example: "let watched = results.breakpointOnError()",
            typing: { $0.stage(EngineShape(P.Breakpoint<Up>.self)) }
        ) { spec, upstream, call, context in
            try ArgumentReader(call: call, spec: spec).none()
            let emit = context.emit
            return upstream.breakpoint(receiveCompletion: { completion in
                if case .failure(let error) = completion {
                    emit(stop("breakpointOnError", "failure: \(error.message)"))
                }
                return false
            }).eraseToAnyPublisher()
        },
    ]


    /// The labelled closures of a call, by label; each label must be one of `allowed`.
    static func handlers(of call: OperatorCall, allowed: [String]) throws -> [String: Closure] {
        if let closure = call.trailingClosure {
            throw SyntaxError("give each closure its label, for example `receiveOutput: { ... }`", at: closure.token)
        }
        var closures: [String: Closure] = [:]
        for argument in call.arguments {
            guard let label = argument.label, allowed.contains(label) else {
                let hint = argument.label.flatMap { Suggestion.closest(to: $0,
                    in: allowed) }.map { "; did you mean `\($0):`?" }
                    ?? "; the labels are \(allowed.map { "`\($0):`" }.joined(separator: ", "))"
                throw SyntaxError("`\(call.name)` takes labelled closures\(hint)", at: argument.token)
            }
            guard case .closure(let closure) = argument.content else {
                throw SyntaxError("`\(label):` takes a closure, for example `\(label): { ... }`", at: argument.token)
            }
            let arity = handlerLabels.first { $0.label == label }?.arity ?? 1
            guard closure.parameterCount <= arity else {
                throw SyntaxError("the closure of `\(label):` gets "
                    + "\(arity == 0 ? "no arguments" : "one argument, $0")", at: closure.token)
            }
            closures[label] = closure
        }
        return closures
    }

    /// Calls an event's closure (with the event's value, if it has one); a failure is reported,
    /// not passed on: the closures only look.
    static func run(_ closure: Closure, with argument: Value?, in place: String,
        emit: (OutputRecord) -> Void) -> Value? {
        do {
            return try argument.map { try closure.call($0) } ?? closure.call()
        } catch {
            emit(OutputRecord(kind: .trace,
                text: "\(place): the closure failed: \(PlaygroundError.from(error).message)"))
            return nil
        }
    }

    /// A completion as the trace line of an event shows it: `"finished"` or `"failure: MESSAGE"`.
    static func value(of completion: Subscribers.Completion<PlaygroundError>) -> Value {
        switch completion {
        case .finished: return .string("finished")
        case .failure(let error): return .string("failure: \(error.message)")
        }
    }

    /// A demand as closures see it: a number, or `"unlimited"`.
    static func value(of demand: Subscribers.Demand) -> Value {
        demand.max.map { .int($0) } ?? .string("unlimited")
    }

    /// The line that says where a Swift program would have stopped.
    static func stop(_ operatorName: String, _ event: String) -> OutputRecord {
        OutputRecord(kind: .trace,
            text: "\(operatorName): a Swift program would stop in the debugger here (\(event)); the playground goes on")
    }
}
