/// A mutating method called on a `var` itself (`xs.append(i)`, `names.remove(at: 0)`, `s.append("x")`),
/// with plain values: the variable changes in place, under its lock, so that an array or string only
/// it holds grows in amortised constant time, as Swift's do, instead of being copied at each call.
extension Session {
    /// Makes `call` (bound, its name without the `&` mark) on the variable `named` in place, its
    /// arguments evaluated with `arguments`; false, with nothing done, if the call must go the way
    /// of a copy: a `let`, a closure argument, or a value that would add a level of nesting.
    func mutateInPlace(_ named: NamedValue, _ call: OperatorCall, arguments: [Value]) throws -> Bool {
        guard !named.isConstant, call.trailingClosure == nil,
            call.arguments.allSatisfy({ if case .expression = $0.content { true } else { false } })
        else { return false }
        let given = try call.arguments.map { try methodArgument($0, named: call.name, arguments: arguments) }
        let mutation = MutatingCall(name: call.name, arguments: given)
        guard mutation.runsInPlace else { return false }
        try named.mutate { value in
            if value == .null {
                throw PlaygroundError("`\(call.name)` is called on nil: unwrap the optional first "
                    + "(`x?.\(call.name)(...)`, `if let x { ... }` or `(x ?? [])`)")
            }
            try mutation.apply(to: &value)
        }
        return true
    }
}
