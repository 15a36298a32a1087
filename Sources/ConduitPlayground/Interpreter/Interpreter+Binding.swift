import Conduit
import Foundation

/// Resolving the names a pipeline's expressions use (objects, subjects and pipelines, declared
/// functions, `print`, `NotificationCenter`) before it is built, so that a mistake is reported with
/// a caret when the line is typed and nothing is looked up by name while values flow.
extension Interpreter {
    /// `syntax` with every expression of its source and its operators' arguments resolved.
    func bind(_ syntax: PipelineSyntax) throws -> PipelineSyntax {
        let source: PipelineSyntax.Source
        switch syntax.source {
        case .just(let expression): source = .just(try bind(expression))
        case .sequence(let items): source = .sequence(try items.map(bind))
        case .expression(let expression): source = .expression(try bind(expression))
        case .future(let expression, let delay): source = .future(try bind(expression), delay: delay)
        case .record(let items, let failure): source = .record(try items.map(bind), failure: failure)
        case .deferred(let inner): source = .deferred(try bind(inner))
        case .cold(let cold):
            source = .cold(ColdTimelineSyntax(timeline: cold.timeline, legend: try cold.legend.map(bind),
                legendText: cold.legendText, frame: cold.frame))
        default: source = syntax.source
        }
        let inputs = checker.closureInputs(of: syntax, arguments: closureArgumentTypes)
        return PipelineSyntax(
            source: source, operators: try zip(syntax.operators, inputs).map { try bind($0, input: $1) },
            text: syntax.text, startOffset: syntax.startOffset
        )
    }

    func bind(_ call: OperatorCall) throws -> OperatorCall {
        try bind(call, input: nil)
    }

    /// `call` with its names resolved; `input` is the type of the values its closure takes, if the
    /// checker knows it (the closure of `receiveCompletion:` takes a completion, not a value).
    private func bind(_ call: OperatorCall, input: ValueType?) throws -> OperatorCall {
        let arguments = try call.arguments.map { argument in
            try binding(closureOf: argument.label == "receiveCompletion" ? nil : input) { try bind(argument) }
        }
        return OperatorCall(
            name: call.name, token: call.token, arguments: arguments,
            trailingClosure: try binding(closureOf: input) { try call.trailingClosure.map(bind) }, span: call.span
        )
    }

    /// Runs `body` (a closure's binding) knowing that the closure takes values of type `input`
    /// (nil: not known).
    func binding<Result>(closureOf input: ValueType?, _ body: () throws -> Result) rethrows -> Result {
        let outer = closureArgumentTypes
        defer { closureArgumentTypes = outer }
        closureArgumentTypes = input.map { [$0] } ?? []
        return try body()
    }

    /// Runs `body` (a function's binding) knowing that its arguments have the types `types`.
    func binding<Result>(arguments types: [ValueType], _ body: () throws -> Result) rethrows -> Result {
        let outer = closureArgumentTypes
        defer { closureArgumentTypes = outer }
        closureArgumentTypes = types
        return try body()
    }

    private func bind(_ argument: Argument) throws -> Argument {
        let content: Argument.Content
        switch argument.content {
        case .expression(let expression): content = .expression(try bind(expression))
        case .closure(let closure): content = .closure(try bind(closure))
        case .enumCase(let name, let arguments): content = .enumCase(name, try arguments.map(bind))
        case .range(let lower, let upper, let closed):
            content = .range(try bind(lower), try upper.map(bind), closed: closed)
        case .name(let name) where heldClosure(name, at: argument.token) != nil:
            // `xs.map(transform)`, `s.map(g)`: a closure a value holds, passed as the operator's closure.
            content = heldClosure(name, at: argument.token).map { .closure($0) } ?? argument.content
        case .name(let name) where { if case .value? = entries[name] { true } else { false } }():
            // `names.contains(wanted)`, `xs.append(item)`: a value's name is that value.
            content = .expression(try bind(Expression.name(name, Token(kind: .identifier(name),
                offset: argument.token.offset, length: name.count))))
        case .name(let name) where functionAsClosure(name, at: argument.token) != nil:
            // `xs.map(double)`, `subject.map(format)`: a function passed by name, as Swift passes one.
            content = functionAsClosure(name, at: argument.token).map { .closure($0) } ?? argument.content
        default: content = argument.content
        }
        return Argument(label: argument.label, content: content, token: argument.token)
    }

