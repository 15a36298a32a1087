/// The arguments of the closures around a closure, so that it may use their parameters as Swift's
/// closures capture them: in `flatMap { query in search(query).map { results in (query, results) } }`
/// the inner closure reads `query` from here (`Expression.captured`).
///
/// A pipeline written inside a closure is built anew for each value; its closures are then given
/// a scope holding that value's arguments, chained to the scope the outer closure itself ran in.
/// While a scoped closure runs, its scope is `current` on that thread (a task-local value, so
/// closures running at once on other threads each see their own).
final class CapturedScope: Sendable {
    /// The arguments of the closure one level out (its `let` steps included).
    let values: [Value]
    /// The scope of that closure, for parameters two or more levels out.
    let parent: CapturedScope?

    @TaskLocal static var current: CapturedScope?

    init(values: [Value], parent: CapturedScope?) {
        self.values = values
        self.parent = parent
    }

    /// The parameter at `index` of the closure `level` closures out (1 is the one just around).
    func value(level: Int, index: Int) throws -> Value {
        var scope: CapturedScope? = self
        for _ in 1..<max(level, 1) { scope = scope?.parent }
        guard let scope, index < scope.values.count else {
            throw PlaygroundError("a parameter of an outer closure was used where it has no value")
        }
        return scope.values[index]
    }
}

extension Closure {
    /// Runs the body with `scope` as the current one, when it has a scope.
    func evaluate(_ arguments: [Value]) throws -> Value {
        guard let scope else { return try body.evaluate(arguments) }
        return try CapturedScope.$current.withValue(scope) { try body.evaluate(arguments) }
    }

    /// The closure with `scope`: the arguments of the closure around it.
    func scoped(_ scope: CapturedScope) -> Closure {
        var copy = self
        copy.scope = scope
        return copy
    }
}

extension PipelineSyntax {
    /// The pipeline with each of its operators' closures given `scope`.
    func scopingClosures(_ scope: CapturedScope) -> PipelineSyntax {
        func scoped(_ argument: Argument) -> Argument {
            guard case .closure(let closure) = argument.content else { return argument }
            return Argument(label: argument.label, content: .closure(closure.scoped(scope)), token: argument.token)
        }
        let operators = self.operators.map { call in
            OperatorCall(
                name: call.name, token: call.token, arguments: call.arguments.map(scoped),
                trailingClosure: call.trailingClosure?.scoped(scope), span: call.span
            )
        }
        return PipelineSyntax(source: source, operators: operators, text: text, startOffset: startOffset)
    }

    /// Whether a closure or an argument in it, at any depth, uses a parameter of a closure around it
    /// (`names.filter { $0.contains(text) }` inside `map { text in ... }` reads `text` in an argument).
    var capturesParameters: Bool {
        operators.contains { call in
            call.trailingClosure?.body.capturesParameters == true
                || call.arguments.contains(where: \.capturesParameters)
        }
    }
}

extension Argument {
    /// Whether it uses, at any depth, a parameter of a closure around the one it is in.
    var capturesParameters: Bool {
        switch content {
        case .closure(let closure): return closure.body.capturesParameters
        case .expression(let expression), .reference(let expression): return expression.capturesParameters
        case .range(let lower, let upper, _): return lower.capturesParameters || upper?.capturesParameters == true
        case .enumCase(_, let arguments): return arguments.contains(where: \.capturesParameters)
        default: return false
        }
    }
}

extension Expression {
    /// Whether it uses, at any depth, a parameter of a closure around the one it is in.
    var capturesParameters: Bool {
        switch self {
        case .captured: return true
        case .pipeline(let syntax):
            if case .expression(let source) = syntax.source, source.capturesParameters { return true }
            if case .just(let value) = syntax.source, value.capturesParameters { return true }
            return syntax.capturesParameters
        default: return parts.contains { $0.capturesParameters }
        }
    }
}
