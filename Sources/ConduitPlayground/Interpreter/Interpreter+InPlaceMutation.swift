/// A mutating method called on a `var` itself (`xs.append(i)`, `names.remove(at: 0)`, `s.append("x")`),
/// or an element of it set (`xs[i] = x`, `d["k"] = x`), with plain values: the variable changes in
/// place, under its lock, so that an array or string only it holds grows in amortised constant time,
/// as Swift's do, instead of being copied at each call.
extension Interpreter {
    /// Makes `call` (bound, its name without the `&` mark) on the variable `named`, its arguments
    /// evaluated once with `arguments`: in place, or by a copy checked as a new value is when what
    /// it adds nests (`rows.append([1, 2])`). False, with nothing evaluated, for a `let` or a call
    /// given a closure, which the caller makes as before.
    func mutateInPlace(_ named: NamedValue, _ call: OperatorCall, arguments: [Value]) throws -> Bool {
        guard !named.isConstant, call.trailingClosure == nil,
            call.arguments.allSatisfy({ if case .expression = $0.content { true } else { false } })
        else { return false }
        let given = try call.arguments.map { argument in
            // `prices.append(3)` on a `[Double]` appends 3.0, as Swift types the literal.
            let given = try methodArgument(argument, named: call.name, arguments: arguments)
            guard case .value(let value) = given.content else { return given }
            let element = named.element(value, label: given.label)
            return CollectionMethods.Argument(label: given.label, content: .value(element))
        }
        let mutation = MutatingCall(name: call.name, arguments: given)
        guard mutation.runsInPlace else {
            // The arguments are not evaluated again (a method they call may change something).
            named.set(try CollectionMethods.call(call.name, on: named.value, given, mutating: true))
            return true
        }
        try named.mutate { value in
            if value == .null {
                throw PlaygroundError("`\(call.name)` is called on nil: unwrap the optional first "
                    + "(`x?.\(call.name)(...)`, `if let x { ... }` or `(x ?? [])`)")
            }
            try mutation.apply(to: &value)
        }
        return true
    }

    /// `xs[i] = VALUE` or `d["key"] = VALUE` on a `var` itself, with a value that adds no level of
    /// nesting: the element is set in place. False, with nothing done, for anything else (a `let`,
    /// a field or element further in, a nested value), which `assign` then makes by a copy.
    func assignElementInPlace(_ value: Value, to target: Expression, at token: Token) throws -> Bool {
        guard case .index(.name(let name, _), let indexExpression) = target, case .value(let named)? = entries[name],
            !named.isConstant
        else { return false }
        guard !value.nests else { return false }
        let key = try located(at: token) { try bind(indexExpression).evaluate([]) }
        return try named.mutate { current -> Bool in
            if case .array = current, case .int(let position) = key {
                guard case .array(var items) = current else { return false }
                guard items.indices.contains(position) else {
                    throw SyntaxError("index \(position) is out of range for \(current) (\(items.count) element"
                        + "\(items.count == 1 ? "" : "s"))", at: token)
                }
                let checked = try sameType(value, as: items[position], at: token)
                // The enum lets go of the array first, so that `items` is its only owner.
                current = .null
                defer { current = .array(items) }
                items[position] = checked
                return true
            }
            if case .record(let record) = current, key.isDictionaryKey,
                record.kind == .dictionary || key.isText
            {
                guard case .record(var fields) = current else { return false }
                current = .null
                defer { current = .record(fields) }
                // A dictionary's `d["key"] = value`, `d[1] = value` (nil removes the key), as Swift's does.
                fields[key: key] = value == .null ? nil : value
                return true
            }
            return false
        }
    }

    /// `s += "x"` or `xs += [x]` in a closure or a loop's body (`NAME = NAME + VALUE`): the string or
    /// array grows in place when what is added adds no level of nesting, as Swift's `+=` does;
    /// anything else is added as `+` adds it. Nil if the assignment is of another form.
    func boundVariableAppend(_ arguments: [Expression], at token: Token) throws -> Expression? {
        guard arguments.count == 2, case .literal(.string(let name)) = arguments[0],
            case .binary(.plus, .name(let read, _), let addend) = arguments[1], read == name,
            case .value(let named)? = entries[name], !named.isConstant
        else { return nil }
        let bound = try bind(addend)
        return .bound(
            BoundExpression { [weak self] values in
                guard let self else { throw PlaygroundError("the session is gone") }
                let more = try bound.evaluate(values)
                let appended = try named.mutate { current -> Bool in
                    if case .string = current, case .string(let tail) = more {
                        guard case .string(var text) = current else { return false }
                        current = .null
                        defer { current = .string(text) }
                        text += tail
                        return true
                    }
                    if case .array = current, case .array(let tail) = more, !tail.contains(where: \.nests) {
                        guard case .array(var items) = current else { return false }
                        guard items.count + tail.count <= 1_000_000 else {
                            throw PlaygroundError("the array would pass 1,000,000 elements")
                        }
                        current = .null
                        defer { current = .array(items) }
                        items += tail
                        return true
                    }
                    return false
                }
                if appended { return .void }
                let sum = try Value.nested(try Expression.apply(.plus, named.value, more))
                do {
                    named.set(try self.sameType(sum, as: named.value, at: token))
                } catch let error as SyntaxError {
                    throw PlaygroundError(error.message)
                }
                return .void
            })
    }

    /// `xs[i] = VALUE` (or `+=`) in a closure or a loop's body (`Parser.elementAssignment`): each time
    /// it runs, the indexes are evaluated with the closure's arguments and the element of the
    /// top-level `var` is set as a line `xs[2] = VALUE` would set it (in place when it can).
    func boundElementAssignment(_ arguments: [Expression], at token: Token) throws -> Expression {
        guard arguments.count == 2, let root = arguments[0].rootName else {
            throw SyntaxError("expected `NAME[INDEX] = VALUE`", at: token)
        }
        _ = try capturedVariable(
            root, refusal: "sets elements only of", example: "[...]", verb: "assign through subscript", at: token)
        let place = try boundPlace(arguments[0])
        let value = try bind(arguments[1])
        return .bound(
            BoundExpression { [weak self] values in
                guard let self else { throw PlaygroundError("the session is gone") }
                let target = try place(values)
                let new = try value.evaluate(values)
                do {
                    try self.assign(new, to: target, at: token)
                } catch let error as SyntaxError {
                    throw PlaygroundError(error.message)
                }
                return .void
            })
    }

    /// The place `target` names, with each index bound now and evaluated, when the closure runs,
    /// into a literal: what `assign` sets.
    private func boundPlace(_ target: Expression) throws -> ([Value]) throws -> Expression {
        switch target {
        case .index(let base, let index):
            let outer = try boundPlace(base)
            let key = try bind(index)
            return { values in .index(try outer(values), .literal(try key.evaluate(values))) }
        case .member(let base, let field):
            let outer = try boundPlace(base)
            return { values in .member(try outer(values), field) }
        default:
            return { _ in target }
        }
    }
}

extension Value {
    /// Arrays and records: what adds a level of nesting to a value that holds it.
    var nests: Bool {
        switch self {
        case .array, .record: return true
        default: return false
        }
    }
}
