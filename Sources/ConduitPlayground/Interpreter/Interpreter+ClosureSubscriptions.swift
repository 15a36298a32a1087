/// A chain ending in a subscriber inside a method or an initialiser (`cancellable = $query.sink { ... }`,
/// `$query.sink { ... }.store(in: &cancellables)`): each time the body runs it subscribes a sink
/// without a name (`sink1`, ...), which the session keeps, as the object's `AnyCancellable` would.
extension Interpreter {
    func boundSubscription(_ syntax: PipelineSyntax) throws -> Expression {
        var written = syntax
        var isStored = false
        var store: Expression?
        if let last = written.operators.last, last.name == "store" {
            // `.store(in: &cancellables)`: the AnyCancellable goes into the object's set (the session's
            // own `cancellables` is no value: the session keeps every sink by its name).
            isStored = true
            if case .reference(let target)? = last.arguments.first?.content { store = try? bind(target) }
            written = PipelineSyntax(
                source: written.source, operators: written.operators.dropLast(), text: written.text,
                startOffset: written.startOffset)
        }
        let bound = try bind(written)
        let captures = written.capturesParameters
        let start = Token(kind: .identifier("sink"), offset: syntax.startOffset, length: 1)
        return .bound(
            BoundExpression { [weak self] arguments in
                guard let self else { throw PlaygroundError("the session is gone") }
                var scoped = captures
                    ? bound.scopingClosures(CapturedScope(values: arguments, parent: CapturedScope.current))
                    : bound
                if case .expression(let source) = scoped.source {
                    // `$query` is `self.$query`: the source is read with this call's `self` and arguments.
                    let publisher = try source.evaluate(arguments)
                    scoped = PipelineSyntax(
                        source: .expression(.literal(publisher)), operators: scoped.operators, text: scoped.text,
                        startOffset: scoped.startOffset)
                }
                // `combineLatest(isOn)` is `combineLatest(self.isOn)`: read with this call's `self` too.
                scoped = try scoped.readingSelf(arguments)
                let cancellable: PlaygroundObject
                let name: String
                do {
                    name = try self.subscribeAnonymousSink(to: scoped, at: start)
                    cancellable = self.anyCancellable(for: name)
                } catch let error as SyntaxError {
                    throw PlaygroundError(error.message)
                }
                guard isStored else {
                    if let last = written.operators.last, Interpreter.returnsCancellable(last) {
                        self.noteWhenDropped(cancellable, sink: name, madeBy: last, written: written.text)
                    }
                    return .object(cancellable)
                }
                try self.store(cancellable, in: store, arguments: arguments)
                return .void
            })
    }

    /// The `AnyCancellable` a subscription made in a method gives: `cancel()` cancels the sink named
    /// `sink`, and so does freeing it (`cancellable = nil`, `cancellables.removeAll()`, a result left
    /// unused), as Swift's does.
    func anyCancellable(for sink: String) -> PlaygroundObject {
        let cancellable = PlaygroundObject(name: "AnyCancellable", typeName: nil, properties: [])
        guard case .sink(let entry)? = entries[sink] else { return cancellable }
        let cancel: @Sendable () -> Void = { [weak entry] in
            guard let entry, entry.isLive else { return }
            entry.cancel()
        }
        cancellable.methods["cancel"] = InstalledMethod(parameterCount: 0) { _, _ in
            cancel()
            return .void
        }
        cancellable.onFree = cancel
        return cancellable
    }

    /// `.store(in: &cancellables)` in a method: `cancellable` added to the object's property `target`
    /// names (`cancellables`, `self.cancellables`); a target that is not an object's property (the
    /// session's own `cancellables`) keeps nothing, as the session keeps every sink by its name.
    private func store(_ cancellable: PlaygroundObject, in target: Expression?, arguments: [Value]) throws {
        if case .name(let name, _)? = target, store(cancellable, inVariable: name) { return }
        guard case .member(let owner, let property)? = target, case .object(let object) = try owner.evaluate(arguments),
            case .array(let held) = object.value(of: property) ?? .null
        else {
            // Kept by the session by name; nothing frees it.
            cancellable.onFree = nil
            return
        }
        _ = object.set(property, to: .array(held + [.object(cancellable)]))
    }

    /// `sink.store(in: &cancellables)` at the top level: the sink's AnyCancellable put in the session's
    /// `var cancellables = Set<AnyCancellable>()`, whose `removeAll()` then cancels it.
    func storeCancellable(of sink: String, in target: Expression) {
        // A subscription that already finished is stored too: Swift's set holds its AnyCancellable.
        guard case .name(let name, _) = target, case .sink? = entries[sink] else { return }
        let cancellable = anyCancellable(for: sink)
        // Not the session's set (`&cancellables` never declared): the sink is kept by its name alone.
        if !store(cancellable, inVariable: name) { cancellable.onFree = nil }
    }

