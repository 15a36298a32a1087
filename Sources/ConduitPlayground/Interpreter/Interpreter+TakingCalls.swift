/// Swift's mutating methods that give back what they take out of an array, written where their result
/// is used: `while let top = stack.popLast() { ... }`, `let first = queue.removeFirst()`,
/// `print(xs.remove(at: 0))`. The variable (the session's `var`, or a body's) loses the element and
/// the expression is the element, as Swift's `popLast()` (nil when empty), `removeFirst()`,
/// `removeLast()` and `remove(at:)` give it.
extension Interpreter {
    /// The methods that take an element out of an array and give it.
    static let takingMethods: Set<String> = ["popLast", "removeFirst", "removeLast", "remove"]

    /// Whether `syntax` is one such call, with no argument but `remove(at:)`'s position, on a variable:
    /// a body's `var`, or a `var` the session named.
    func isTakingCall(_ syntax: PipelineSyntax) -> Bool {
        guard syntax.operators.count == 1, let call = syntax.operators.first, call.trailingClosure == nil,
            Interpreter.takingMethods.contains(call.name)
        else { return false }
        let labels = call.arguments.map(\.label)
        guard call.name == "remove" ? labels == ["at"] : labels.isEmpty else { return false }
        switch syntax.source {
        case .expression(.variable): return true
        case .expression(.name(let root, _)):
            if case .value(let named)? = entries[root] { return !named.isConstant }
            return false
        case .name(let token):
            if case .value(let named)? = entries[token.display] { return !named.isConstant }
            return false
        default: return false
        }
    }

    /// The call as an expression: it takes the element from the variable when it runs, and is the element.
    func boundTakingCall(_ syntax: PipelineSyntax) throws -> Expression {
        guard let call = syntax.operators.first else { return .literal(.void) }
        let name = call.name
        let position: Expression? = try call.arguments.first.map { argument in
            guard case .expression(let expression) = argument.content else {
                throw SyntaxError("`remove(at:)` takes a position (an integer)", at: call.token)
            }
            return try bind(expression)
        }
        if case .expression(.variable(let place)) = syntax.source {
            let place = try bind(place)
            return .bound(BoundExpression { arguments in
                let variable = try place.evaluate(arguments)
                let index = try position?.evaluate(arguments)
                let (taken, rest) = try Interpreter.take(name, at: index, from: try LocalVariable.read(variable))
                try LocalVariable.write(rest, to: variable)
                return taken
            })
        }
        let root: String? = switch syntax.source {
        case .expression(.name(let root, _)): root
        case .name(let token): token.display
        default: nil
        }
        guard let root, case .value(let named)? = entries[root] else {
            throw SyntaxError("`\(name)` changes a `var`", at: call.token)
        }
        return .bound(BoundExpression { arguments in
            let index = try position?.evaluate(arguments)
            return try named.mutate { value in
                let (taken, rest) = try Interpreter.take(name, at: index, from: value)
                value = rest
                return taken
            }
        })
    }

    /// What `name` takes out of the array `value` (the element at `index` for `remove(at:)`), and the
    /// array left; `popLast()` of an empty array takes nil and leaves it, the others refuse it, as Swift's
    /// trap does.
    static func take(_ name: String, at index: Value?, from value: Value) throws -> (taken: Value, rest: Value) {
        guard case .array(var items) = value else {
            if value == .null {
                throw PlaygroundError("`\(name)` is called on nil: unwrap the optional first (`if let x { ... }`)")
            }
            throw PlaygroundError("\(value.kindName) \(value) has no method `\(name)`; it is an array's")
        }
        switch name {
        case "popLast":
            return (items.popLast() ?? .null, .array(items))
        case "removeFirst", "removeLast":
            let end = name == "removeFirst" ? "first" : "last"
            guard !items.isEmpty else {
                throw PlaygroundError("cannot \(name)() from an empty array: Swift stops the program (\"Can't "
                    + "remove \(end) element from an empty collection\"); `popLast()` gives nil instead")
            }
            let taken = name == "removeFirst" ? items.removeFirst() : items.removeLast()
            return (taken, .array(items))
        default:
            guard case .int(let position)? = index else {
                throw PlaygroundError("`remove(at:)` needs a position (an integer), not \(index ?? .null)")
            }
            guard items.indices.contains(position) else {
                throw PlaygroundError("index \(position) is out of range for \(value) (\(items.count) element"
                    + "\(items.count == 1 ? "" : "s"))")
            }
            return (items.remove(at: position), .array(items))
        }
    }
}
