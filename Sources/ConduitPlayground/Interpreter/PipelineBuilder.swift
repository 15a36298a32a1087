import Conduit
import Foundation

/// Building pipelines: the engine publishers a `PipelineSyntax` stands for, with the names it reads
/// resolved in the session.
extension Interpreter {
    /// The subject of `.assign(to: \.value, on: SUBJECT)` ending a sink's pipeline: a
    /// CurrentValueSubject (the one kind with a value to write) that the pipeline does not read.
    func assignTarget(of call: OperatorCall, upstream: PipelineSyntax) throws -> CurrentValueSubject<Value,
        PlaygroundError> {
        let usage = "write `.assign(to: \\.value, on: SUBJECT)` with a `current` subject"
        guard call.trailingClosure == nil, call.arguments.count == 2,
              call.arguments[0].label == "to", case .closure(let keyPath) = call.arguments[0].content,
              case .member(.argument(0), "value") = keyPath.body
        else {
            throw SyntaxError(usage, at: call.span)
        }
        guard call.arguments[1].label == "on", case .name(let name) = call.arguments[1].content else {
            throw SyntaxError(usage, at: call.arguments[1].token)
        }
        let token = Token(kind: .identifier(name), offset: call.arguments[1].token.offset,
            length: call.arguments[1].token.length)
        guard case .current(let subject) = try self.subject(named: token).storage else {
            throw SyntaxError("`\(name)` is a PassthroughSubject, which keeps no value; assign to a `current` subject",
                at: token)
        }
        guard !reads(upstream, from: name, depth: 0, throughWriters: true) else {
            throw SyntaxError(
                "this pipeline reads from `\(name)`: assigning to it would send every value back into itself for ever",
                    at: token)
        }
        return subject
    }

    /// Keeps the connectable publishers a build made, for `connect NAME`.
    func remember(_ chain: ChainState, as name: String) {
        if !chain.connectables.isEmpty {
            connections[name] = Connection(connectables: chain.connectables)
        }
    }

    /// How many operators a value passes through from a source to the end of `syntax`, counting
    /// those of the pipelines it reads: each is a level of the engine's recursion when subscribing
    /// and delivering, so it is bounded.
    func chainLength(of syntax: PipelineSyntax) -> Int {
        var own = syntax.operators.count
        if case .deferred(let inner) = syntax.source { own += inner.operators.count }
        let upstream = PipelineEntry(publisher: Empty().eraseToAnyPublisher(), syntax: syntax, length: 0).dependencies
            .map { name -> Int in
                guard case .pipeline(let pipeline)? = entries[name] else { return 0 }
                return pipeline.length
            }
            .max() ?? 0
        return upstream + own
    }

    /// The subject a name stands for (`multicast(subject:)`).
    func subject(named name: Token) throws -> SubjectEntry {
        guard let entry = entries[name.display] else { throw unknown(name, expected: "subject") }
        guard case .subject(let subject) = entry else {
            throw SyntaxError("`\(name.display)` is a \(entry.kindName), but a subject is needed here", at: name)
        }
        return subject
    }

    /// The publisher a name stands for: a subject or a pipeline.
    func publisher(named name: Token) throws -> Pipe {
        guard let entry = entries[name.display] else { throw unknown(name, expected: "subject or pipeline") }
        switch entry {
        case .subject(let subject):
            return subjectLedgers.wrap(subject.publisher, subject: name.display, kind: subject.kindName)
        case .pipeline(let pipeline): return pipeline.publisher
        case .sink:
            throw SyntaxError("`\(name.display)` is a sink; a pipeline reads from subjects and pipelines", at: name)
        case .object(let object):
            throw SyntaxError(
                "`\(name.display)` is an object; its publishers are `\(name.display).objectWillChange` "
                    + "and `\(name.display).$PROPERTY`"
                    + (object.propertyNames.first.map { " (such as `\(name.display).$\($0)`)" } ?? ""),
                at: name
            )
        case .function(let function):
            throw SyntaxError("`\(name.display)` is a function; call it: `\(function.usage)`", at: name)
        case .binding(let binding):
            throw SyntaxError(
                "`\(name.display)` is a binding, not a publisher; "
                    + "`\(binding.object.name).$\(binding.property)` publishes the property",
                at: name
            )
        case .value(let named):
            let fix = named.value.isArray
                ? "`\(name.display).publisher` sends its elements" : "`Just(\(name.display))` makes a publisher of it"
            throw SyntaxError(
                "`\(name.display)` is \(named.value.kindName) \(named.value), a value and not a publisher: \(fix)",
                at: name)
        }
    }