    func bind(_ closure: Closure) throws -> Closure {
        var bound = Closure(
            body: try bind(closure.body), parameterCount: closure.parameterCount, token: closure.token,
            namesParameters: closure.namesParameters
        )
        // A closure written in a method keeps the scope it was given (the method's `self`).
        bound.scope = closure.scope
        bound.declaresOptionalResult = closure.declaresOptionalResult
        return bound
    }

    /// The expression with its names resolved. Literals and arguments come back as they are, and
    /// so does an expression without names (the usual `send n {name: "ace"}`), without a copy.
    func bind(_ expression: Expression) throws -> Expression {
        // In a closure whose argument types are known, an interpolated optional is looked for too.
        if !expression.needsBinding, closureArgumentTypes.isEmpty, !callsStructMethod(expression) { return expression }
        switch expression {
        case .literal, .argument, .captured:
            return expression
        case .newVariable, .variable, .setVariable, .loop, .returning:
            return try expression.mappingBodyParts(bind)
        case .array(let items):
            return .array(impliedCases(among: try items.map(bind)))
        case .record(let fields):
            return .record(try fields.map { ($0.0, try bind($0.1)) })
        case .dictionary(let fields):
            return .dictionary(try fields.map { (try bind($0.0), try bind($0.1)) })
        case .tuple(let fields):
            return .tuple(try fields.map { ($0.0, try bind($0.1)) })
        case .member(.name(let root, let token), "value") where isSubject(root):
            // `latest.value`: a CurrentValueSubject's value, read when the expression runs, as Swift's.
            guard case .subject(let subject)? = entries[root], case .current(let current) = subject.storage else {
                throw SyntaxError("`\(root)` is a PassthroughSubject, which keeps no value; a CurrentValueSubject "
                    + "does (`current \(root) = VALUE`, or `CurrentValueSubject<T, Never>(VALUE)`)", at: token)
            }
            return .bound(BoundExpression { _ in current.value })
        case .member(.name(let root, let token), "wrappedValue"):
            if case .binding? = entries[root] { return try resolve(root, at: token) }
            return .member(try bind(.name(root, token)), "wrappedValue")
        case .member(.name("self", let token), let name) where entries["self"] == nil:
            // `self.cardTappedCardNamePublisher` pasted from a view controller: the session is `self`.
            return try bind(.name(name, Token(kind: .identifier(name), offset: token.offset + 5, length: name.count)))
        case .member(.member(.name("Subscribers", let token), "Demand"), let name) where entries["Subscribers"] == nil:
            // `Subscribers.Demand.unlimited`, Combine's.
            return try enumCase(EnumDeclaration.demandName, name, at: token) ?? .literal(.null)
        case .name(let written, let token) where written.hasSuffix(".self")
            && metatypeWritten(.name(String(written.dropLast(5)), token)) != nil:
            // `UTF8.self` read as one dotted name.
            return .literal(.metatype(String(written.dropLast(5))))
        case .member(let type, "self") where metatypeWritten(type) != nil:
            // `Post.self`, `[Post].self`: the type as a value, for `decoder.decode(Post.self, from: data)`.
            return .literal(.metatype(metatypeWritten(type) ?? ""))
        case .member(.name(Value.dateType, _), let name) where boundDateMember(name) != nil:
            return boundDateMember(name) ?? expression
        case .member(.name(let root, let token), let name) where enums[root] != nil && entries[root] == nil:
            return try enumCase(root, name, at: token) ?? .member(try bind(.name(root, token)), name)
        case .member(.name(let root, let token), let name) where classes[root] != nil && entries[root] == nil:
            // `Counter.start`, `Self.start`, `Settings.shared`: the class's static property's value.
            if let value = staticProperty(root, name, at: token) { return value }
            // `Card.tapped`, a class's static constant (a notification's name, say): it stands for itself.
            return .literal(.string("\(root).\(name)"))
        case .member(let base, let name) where extendedSwiftType(named: base) != nil:
            // `Notification.Name.userLoggedIn`, `String.greeting`: a static an extension gave Swift's type.
            return try extendedStaticMember(base, name)
        case .member(let base, let name) where structMethods.isDeclared(name):
            // `point.describe()`: a struct's method without arguments, written as a call.
            return try boundStructCall(name, on: base, [], orMember: true)
        case .member(let base, "localizedDescription"):
            return try boundLocalizedDescription(of: base)
        case .member(let base, let name):
            let bound = try bind(base)
            if case .literal(.object(let object)) = bound {
                try checkMember(
                    name, of: object,
                    at: Parser.startOffset(of: base).map { Token(kind: .identifier(name), offset: $0, length: 1) })
            }
            return .member(bound, name)
        case .optionalMember(let base, let name):
            return .optionalMember(try bind(base), name)
        case .index(let base, let index):
            return .index(try bind(base), try bind(index))
        case .unary(let op, let operand):
            return .unary(op, try bind(operand))
        case .binary(let op, let left, let right):
            return .binary(op, try bind(left), try bind(right))
        case .conditional(let condition, let whenTrue, let whenFalse):
            return .conditional(try bind(condition), try bind(whenTrue), try bind(whenFalse))
        case .local(let slot, let value, let body):
            // `let inner: String? = "bob"` in a body: what follows knows the type written for the local, so
            // that `print(inner)` shows `Optional("bob")`, as Swift's does (a local that `if let` or a pattern
            // binds is read in the same shape, and stays of a type not known here).
            let kept = (0..<slot).map { $0 < closureArgumentTypes.count ? closureArgumentTypes[$0] : ValueType.value }
            let local = Interpreter.isTypedLocal(value) ? checker.type(of: value, arguments: closureArgumentTypes)
                : ValueType.value
            return .local(slot: slot, value: try bind(value), body: try binding(arguments: kept + [local]) {
                try bind(body)
            })
        case .call(let name, let arguments) where ["string", "String"].contains(name) && arguments.count == 1
            && checker.type(of: arguments[0], arguments: closureArgumentTypes).holdsOptional:
            // `"\(x)"` and `String(describing: x)` of an optional read `Optional(5)`, as Swift's do.
            return boundOptionalText(try bind(arguments[0]),
                as: checker.type(of: arguments[0], arguments: closureArgumentTypes))
        case .call(".set", let arguments) where arguments.count == 3:
            // `Counter.made += 1`: a static property set through its type.
            if case .name(let root, let token) = arguments[0], case .literal(.string(let property)) = arguments[1],
                let set = try staticAssignment(root, property, arguments[2], at: token)
            {
                return set
            }
            return .call(".set", try arguments.map(bind))
        case .call(let name, let arguments) where name.hasPrefix(".") && !arguments.isEmpty
            && structMethods.isDeclared(String(name.dropFirst())):
            return try boundStructCall(String(name.dropFirst()), on: arguments[0], Array(arguments.dropFirst()))
        case .call(let name, let arguments) where ["string", "String"].contains(name) && arguments.count == 1:
            // `"\(error)"` of a value whose type declares `description` (`CustomStringConvertible`), asked when it
            // runs: a function written before the type (`func report(_ e: Error) -> String { "\(e)" }`) uses it too.
            let (argument, table) = (try bind(arguments[0]), structMethods)
            return .bound(BoundExpression { [weak table] values in
                let value = try argument.evaluate(values)
                let described = table?.describesAny == true ? table : nil
                return .string(try described?.customDescription(of: value) ?? Functions.text(value))
            })
        case .call("#throw", let arguments) where arguments.count == 2:
            // `throw CodeError(code: 6)`: the error keeps what its type's `description` gives, which Swift shows.
            let (call, table) = (Expression.call("#throw", try arguments.map(bind)), structMethods)
            return .bound(BoundExpression { [weak table] values in
                do {
                    return try call.evaluate(values)
                } catch let error as PlaygroundError {
                    throw table?.described(error) ?? error
                }
            })
        case .call(Parser.impliedFailureCase, let arguments) where arguments.count == 1:
            return try bind(impliedCase(arguments[0], of: nil, inferred: true))
        case .call("#typed", let parts) where parts.count == 4:
            // Where a declaration's value is written served the checker; running it needs only the type.
            return .call("#typed", [parts[0], try bind(parts[1])])
        case .call(let name, let arguments):
            return .call(name, try arguments.map(bind))
        case .bound:
            return expression
        case .name(let name, let token):
            return try resolve(name, at: token)
        case .namedCall(Parser.doCatch, let parts, let token):
            return try boundDoCatch(parts, at: token)
        case .namedCall(Parser.optionalTry, let arguments, _) where arguments.count == 1:
            let attempt = try bind(arguments[0])
            return .bound(BoundExpression { values in
                do {
                    return try attempt.evaluate(values)
                } catch let error as PlaygroundError where error.isThrown {
                    return .null
                }
            })
        case .namedCall(let name, let arguments, let token):
            if let made = try boundFoundationCall(name, arguments, at: token) { return made }
            if let call = try staticMethodCall(name, arguments, at: token) { return call }
            if let call = try inoutCall(name, arguments, at: token) { return call }
            if let made = try enumCall(name, arguments, at: token) { return made }
            // `s += "x"` grows the variable in place (Interpreter+InPlaceMutation.swift).
            if name == Parser.variableAssignment, let append = try boundVariableAppend(arguments, at: token) {
                return append
            }
            if name == Parser.elementAssignment { return try boundElementAssignment(arguments, at: token) }
            if name == "print", entries["print"] == nil {
                // Swift prints an optional that holds a value as `Optional(5)`: the checker knows
                // which arguments are optional (a closure's `$0` it cannot see here prints bare).
                let types = arguments.map { checker.type(of: $0, arguments: closureArgumentTypes) }
                return boundPrint(try arguments.map(bind), types: types)
            }
            if let call = staticChainCall(name, arguments, at: token) { return try bind(call) }
            return try resolveCall(name, try arguments.map(bind), at: token)
        case .pipeline(let syntax) where caseMadeAsOperator(syntax) != nil:
            return caseMadeAsOperator(syntax) ?? expression
        case .pipeline(let syntax) where Parser.isClosureLiteral(syntax):
            return try boundClosureLiteral(syntax)
        case .pipeline(let syntax) where syntax.operators.first?.name == Parser.closureAssignment:
            return try boundClosureAssignment(syntax)
        case .pipeline(let syntax) where syntax.operators.first?.name == Parser.mainQueueWork:
            return try boundMainQueueWork(syntax)
        case .pipeline(let syntax) where syntax.operators.first?.name == Parser.globalQueueWork:
            return try boundGlobalQueueWork(syntax)
        case .pipeline(let syntax) where syntax.operators.first?.name == Parser.groupNotify:
            return try boundGroupNotify(syntax)
        case .pipeline(let syntax) where syntax.operators.first?.name == Parser.promiseFuture:
            return try boundPromiseFuture(syntax)
        case .pipeline(let syntax) where isTakingCall(syntax):
            // `stack.popLast()`, `queue.removeFirst()`: the element, taken out of the variable.
            return try boundTakingCall(syntax)
        case .pipeline(let syntax) where variableMutated(by: syntax) != nil:
            return try boundVariableMutation(syntax)
        case .pipeline(let syntax) where Parser.subscriberWords.contains(syntax.operators.last?.name ?? ""):
            return try boundSubscription(syntax)
        case .pipeline(let syntax) where callsObjectMethod(syntax) && syntax.startsFromName:
            return try bind(.pipeline(startingFromValue(syntax)))
        case .pipeline(let syntax):
            let bound = try bind(syntax)
            // Checked once now (operators, their arguments), then built anew for each value. A chain
            // of collection methods (`$0.filter { ... }`) may fail this check: what its start gives
            // when it runs decides whether it is a publisher's or a value's.
            do {
                _ = try build(bound, chain: ChainState(), bound: true, trial: true)
            } catch where CollectionMethods.mayApply(to: bound) || JSONCoderObject.isCalled(in: syntax)
                || callsObjectMethod(syntax) || bound.operators.contains(where: \.readsSelf) {}
            let text = syntax.text
            let owner = building
            // Its closures may use the parameters of the closure it is written in, or of those
            // around that one: they then run with this value's arguments as their scope.
            let captures = syntax.capturesParameters
            var start: Expression?
            if case .expression(let base) = bound.source { start = base }
            var written = "…"
            if case .expression(let base) = syntax.source { written = base.writtenText }
            return .bound(
                BoundExpression { [weak self] arguments in
                    guard let self else { throw PlaygroundError("the session is gone") }
                    var scoped = captures
                        ? bound.scopingClosures(CapturedScope(values: arguments, parent: CapturedScope.current))
                        : bound
                    if let start {
                        // `$0.filter { $0 > 2 }` on an array: Array's methods, as Swift reads them.
                        let base = try start.evaluate(arguments)
                        guard case .publisher = base else {
                            return try self.applyMethods(
                                scoped.operators, to: base, written: written, arguments: arguments)
                        }
                        scoped = PipelineSyntax(
                            source: .expression(.literal(base)), operators: scoped.operators, text: scoped.text,
                            startOffset: scoped.startOffset)
                    }
                    do {
                        // `$email.combineLatest($agreed)` in a method: `self.$agreed` read with its `self`.
                        scoped = try scoped.readingSelf(arguments)
                        let pipe = try self.build(scoped, chain: ChainState(), arguments: arguments, bound: true)
                        return self.tracked(.publisher(PublisherValue(pipe, description: text)), owner: owner)
                    } catch let error as SyntaxError {
                        throw PlaygroundError(error.message)
                    }
                })
        }
    }

