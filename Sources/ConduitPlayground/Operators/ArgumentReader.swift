/// Reads an operator call's arguments, checking them before anything reaches the engine (whose
/// preconditions would trap on, say, a negative count), with errors that point at the argument.
struct ArgumentReader {
    let call: OperatorCall
    let spec: OperatorSpec

    private func problem(_ message: String, at token: Token? = nil) -> SyntaxError {
        SyntaxError("\(message); usage: \(spec.usage)", at: token ?? call.span)
    }

    /// The closure, written trailing or as the only argument, taking at most `arity` arguments.
    func closure(arity: Int) throws -> Closure {
        let candidates = call.arguments.compactMap { argument -> Closure? in
            if case .closure(let closure) = argument.content { return closure }
            return nil
        }
        guard let closure = call.trailingClosure ?? candidates.first else {
            throw problem("`\(call.name)` needs a closure")
        }
        guard closure.parameterCount <= arity else {
            throw problem("this closure uses $\(closure.parameterCount - 1), but `\(call.name)` passes \(arity) argument\(arity == 1 ? "" : "s") ($0\(arity > 1 ? " and $1" : ""))", at: closure.token)
        }
        return closure
    }

    /// Fails if the call has arguments or a closure it does not take.
    func none() throws {
        if let first = call.arguments.first {
            throw problem("`\(call.name)` takes no arguments", at: first.token)
        }
        if let closure = call.trailingClosure {
            throw problem("`\(call.name)` takes no closure", at: closure.token)
        }
    }

    /// The argument with this label (or the first unlabelled one if `label` is nil).
    func argument(_ label: String?) -> Argument? {
        call.arguments.first { $0.label == label && !isClosure($0) }
    }

    private func isClosure(_ argument: Argument) -> Bool {
        if case .closure = argument.content { return true }
        return false
    }

    /// A value argument (a literal or an expression without `$0`).
    func value(_ label: String?) throws -> Value {
        guard let argument = argument(label) else {
            throw problem("`\(call.name)` needs \(label.map { "`\($0):` " } ?? "")a value")
        }
        switch argument.content {
        case .expression(let expression):
            do {
                return try expression.evaluate([])
            } catch {
                throw problem(PlaygroundError.from(error).message, at: argument.token)
            }
        case .name(let name):
            throw problem("`\(name)` is a name, but a value is expected here (strings go in double quotes)", at: argument.token)
        default:
            throw problem("a value is expected here", at: argument.token)
        }
    }

    /// A whole-number argument, at least `minimum`.
    func integer(_ label: String?, minimum: Int, default fallback: Int? = nil) throws -> Int {
        guard argument(label) != nil else {
            if let fallback { return fallback }
            throw problem("`\(call.name)` needs \(label.map { "`\($0):` " } ?? "")a whole number")
        }
        let token = argument(label)!.token
        guard case .int(let number) = try value(label) else {
            throw problem("expected a whole number", at: token)
        }
        guard number >= minimum else {
            throw problem("the number must be at least \(minimum), not \(number)", at: token)
        }
        return number
    }

    /// A duration argument such as `300ms`.
    func duration(_ label: String?) throws -> Int64 {
        guard let argument = argument(label) else {
            throw problem("`\(call.name)` needs \(label.map { "`\($0):` " } ?? "")a duration such as `300ms`")
        }
        guard case .duration(let nanoseconds) = argument.content else {
            throw problem("expected a duration such as `300ms` or `1s`", at: argument.token)
        }
        return nanoseconds
    }

    /// A boolean argument.
    func flag(_ label: String, default fallback: Bool) throws -> Bool {
        guard let argument = argument(label) else { return fallback }
        guard case .bool(let flag) = try value(label) else {
            throw problem("`\(label):` takes true or false", at: argument.token)
        }
        return flag
    }

    /// The names given as arguments (other publishers), in order, resolved to their pipelines.
    func publishers(_ context: BuildContext, label: String? = nil, atLeast: Int = 1, atMost: Int = .max) throws -> [Pipe] {
        var pipes: [Pipe] = []
        for (index, argument) in call.arguments.enumerated() where !isClosure(argument) {
            guard index == 0 ? argument.label == label || argument.label == nil : argument.label == nil else {
                throw problem("unexpected label `\(argument.label ?? "")`", at: argument.token)
            }
            guard case .name(let name) = argument.content else {
                throw problem("expected the name of a subject or pipeline", at: argument.token)
            }
            pipes.append(try context.resolve(Token(kind: .identifier(name), offset: argument.token.offset, length: argument.token.length)))
        }
        guard pipes.count >= atLeast else {
            throw problem("`\(call.name)` needs \(atLeast == 1 ? "the name of another publisher" : "at least \(atLeast) names")")
        }
        guard pipes.count <= atMost else {
            throw problem("`\(call.name)` takes at most \(atMost) other publisher\(atMost == 1 ? "" : "s")", at: call.span)
        }
        return pipes
    }

    /// The publisher named by the argument with this label, or nil if the call has no such argument.
    func namedPublisher(_ label: String, _ context: BuildContext) throws -> Pipe? {
        guard let argument = argument(label) else { return nil }
        guard case .name(let name) = argument.content else {
            throw problem("`\(label):` takes the name of a subject or pipeline", at: argument.token)
        }
        return try context.resolve(Token(kind: .identifier(name), offset: argument.token.offset, length: argument.token.length))
    }

    /// An enumeration-like argument written `.caseName` or `caseName`.
    func choice(_ label: String, from options: [String], default fallback: String) throws -> String {
        guard let argument = argument(label) else { return fallback }
        guard case .name(let name) = argument.content, options.contains(name) else {
            throw problem("`\(label):` takes one of \(options.map { "." + $0 }.joined(separator: ", "))", at: argument.token)
        }
        return name
    }
}