    /// Builds the engine publisher for `syntax`. Names in its expressions are resolved first,
    /// unless `bound` says that was done (pipelines made inside closures, built per value).
    /// `arguments` are the closure's, for the source (`Just($0)`); a `trial` build checks a
    /// pipeline written in a closure before any value exists, so its source may not evaluate.
    func build(
        _ written: PipelineSyntax, chain: ChainState, arguments: [Value] = [], bound: Bool = false,
        trial: Bool = false
    ) throws -> Pipe {
        if !bound, !trial { try checker.checkTypes(of: written) }
        let syntax = bound ? written : try bind(written)
        var current: Pipe
        do {
            current = try source(of: syntax, written: written, chain: chain, arguments: arguments, trial: trial)
        } catch is PlaygroundError where trial {
            current = Empty().eraseToAnyPublisher()
        }
        // A pipeline made inside a closure was measured by its trial build; built again for each
        // value, it does not look at the session's names (values may flow on another thread).
        // A trial runs no closure of the person's: a sequence's own operators would run them at once.
        if trial {
            chain.sequence = nil
            chain.eager = nil
        }
        return try applyOperators(of: syntax, to: current, chain: chain, measure: !bound || trial)
    }

    /// `written` is the pipeline as typed (before its names were resolved), for messages.
    private func source(
        of syntax: PipelineSyntax, written: PipelineSyntax, chain: ChainState, arguments: [Value], trial: Bool
    ) throws -> Pipe {
        let current: Pipe
        switch syntax.source {
        case .name(let token):
            current = try publisher(named: token)
            if case .pipeline(let pipeline)? = entries[token.display] {
                chain.sequence = pipeline.sequence
                chain.eager = pipeline.eager
            }
        case .just(let expression):
            let value = try expression.evaluate(arguments)
            current = Just(value).pipe()
            chain.eager = .just(value)
        case .sequence(let items):
            let values = try items.map { try $0.evaluate(arguments) }
            current = values.publisher.pipe()
            chain.sequence = EagerSequence(values: values, shape: .array)
        case .expression(let expression):
            // A trial does not evaluate what starts the pipeline: it may call the person's functions or
            // make a Swift `Future`, whose closure runs once, when the future is really made (and
            // which may print, or schedule work). The operators are checked on an empty source.
            if trial { return Empty().eraseToAnyPublisher() }
            let value = try expression.evaluate(arguments)
            guard case .publisher(let publisher) = value else {
                if trial { return Empty().eraseToAnyPublisher() }
                // Where a pipeline starts, a plain value is a mistake the line can point at.
                var typed = expression
                if case .expression(let original) = written.source { typed = original }
                let start = Parser.startOffset(of: typed)
                let shown = start.map { _ in typed.writtenText } ?? syntax.text
                let named = Parser.dottedName(of: typed) != nil
                throw SyntaxError(
                    "`\(shown)` gives \(value.kindName) \(value), not a publisher; "
                        + (value.kindName == "array"
                            ? "`\(named ? shown : "[...]").publisher` sends its elements"
                            : "`Just(\(named ? shown : "..."))` makes one of a value"),
                    offset: syntax.startOffset, length: max(1, shown.count)
                )
            }
            current = publisher.pipe
            chain.sequence = publisher.sequence
            chain.eager = publisher.eager
        case .empty(let completeImmediately):
            current = Empty(completeImmediately: completeImmediately).eraseToAnyPublisher()
        case .fail(let message):
            // `Fail<Int, LoadError>(error: .offline)`: the error's value, which `.failure(let e)` binds.
            var error = PlaygroundError(interpolatedErrorText(message) ?? message)
            error.thrownValue = errorValue(message, declaredFailure: nil)
            current = Fail(error: structMethods.described(error)).eraseToAnyPublisher()
        case .timer(let interval):
            current = TimerSource(interval: Int(interval), scheduler: scheduler).pipe()
        case .timerPublish(let interval):
            let ticks = TimerSource(interval: Int(interval), scheduler: scheduler).setFailureType(
                to: PlaygroundError.self)
            current = chain.made(PlaygroundConnectable(Publishers.MakeConnectable(upstream: ticks)))
        case .deferred(let inner):
            // Built once now, so that a mistake in it is reported here; then anew per subscriber. Not
            // when it starts with an expression, which may run a closure of the person's (a Swift
            // `Future`'s, which prints): Deferred runs it only when subscribed to.
            if case .expression = inner.source {} else {
                _ = try build(inner, chain: ChainState(), arguments: arguments, bound: true, trial: true)
            }
            current = Deferred { [weak self] () -> Pipe in
                guard let self else { return Empty().eraseToAnyPublisher() }
                do {
                    return try self.build(inner, chain: ChainState(), arguments: arguments, bound: true)
                } catch {
                    return Fail(error: PlaygroundError(Interpreter.message(of: error))).eraseToAnyPublisher()
                }
            }.eraseToAnyPublisher()
        case .future(let expression, let delay):
            if trial { return Empty().eraseToAnyPublisher() }
            let value = try expression.evaluate(arguments)
            let scheduler = self.scheduler
            current = Future<Value, PlaygroundError> { promise in
                if delay == 0 {
                    promise(.success(value))
                } else {
                    scheduler.schedule(after: scheduler.now.advanced(by: .nanoseconds(Int(delay))),
                        tolerance: .nanoseconds(0), options: nil) {
                        promise(.success(value))
                    }
                }
            }.eraseToAnyPublisher()
        case .cold(let cold):
            current = try coldSource(cold, arguments: arguments, trial: trial)
        case .record(let items, let failure):
            let values = try items.map { try $0.evaluate(arguments) }
            current = Record(output: values, completion: failure.map { .failure(PlaygroundError($0)) }
                ?? .finished).eraseToAnyPublisher()
        }
        return current
    }

