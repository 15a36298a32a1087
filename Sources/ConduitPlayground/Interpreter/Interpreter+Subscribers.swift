import Conduit

/// The subscribers a sink's chain may end in, as Swift writes them: `.sink { ... }`,
/// `.assign(to: \.PROPERTY, on: OBJECT)`, `.assign(to: &OBJECT.$PROPERTY)` and `.subscribe(SUBJECT)`.
extension Interpreter {
    /// `let NAME = PassthroughSubject<...>()` or `CurrentValueSubject<...>(VALUE)`.
    func makeSubject(_ name: Token, initial: SwiftSubject) throws {
        defer { subjectLedgers.clear(name.display) }
        switch initial {
        case .passthrough(let types):
            var entry = SubjectEntry(
                storage: .passthrough(PassthroughSubject()), declaredTypes: SubjectEntry.declared(types))
            entry.impliedCases = ImpliedCases(entry.outputType, enums: enums)
            try define(name, as: .subject(entry))
            info("\(name.display): PassthroughSubject" + (types.map { "<\($0)>" } ?? ""))
        case .current(let expression, let types):
            // `CurrentValueSubject<Double, Never>(1)` starts with 1.0, as Swift types the literal; `(.idle)`
            // of an enumeration's Output, the case.
            let declared = SubjectEntry.declared(types)
            let cases = ImpliedCases(declared.map { ValueType(written: $0.output) }, enums: enums)
            var value = try constant(expression, at: name).converted(toWritten: declared?.output)
            value = cases?.resolve(value) ?? value
            var entry = SubjectEntry(storage: .current(CurrentValueSubject(value)), declaredTypes: declared)
            entry.impliedCases = cases
            try define(name, as: .subject(entry))
            info("\(name.display): CurrentValueSubject" + (types.map { "<\($0)>" } ?? "") + " = \(value)")
        }
    }

    /// Whether `.assign(to:on:)` names a subject (the older form, `assignTarget` reads it).
    func assignsToSubject(_ call: OperatorCall) -> Bool {
        guard call.arguments.count == 2, case .name(let name) = call.arguments[1].content else { return false }
        if case .subject? = entries[name] { return true }
        return false
    }

    /// The engine subscriber that ends a sink: a closure run for each value, the engine's
    /// `Subscribers.Assign` writing an object's property, or a subject fed by the pipeline.
    func subscriber(for call: OperatorCall, upstream: PipelineSyntax) throws -> ForwardedSubscriber {
        switch call.name {
        case "sink":
            let closures =
                call.arguments.compactMap { argument -> (String?, Closure)? in
                    if case .closure(let closure) = argument.content { return (argument.label, closure) }
                    return nil
                } + (call.trailingClosure.map { [(nil, $0)] } ?? [])
            guard let valueClosure = closures.first(where: { $0.0 == nil || $0.0 == "receiveValue" })?.1 else {
                throw SyntaxError(
                    "write `.sink { print($0) }` or `.sink(receiveCompletion: { ... }, receiveValue: { ... })`",
                    at: call.span)
            }
            // The closure's `$0` has the upstream's Output: `print($0)` of an optional says `Optional(...)`.
            let input = (try? checker.stageTypes(of: upstream, arguments: closureArgumentTypes))?.last?.output
            let onValue = try binding(closureOf: input) { try bind(valueClosure) }
            let onCompletion = try closures.first { $0.0 == "receiveCompletion" }.map { try bind($0.1) }
            return ForwardedSubscriber(
                handler: { [weak self] value in
                    do {
                        _ = try onValue.call(value)
                    } catch {
                        self?.emit(
                            OutputRecord(
                                kind: .error, text: "error: in the sink's closure: \(Interpreter.message(of: error))"))
                    }
                },
                completion: { [weak self] completion in
                    guard let onCompletion else { return }
                    do {
                        // `.failure(let error)` binds the error's value (`print(error)` prints `bad`).
                        _ = try onCompletion.call(ForwardedSubscriber.value(of: completion))
                    } catch {
                        self?.emit(
                            OutputRecord(
                                kind: .error, text: "error: in the sink's closure: \(Interpreter.message(of: error))"))
                    }
                }
            )
        case "subscribe":
            if call.arguments.count == 1, let made = madeObject(call.arguments[0]),
                case .object(let object) = try bind(made).evaluate([])
            {
                // `publisher.subscribe(Printer())`: a subscriber made where it is subscribed.
                return try objectSubscriber(object, at: call.arguments[0].token)
            }
            guard call.arguments.count == 1, case .name(let name) = call.arguments[0].content else {
                throw SyntaxError("write `.subscribe(SUBJECT)` with the name of a subject, or `.subscribe(SUBSCRIBER)` "
                    + "with an instance of a class that conforms to `Subscriber`", at: call.span)
            }
            let token = Token(
                kind: .identifier(name), offset: call.arguments[0].token.offset, length: call.arguments[0].token.length)
            if case .object(let object)? = entries[name] { return try objectSubscriber(object, at: token) }
            let subject = try self.subject(named: token)
            guard !reads(upstream, from: name, depth: 0, throughWriters: true) else {
                throw SyntaxError(
                    "this pipeline reads from `\(name)`: feeding it back in would go round for ever", at: token)
            }
            return ForwardedSubscriber(subject: subject) { [weak self] value in
                self?.emit(
                    OutputRecord(
                        kind: .error,
                        text:
                            "error: sending \(value) into \(name) feeds itself "
                                + "(a loop of \(FeedbackGuard.limit) sends): the value is dropped"
                    ))
            }
        default:
            return try objectAssignment(call, upstream: upstream)
        }
    }