    /// Whether `name` names a subject.
    func isSubject(_ name: String) -> Bool {
        if case .subject? = entries[name] { return true }
        return false
    }

    /// A publisher a closure made, counted as an inner subscription of `owner` while subscribed
    /// (`subs` shows them); any other value as it is.
    func tracked(_ value: Value, owner: String?) -> Value {
        guard let owner, case .publisher(let publisher) = value else { return value }
        let recorder = self.recorder
        // Its marble lane, `owner:N`, drawn under the owner's by `marbles owner`; `subs` counts it from
        // these events.
        let lane = recorder.nextInnerLane(for: owner)
        let description = publisher.description
        let pipe = publisher.pipe.handleEvents(
            receiveSubscription: { _ in
                recorder.record(.innerSubscribed(lane: lane, owner: owner, publisher: description))
            },
            receiveOutput: { value in recorder.record(.received(lane: lane, value: value, level: nil)) },
            receiveCompletion: { completion in
                recorder.record(.completed(lane: lane, completion: completion.recorded))
            },
            receiveCancel: { recorder.record(.cancelled(lane: lane)) }
        ).eraseToAnyPublisher()
        return .publisher(PublisherValue(pipe, description: publisher.description))
    }

    /// A name in an expression: an object (read live), or a subject or pipeline (as a publisher).
    private func resolve(_ name: String, at token: Token) throws -> Expression {
        switch entries[name] {
        case .object(let object)?:
            return .literal(.object(object))
        case .subject(let subject)?:
            return .literal(.publisher(PublisherValue(
                subjectLedgers.wrap(subject.publisher, subject: name, kind: subject.kindName), description: name)))
        case .pipeline(let pipeline)?:
            return .literal(.publisher(PublisherValue(pipeline: pipeline.publisher, description: name,
                sequence: pipeline.sequence, eager: pipeline.eager)))
        case .sink?:
            throw SyntaxError("`\(name)` is a sink; an expression can read objects, subjects and pipelines", at: token)
        case .function(let function)?:
            // `handlers.append(refresh)`, `load(completion: show)`: the function passed as a closure value.
            return .literal(.closure(ClosureValue(function)))
        case .binding(let entry)?:
            return .bound(BoundExpression { _ in entry.binding.wrappedValue })
        case .value(let named)?:
            // Read when the closure runs, as a Swift closure reads a variable it captures.
            return .bound(BoundExpression { _ in named.value })
        case nil where name == "self":
            throw SyntaxError("the playground has no `self`: name the object, such as `player.currentSong`", at: token)
        case nil:
            if let note = failedDeclarations.reason(name) { throw SyntaxError(note, at: token) }
            let known = order.filter { if case .sink? = entries[$0] { return false } else { return true } }
            if let close = Suggestion.closest(to: name, in: known) {
                throw SyntaxError("unknown name `\(name)`; did you mean `\(close)`?", at: token)
            }
            throw SyntaxError(
                "cannot find `\(name)` in scope: nothing of that name is declared in this session (declare it "
                    + "first: `let \(name) = ...`); inside a closure use `$0` (or name the parameters: "
                    + "`{ x in x * 2 }`), and write strings in double quotes",
                at: token
            )
        }
    }

