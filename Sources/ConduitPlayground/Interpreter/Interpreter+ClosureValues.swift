/// Closures as values (`ClosureValue`): a closure written in braces where a value goes, made anew
/// each time the expression runs with what it captures, and a call of one a top-level name holds
/// (`let incByTen = makeIncrementer(by: 10)`, then `incByTen()`).
extension Interpreter {
    /// `{ ... }` as a value: each time it runs it makes a closure value that keeps the arguments (and
    /// the `var`s, which are places) of the body around it, as a Swift closure captures them, so two
    /// closures one function returned each have their own `total`.
    func boundClosureLiteral(_ syntax: PipelineSyntax) throws -> Expression {
        guard let closure = syntax.operators.first?.trailingClosure else {
            throw SyntaxError("a closure value is written in braces: `{ ... }`", at: syntax.operators[0].token)
        }
        // Its `$0` is its own, not the argument of a closure around it.
        let bound = try binding(closureOf: nil) { try bind(closure) }
        return .bound(
            BoundExpression { arguments in
                .closure(ClosureValue(bound.scoped(CapturedScope(values: arguments, parent: CapturedScope.current))))
            })
    }

    /// `NAME(ARGUMENTS)` where the top-level `NAME` holds a value: the closure it holds when the call runs,
    /// called. Refused now, with what it holds, if it holds no closure or one of another count.
    func boundClosureCall(of named: NamedValue, _ name: String, _ arguments: [Expression], at token: Token) throws
        -> Expression
    {
        switch named.value {
        case .closure(let closure) where closure.parameterCount != arguments.count:
            throw SyntaxError(ClosureValue.countMessage(name, takes: closure.parameterCount, given: arguments.count),
                at: token)
        case .closure, .null:
            break
        case let other:
            throw SyntaxError("`\(name)` is \(other.kindName) \(other), not a closure: only a closure is called as "
                + "`\(name)(...)`", at: token)
        }
        return .bound(
            BoundExpression { values in
                let given = try arguments.map { try $0.evaluate(values) }
                return try ClosureValue.call([named.value, .string(name)] + given)
            })
    }

    /// The closure the top-level value `name` holds, as an operator's closure (`s.map(transform)`);
    /// nil if it holds none.
    func heldClosure(_ name: String, at token: Token) -> Closure? {
        guard case .value(let named)? = entries[name], case .closure(let closure) = named.value else { return nil }
        let body = Expression.bound(BoundExpression { arguments in try closure.call(arguments, written: name) })
        return Closure(body: body, parameterCount: closure.parameterCount, token: token)
    }

    /// Whether `expression` calls a function declared without a result type (`func save(completion:
    /// (() -> Void)? = nil) { ... completion?() }`), whose nil is Swift's `()`: nothing to show.
    func callsFunctionOfNoResult(_ expression: Expression) -> Bool {
        guard case .namedCall(let name, _, _) = expression, case .function(let function)? = entries[name] else {
            return false
        }
        return function.returnType == nil
    }
}

extension Interpreter {
    /// The closure type a call's function is declared to return (`() -> Int` for
    /// `makeIncrementer(by: 10)`), for the line that names its result; nil for anything else.
    func closureType(of expression: Expression) -> String? {
        guard case .namedCall(let name, _, _) = expression, case .function(let function)? = entries[name],
            case .named(let written)? = function.returnType, Parser.isFunctionType(written)
        else { return nil }
        return written
    }
}

extension NamedValue {
    /// Whether it holds a closure, or nil (`var onDone: (() -> Void)? = nil`): what `NAME = { ... }` may replace.
    var holdsClosureOrNil: Bool {
        switch value {
        case .closure, .null: return true
        default: return false
        }
    }
}