    /// Adds `cancellable` to the array the session's variable `name` holds; whether there was one.
    private func store(_ cancellable: PlaygroundObject, inVariable name: String) -> Bool {
        guard case .value(let variable)? = entries[name], !variable.isConstant || variable.value == .array([]),
            case .array = variable.value
        else { return false }
        variable.mutate { value in
            if case .array(var held) = value {
                held.append(.object(cancellable))
                value = .array(held)
            }
        }
        return true
    }
}

extension Interpreter {
    /// `child.onDeleteButtonTapped = { [weak self] in ... }` in a method: each time the method runs,
    /// the object gets the closure, which keeps the method's `self` and arguments (as Swift's captures).
    func boundClosureAssignment(_ syntax: PipelineSyntax) throws -> Expression {
        guard case .expression(.member(let owner, let property)) = syntax.source,
            let closure = syntax.operators.first?.trailingClosure
        else { throw SyntaxError("a closure is given to `OBJECT.PROPERTY`", at: syntax.operators[0].token) }
        let boundOwner = try bind(owner)
        let bound = try bind(closure)
        return .bound(
            BoundExpression { arguments in
                guard case .object(let object) = try boundOwner.evaluate(arguments) else {
                    // `self.child?.onDelete = ...` with no child: nothing is set, as in Swift.
                    return .void
                }
                guard object.closureProperties.contains(property) else {
                    throw PlaygroundError(
                        "\(object.name).\(property) holds no closure: declare it as `var \(property): () -> Void = {}`")
                }
                let scoped = bound.scoped(CapturedScope(values: arguments, parent: CapturedScope.current))
                object.methods[property] = InstalledMethod(parameterCount: scoped.parameterCount) { _, values in
                    try scoped.evaluate(values)
                }
                object.emptyClosureProperties.remove(property)
                return .void
            })
    }
}

extension Interpreter {
    /// Subscribes a sink without a name (`sink1`, `sink2`, ...) to `syntax` and returns its name.
    /// The number is taken only when the sink subscribes, so a line that fails leaves no gap.
    func subscribeAnonymousSink(to syntax: PipelineSyntax, at start: Token) throws -> String {
        var number = anonymousSinks + 1
        while entries["sink\(number)"] != nil { number += 1 }
        let name = "sink\(number)"
        try subscribeSink(Token(kind: .identifier(name), offset: start.offset, length: start.length), to: syntax,
            demand: nil)
        anonymousSinks = number
        return name
    }
}

extension PipelineSyntax {
    /// The chain with its operators' arguments that are the method's `self` or its members read with
    /// `arguments` (`OperatorCall.readingSelf`).
    func readingSelf(_ arguments: [Value]) throws -> PipelineSyntax {
        guard operators.contains(where: \.readsSelf) else { return self }
        return PipelineSyntax(
            source: source, operators: try operators.map { try $0.readingSelf(arguments) }, text: text,
            startOffset: startOffset)
    }
}

extension OperatorCall {
    /// Whether an argument is the method's `self` or one of its members (`$agreed`, `on: self`),
    /// which only the method's call can read.
    var readsSelf: Bool {
        arguments.contains { argument in
            switch argument.content {
            case .expression(let expression): return Self.readsSelf(expression)
            case .reference(.member(.argument, _)): return true
            default: return false
            }
        }
    }

    /// The call with each argument that is a member of the method's `self` (`isOn` for `self.isOn`)
    /// read with `arguments`, the method's: an operator's publisher argument is then that object's.
    func readingSelf(_ arguments: [Value]) throws -> OperatorCall {
        let read = try self.arguments.map { argument -> Argument in
            if case .reference(.member(let base, let property)) = argument.content, case .argument = base {
                // `.assign(to: &$valid)` in an initialiser: `&self.$valid`, this call's `self`.
                let owner = Expression.literal(try base.evaluate(arguments))
                return Argument(label: argument.label, content: .reference(.member(owner, property)),
                    token: argument.token)
            }
            guard case .expression(let expression) = argument.content, Self.readsSelf(expression) else {
                return argument
            }
            return Argument(label: argument.label, content: .expression(.literal(try expression.evaluate(arguments))),
                token: argument.token)
        }
        return OperatorCall(name: name, token: token, arguments: read, trailingClosure: trailingClosure, span: span)
    }

    /// Whether `expression` is `self` or one of its members (`on: self`, `isOn`).
    private static func readsSelf(_ expression: Expression) -> Bool {
        switch expression {
        case .argument, .member(.argument, _): return true
        default: return false
        }
    }
}