    /// What an argument makes if it may make an object: `Printer()` (read as a Swift name, which
    /// it is when no class of that name is declared), `Printer(label: "a")`.
    private func madeObject(_ argument: Argument) -> Expression? {
        switch argument.content {
        case .expression(let expression): return expression
        case .swiftName(let written) where written.hasSuffix("()") && classes[String(written.dropLast(2))] != nil:
            return .namedCall(String(written.dropLast(2)), [], argument.token)
        default: return nil
        }
    }

    /// `publisher.subscribe(subscriber)`: an instance of a class of the session's that conforms to
    /// `Subscriber`, whose methods take the subscription, the values and the completion.
    private func objectSubscriber(_ object: PlaygroundObject, at token: Token) throws -> ForwardedSubscriber {
        guard ForwardedSubscriber.isSubscriber(object) else {
            let missing = ForwardedSubscriber.subscriberMethods.filter { object.methods[$0] == nil }
                .map { "`func \($0)`" }.joined(separator: ", ")
            throw SyntaxError(
                "`\(object.name)` is not a subscriber: its class needs \(missing) "
                    + "(a class that conforms to `Subscriber`), or subscribe a subject", at: token)
        }
        return ForwardedSubscriber(object: object) { [weak self] message in
            self?.emit(OutputRecord(kind: .error, text: "error: " + message))
        }
    }

    /// `.assign(to: \.PROPERTY, on: OBJECT)`: the engine's `Subscribers.Assign` writing through the
    /// object's key path, so a `@Published` property announces each value.
    private func objectAssignment(_ call: OperatorCall, upstream: PipelineSyntax) throws -> ForwardedSubscriber {
        let usage = "write `.assign(to: \\.PROPERTY, on: OBJECT)`"
        guard call.arguments.count == 2, call.arguments[0].label == "to",
            case .closure(let keyPath) = call.arguments[0].content,
            case .member(.argument(0), let property) = keyPath.body
        else {
            throw SyntaxError(usage, at: call.span)
        }
        if call.arguments[1].label == "on",
            case .expression(.literal(.object(let object))) = call.arguments[1].content
        {
            // `.assign(to: \.visibleTodos, on: self)` in an initialiser or a method: the object itself.
            guard object.has(property) else {
                throw SyntaxError("\(object.name) has no property `\(property)`", at: keyPath.token)
            }
            return ForwardedSubscriber(
                Subscribers.Assign(object: object, keyPath: \PlaygroundObject.[property: property]))
        }
        guard call.arguments[1].label == "on", case .name(let name) = call.arguments[1].content else {
            throw SyntaxError(usage, at: call.arguments[1].token)
        }
        let token = Token(
            kind: .identifier(name), offset: call.arguments[1].token.offset, length: call.arguments[1].token.length)
        guard case .object(let object)? = entries[name] else {
            if entries[name] == nil { throw unknown(token, expected: "object") }
            throw SyntaxError(
                "`\(name)` is a \(entries[name]!.kindName); `assign(to: \\.PROPERTY, on:)` writes an object's property",
                at: token)
        }
        guard object.has(property) else {
            let hint =
                Suggestion.closest(to: property, in: object.propertyNames).map { "; did you mean `\($0)`?" } ?? ""
            throw SyntaxError("\(name) has no property `\(property)`\(hint)", at: keyPath.token)
        }
        if readsChanges(of: name, property: property, in: upstream) {
            throw SyntaxError(
                "this pipeline reads \(name)'s changes: writing \(name).\(property) from it would go round for ever",
                at: token
            )
        }
        return ForwardedSubscriber(Subscribers.Assign(object: object, keyPath: \PlaygroundObject.[property: property]))
    }