    private func applyOperators(
        of syntax: PipelineSyntax, to source: Pipe, chain: ChainState, measure: Bool = true
    ) throws -> Pipe {
        var current = source
        let length = measure ? chainLength(of: syntax) : 0
        guard length <= Interpreter.maximumChainLength else {
            throw SyntaxError(
                "this pipeline passes values through \(length) operators (counting the pipelines it reads); the "
                    + "playground takes at most \(Interpreter.maximumChainLength)",
                at: syntax.operators.last?.token ?? Token(kind: .end, offset: 0, length: 1)
            )
        }
        for (index, call) in syntax.operators.enumerated() {
            chain.step()
            // What this call's upstream reads: the source and the operators before it.
            let upstream = PipelineSyntax(source: syntax.source, operators: Array(syntax.operators[..<index]),
                text: syntax.text)
            let context = BuildContext(
                resolve: { [unowned self] token in try publisher(named: token) },
                subject: { [unowned self] token in try subject(named: token) },
                scheduler: scheduler,
                emit: { [weak self] record in self?.emit(record) },
                chain: chain,
                reads: { [unowned self] name in reads(upstream, from: name, depth: 0, throughWriters: true) },
                jsonTypes: jsonTypes
            )
            guard let spec = OperatorTable.spec(named: call.name) else {
                let hint = Suggestion.closest(to: call.name, in: OperatorTable.names).map { "; did you mean `\($0)`?" }
                    ?? "; `help operators` lists them"
                throw SyntaxError("unknown operator `\(call.name)`\(hint)", at: call.token)
            }
            let appended = chain.sequence == nil ? nil : try appendedSequence(call)
            if let sequence = chain.sequence,
                let overload = SequenceOverload.picked(by: call, spec: spec, isTry: spec.tryName == call.name,
                    on: sequence.shape, appended: appended?.kind ?? .values)
            {
                let made = try SequenceOperators.build(
                    overload, on: sequence, call: call, spec: spec, appended: appended?.sequence)
                current = made.pipe
                chain.sequence = made.sequence
                chain.eager = made.eager
                continue
            }
            if let eager = chain.eager,
                let overload = EagerOverload.picked(by: call, spec: spec, isTry: spec.tryName == call.name,
                    on: eager.kind)
            {
                let made = try EagerOperators.build(overload, on: eager, call: call, spec: spec)
                current = made.pipe
                chain.sequence = made.sequence
                chain.eager = made.eager
                continue
            }
            chain.sequence = nil
            chain.eager = nil
            current = try spec.build(current, call, context)
        }
        return current
    }
}

extension Interpreter {
    /// A checker that sees the session's names and classes as they are now.
    var checker: TypeChecker {
        TypeChecker(entries: entries, classes: classes, extendedSwiftTypes: extendedSwiftTypes) { token in
            do {
                _ = try self.publisher(named: token)
                return self.unknown(token, expected: "subject or pipeline")
            } catch {
                return error
            }
        }
    }

    /// Checks an expression written at the top level (`print("a" + 1)`, `let x = ...`,
    /// `n.send("x")`) and resolves its names; a type error points at its text in `syntax`.
    func checkedBind(_ expression: Expression, in syntax: PipelineSyntax) throws -> Expression {
        do {
            try checker.checkExpression(expression, arguments: [])
        } catch let mismatch as TypeMismatch {
            let start = Token(kind: .end, offset: syntax.startOffset, length: max(1, syntax.text.utf16.count))
            throw checker.located(mismatch, in: syntax, after: start)
        }
        return try bind(expression)
    }
}

extension Interpreter {
    /// The publisher an `append` or a `prepend` on a sequence is given (`append(other)`, `append([3].publisher)`,
    /// `append(Just(5))`), as Combine's overloads tell it apart, with its elements where it is a sequence
    /// publisher; nil for any other call, or values.
    func appendedSequence(_ call: OperatorCall) throws -> (kind: SequenceOverload.Appended, sequence: EagerSequence?)? {
        guard ["append", "prepend"].contains(call.name), call.arguments.count == 1 else { return nil }
        switch call.arguments[0].content {
        case .name(let name):
            switch entries[name] {
            case .pipeline(let pipeline)?: return (.publisher(pipeline.sequence?.shape), pipeline.sequence)
            case .subject?: return (.publisher(nil), nil)
            default: return nil
            }
        case .expression(let expression):
            guard case .publisher(let other)? = try? expression.evaluate([]) else { return nil }
            return (.publisher(other.sequence?.shape), other.sequence)
        default:
            return nil
        }
    }
}
