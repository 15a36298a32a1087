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
        // One argument may be a tuple (an array) that the closure's parameters take apart, named or
        // as `$0`, `$1`, as Swift's closures do (`combineLatest(b).map { $0 + $1 }`); the checker
        // refuses it for an argument that is known not to be a tuple.
        guard closure.parameterCount <= arity || arity == 1 else {
            let tuple = arity == 1
                ? " (a pair from `combineLatest` or `zip` is `$0.0` and `$0.1`, or name its parts: `{ a, b in ... }`)"
                : ""
            throw problem(
                "this closure uses $\(closure.parameterCount - 1), but `\(call.name)` passes \(arity) "
                    + "argument\(arity == 1 ? "" : "s") ($0\(arity > 1 ? " and $1" : ""))\(tuple)",
                at: closure.token
            )
        }
        return closure
    }

    /// Whether the call gives anything (arguments or a trailing closure), for the operators that
    /// come plain or with a closure (`.first()` or `.first { $0 > 3 }`).
    var givesAnything: Bool {
        call.trailingClosure != nil || !call.arguments.isEmpty
    }

    /// The closure as a test of one value (`filter`, `first`, ...): a result that is not true or
    /// false fails the pipeline with a message naming the operator.
    func predicate() throws -> (Value) throws -> Bool {
        let closure = try closure(arity: 1)
        let name = spec.name
        return { try TransformOperators.condition(closure.call($0), in: name) }
    }

    /// The closure as a test of two values (`removeDuplicates`, `min(by:)`, `max(by:)`), checked as
    /// `predicate()`'s is.
    func relation() throws -> (Value, Value) throws -> Bool {
        let closure = try closure(arity: 2)
        let name = spec.name
        return { try TransformOperators.condition(closure.call($0, $1), in: name) }
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
            throw problem("`\(name)` is a name, but a value is expected here (strings go in double quotes)",
                at: argument.token)
        default:
            throw problem("a value is expected here", at: argument.token)
        }
    }

    /// A whole-number argument, from `minimum` to `maximum`.
    func integer(_ label: String?, minimum: Int, maximum: Int = .max, default fallback: Int? = nil) throws -> Int {
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
        guard number <= maximum else {
            throw problem("the number must be at most \(maximum), not \(number)", at: token)
        }
        return number
    }

    /// A duration argument such as `300ms`, or as Swift writes it: `.milliseconds(300)`, `.seconds(1)`.
    func duration(_ label: String?) throws -> Int64 {
        guard let argument = argument(label) else {
            throw problem("`\(call.name)` needs \(label.map { "`\($0):` " } ?? "")a duration such as `300ms`")
        }
        return try duration(of: argument)
    }

    /// `argument` as a duration in nanoseconds: `300ms`, seconds as a number (`0.3`), or as Swift writes
    /// a stride, `.milliseconds(300)`, `.seconds(1)`.
    func duration(of argument: Argument) throws -> Int64 {
        switch argument.content {
        case .duration(let nanoseconds):
            return nanoseconds
        case .expression(let expression):
            // A number of seconds, as Swift's `SchedulerTimeType.Stride` takes: `debounce(for: 0.3, ...)`.
            guard let seconds = (try? expression.evaluate([]))?.numeric else {
                throw problem(
                    "expected a duration such as `300ms`, `1s`, `.milliseconds(300)` or seconds as a number (`0.3`)",
                    at: argument.token
                )
            }
            let nanoseconds = seconds * 1e9
            guard nanoseconds.isFinite, nanoseconds >= 0, nanoseconds < 9_223_372_036_854_775_808.0 else {
                throw problem(
                    "a duration cannot be negative or that long: write how long to wait, such as `0.3` (seconds) or "
                        + "`300ms`",
                    at: argument.token
                )
            }
            return Int64(nanoseconds)
        case .enumCase(let unit, let arguments):
            let scales: [String: Double] = ["nanoseconds": 1, "microseconds": 1e3, "milliseconds": 1e6, "seconds": 1e9]
            guard let scale = scales[unit], arguments.count == 1, case .expression(
                let expression) = arguments[0].content,
                  let amount = (try? expression.evaluate([]))?.numeric
            else {
                throw problem("expected a duration such as `300ms`, `1s` or `.milliseconds(300)`", at: argument.token)
            }
            let nanoseconds = amount * scale
            guard nanoseconds.isFinite, nanoseconds >= 0, nanoseconds < 9_223_372_036_854_775_808.0 else {
                throw problem("this duration is out of range (0 up to about 292 years)", at: argument.token)
            }
            return Int64(nanoseconds)
        default:
            throw problem("expected a duration such as `300ms` or `1s`", at: argument.token)
        }
    }

    /// A demand argument: a whole number (at least 1), `.max(N)` or `.unlimited` (nil).
    func demand(_ label: String) throws -> Int? {
        guard let argument = argument(label) else { return nil }
        switch argument.content {
        case .name("unlimited"):
            return nil
        case .enumCase("unlimited", let arguments) where arguments.isEmpty:
            return nil
        case .enumCase("max", let arguments):
            guard arguments.count == 1, case .expression(let expression) = arguments[0].content,
                  case .int(let count)? = try? expression.evaluate([]), count >= 1
            else {
                throw problem("`.max(N)` takes a whole number, at least 1", at: argument.token)
            }
            return count
        default:
            return try integer(label, minimum: 1)
        }
    }

    /// A range argument, `2...4`, `2..<4` or `2...`, as the half-open range of indices it means.
    func range(_ label: String) throws -> Range<Int> {
        guard let argument = argument(label) else {
            throw problem("`\(call.name)` needs `\(label):` and a range such as `2...4`")
        }
        let lowerExpression: Expression, upperExpression: Expression?, closed: Bool
        switch argument.content {
        case .range(let lower, let upper, let isClosed):
            (lowerExpression, upperExpression, closed) = (lower, upper, isClosed)
        case .expression(.call("#range", let bounds)) where bounds.count == 3:
            // `output(in: 1...2)`: a range the expression read (a one-sided `2...` is `.range`).
            (lowerExpression, upperExpression) = (bounds[0], bounds[1])
            if case .literal(.bool(true)) = bounds[2] { closed = true } else { closed = false }
        default:
            throw problem("expected a range such as `2...4`, `2..<4` or `2...`", at: argument.token)
        }
        func bound(_ expression: Expression) throws -> Int {
            guard case .int(let number)? = try? expression.evaluate([]) else {
                throw problem("the bounds of a range are whole numbers", at: argument.token)
            }
            return number
        }
        let lower = try bound(lowerExpression)
        guard lower >= 0 else { throw problem("a range of indices starts at 0 or more, not \(lower)",
            at: argument.token) }
        guard let upperExpression else { return lower..<Int.max }
        let upper = try bound(upperExpression)
        guard upper >= lower else {
            throw problem("the range \(lower)\(closed ? "..." : "..<")\(upper) ends before it "
                + "starts", at: argument.token)
        }
        guard !closed || upper < Int.max else { return lower..<Int.max }
        return lower..<(closed ? upper + 1 : upper)
    }

    /// A boolean argument.
    func flag(_ label: String, default fallback: Bool) throws -> Bool {
        guard let argument = argument(label) else { return fallback }
        guard case .bool(let flag) = try value(label) else {
            throw problem("`\(label):` takes true or false", at: argument.token)
        }
        return flag
    }

    /// The publishers given as arguments, in order: names resolved to their pipelines, or
    /// expressions that give a publisher (`player.$volume`, `Just(1)`).
    func publishers(_ context: BuildContext, label: String? = nil, atLeast: Int = 1,
        atMost: Int = .max) throws -> [Pipe] {
        var pipes: [Pipe] = []
        for (index, argument) in call.arguments.enumerated() where !isClosure(argument) {
            guard index == 0 ? argument.label == label || argument.label == nil : argument.label == nil else {
                throw problem("unexpected label `\(argument.label ?? "")`", at: argument.token)
            }
            if case .expression(let expression) = argument.content {
                let value: Value
                do {
                    value = try expression.evaluate([])
                } catch {
                    throw problem(PlaygroundError.from(error).message, at: argument.token)
                }
                guard case .publisher(let publisher) = value else {
                    throw problem("expected a publisher, not \(value.kindName) \(value)", at: argument.token)
                }
                pipes.append(publisher.pipe)
                continue
            }
            guard case .name(let name) = argument.content else {
                throw problem("expected the name of a subject or pipeline", at: argument.token)
            }
            pipes.append(try context.resolve(Token(kind: .identifier(name), offset: argument.token.offset,
                length: argument.token.length)))
        }
        guard pipes.count >= atLeast else {
            throw problem("`\(call.name)` needs "
                + "\(atLeast == 1 ? "the name of another publisher" : "at least \(atLeast) names")")
        }
        guard pipes.count <= atMost else {
            throw problem("`\(call.name)` takes at most \(atMost) other publisher"
                + "\(atMost == 1 ? "" : "s")", at: call.span)
        }
        return pipes
    }

    /// The publisher named by the argument with this label, or nil if the call has no such argument.
    func namedPublisher(_ label: String, _ context: BuildContext) throws -> Pipe? {
        guard let argument = argument(label) else { return nil }
        guard case .name(let name) = argument.content else {
            throw problem("`\(label):` takes the name of a subject or pipeline", at: argument.token)
        }
        return try context.resolve(Token(kind: .identifier(name), offset: argument.token.offset,
            length: argument.token.length))
    }

    /// An enumeration-like argument written `.caseName` or `caseName`.
    func choice(_ label: String, from options: [String], default fallback: String) throws -> String {
        guard let argument = argument(label) else { return fallback }
        let written: String?
        switch argument.content {
        case .name(let name): written = name
        case .enumCase(let name, let arguments) where arguments.isEmpty: written = name
        default: written = nil
        }
        guard let name = written, options.contains(name) else {
            throw problem("`\(label):` takes one of "
                + "\(options.map { "." + $0 }.joined(separator: ", "))", at: argument.token)
        }
        return name
    }
}