    /// Whether a pipeline starts from an object's `$property` or `objectWillChange` (directly or
    /// through named pipelines): writing that property from it would feed itself.
    private func readsChanges(of object: String, property: String, in syntax: PipelineSyntax, depth: Int = 0) -> Bool {
        guard depth < 16 else { return false }
        switch syntax.source {
        case .expression(let expression):
            let text = expression.writtenText
            return text == "\(object).$\(property)" || text == "\(object).objectWillChange"
        case .name(let token):
            guard let name = token.identifier, case .pipeline(let pipeline)? = entries[name] else { return false }
            return readsChanges(of: object, property: property, in: pipeline.syntax, depth: depth + 1)
        default:
            return false
        }
    }

    /// `.assign(to: &OBJECT.$PROPERTY)`: the engine's `assign(to:)`, whose subscription lives as long
    /// as the property. A failure ends it (Swift requires a publisher that cannot fail).
    func assignToPublished(_ call: OperatorCall, upstream: PipelineSyntax, name: Token) throws {
        guard call.arguments.count == 1, case .reference(let target) = call.arguments[0].content,
            case .member(let base, let projected) = target, projected.hasPrefix("$")
        else {
            throw SyntaxError("write `.assign(to: &OBJECT.$PROPERTY)`", at: call.span)
        }
        let property = String(projected.dropFirst())
        guard case .object(let object) = try bind(base).evaluate([]) else {
            throw SyntaxError("`assign(to: &...)` takes an object's `$PROPERTY`", at: call.arguments[0].token)
        }
        guard var published = object.projected(property) else {
            throw SyntaxError(
                "\(object.name).\(property) is not a @Published property, so there is no `$\(property)` to assign to",
                at: call.arguments[0].token
            )
        }
        if readsChanges(of: object.name, property: property, in: upstream) {
            throw SyntaxError(
                "this pipeline reads \(object.name).$\(property): assigning it back would go round for ever",
                at: call.arguments[0].token)
        }
        let publisher = try build(upstream, chain: ChainState())
        publisher.catch { _ in Empty<Value, Never>() }.assign(to: &published)
        info("\(object.name).$\(property) ← \(upstream.text) (lives as long as the property)")
    }
}

extension Interpreter {
    /// `for await V in PIPELINE.values { BODY }`: a sink without a name (`loop1`, ...) that asks for
    /// one value at a time and runs the body for each, as the loop over the engine's `values` would.
    func runLoop(over syntax: PipelineSyntax, body: Closure, at token: Token) throws {
        var number = 1
        while entries["loop\(number)"] != nil { number += 1 }
        let name = Token(kind: .identifier("loop\(number)"), offset: token.offset, length: token.length)
        let bound = try bind(body)
        let loop = ForwardedSubscriber(
            handler: { [weak self] value in
                do {
                    // The body's closure with the value as the loop's name, as a `for ... in` loop's turn.
                    let scoped = bound.scoped(CapturedScope(values: [value], parent: nil))
                    if try !Interpreter.runTurn({ try scoped.evaluate([]) }) { self?.breakLoop(name.display) }
                } catch {
                    let message = Interpreter.message(of: error)
                    self?.emit(OutputRecord(kind: .error, text: "error: in the loop's body: \(message)"))
                }
            },
            completion: { [weak self, name = name.display] _ in self?.loopFinished(name) },
            oneAtATime: true
        )
        try subscribeSink(name, to: syntax, demand: nil, forwardingTo: loop)
        startedLoop = name.display
    }
}
