/// A chain ending in a subscriber inside a method or an initialiser (`cancellable = $query.sink { ... }`,
/// `$query.sink { ... }.store(in: &cancellables)`): each time the body runs it subscribes a sink
/// without a name (`sink1`, ...), which the session keeps, as the object's `AnyCancellable` would.
extension Interpreter {
    func boundSubscription(_ syntax: PipelineSyntax) throws -> Expression {
        var written = syntax
        if let last = written.operators.last, last.name == "store" {
            // `.store(in: &cancellables)`: the session keeps every subscription by its name.
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
                scoped = PipelineSyntax(
                    source: scoped.source, operators: try scoped.operators.map { try $0.readingSelf(arguments) },
                    text: scoped.text, startOffset: scoped.startOffset)
                do {
                    return .string("AnyCancellable(\(try self.subscribeAnonymousSink(to: scoped, at: start)))")
                } catch let error as SyntaxError {
                    throw PlaygroundError(error.message)
                }
            })
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

extension OperatorCall {
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
            guard case .expression(let expression) = argument.content, case .member(.argument, _) = expression else {
                return argument
            }
            return Argument(label: argument.label, content: .expression(.literal(try expression.evaluate(arguments))),
                token: argument.token)
        }
        return OperatorCall(name: name, token: token, arguments: read, trailingClosure: trailingClosure, span: span)
    }
}