    /// Fails if an object has no such member (a property, `$property` or `objectWillChange`).
    private func checkMember(_ name: String, of object: PlaygroundObject, at token: Token?) throws {
        if object.has(name) || name == "objectWillChange" { return }
        if name.hasPrefix("$") {
            let property = String(name.dropFirst())
            if object.isPublished(property) { return }
            if object.has(property) {
                throw SyntaxError(
                    "`\(property)` of \(object.name) is not @Published, so it has no publisher `$\(property)`; "
                        + "declare it `@Published var \(property)`",
                    at: token ?? Token(kind: .end, offset: 0, length: 1)
                )
            }
        }
        let names = object.propertyNames + ["objectWillChange"]
        let hint =
            Suggestion.closest(to: name.hasPrefix("$") ? String(name.dropFirst()) : name, in: names)
            .map { "; did you mean `\(name.hasPrefix("$") ? "$" : "")\($0)`?" }
            ?? "; it has \(object.propertyNames.map { "`\($0)`" }.joined(separator: ", "))"
        throw SyntaxError(
            "\(object.name) has no property `\(name)`\(hint)", at: token ?? Token(kind: .end, offset: 0, length: 1))
    }

    /// `print(...)`: its arguments' text, separated by spaces, as a value line. An argument whose
    /// static type (`types`, where the checker knows it) is optional prints as Swift prints it:
    /// `Optional(5)`, or `nil`; so does an optional element of an array (`[Optional("a"), nil]`).
    func boundPrint(_ arguments: [Expression], types: [ValueType?]) -> Expression {
        let (items, separator, terminator) = PrintedText.parts(of: arguments)
        let table = structMethods
        return .bound(
            BoundExpression { [weak self, weak table] values in
                // Asked when it runs, so that a function written before the type that declares it prints it too.
                let table = table?.describesAny == true ? table : nil
                let text = try zip(items, types).map { argument, type in
                    let value = try argument.evaluate(values)
                    let custom = { (value: Value) in try table?.customDescription(of: value) }
                    if let type, let text = try value.printed(as: type, custom: custom) { return text }
                    return try table?.customDescription(of: value) ?? Functions.text(value)
                }.joined(separator: Functions.text(try separator?.evaluate(values) ?? .string(" ")))
                let ending = Functions.text(try terminator?.evaluate(values) ?? .string("\n"))
                guard let self else { return .void }
                for line in self.printedText.lines(adding: text + ending) {
                    self.emit(OutputRecord(kind: .value, text: line))
                }
                return .void
            })
    }

    /// Prints what `print(..., terminator: "")` left waiting for the rest of its line, at the end of a
    /// statement (a prompt's answer or a script's line shows what it printed).
    func finishPrintedLine() {
        if let rest = printedText.takeRest() { emit(OutputRecord(kind: .value, text: rest)) }
    }

    /// Where a script waits to look (a `#>` check) or ends: the main queue's work runs, as a Swift
    /// program's run loop turns once its top-level code is done, and the line a `print(...,
    /// terminator: "")` left open is ended. Returns what they printed.
    func finishScriptTurn() -> [OutputRecord] {
        scheduler.owner.run {
            collecting {
                runMainQueue()
                finishPrintedLine()
            }
        }
    }

    /// The publisher a value stands for where a pipeline starts from an expression.
    func publisher(of value: Value, written syntax: PipelineSyntax) throws -> Pipe {
        switch value {
        case .publisher(let publisher): return publisher.pipe
        case .array:
            throw PlaygroundError("`\(syntax.text)` is an array, not a publisher; `[...].publisher` sends its elements")
        default:
            throw PlaygroundError("`\(syntax.text)` is \(value.kindName) \(value), not a publisher")
        }
    }
}
