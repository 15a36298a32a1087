/// Calls of the session's functions that take `inout` parameters (`double(&n)`): each `&NAME`
/// argument's variable is read, passed as a variable of the body, and set to its last value when the
/// function returns.
extension Interpreter {
    /// The call of the function `name` when it has `inout` parameters or is passed `&NAME`; nil otherwise.
    func inoutCall(_ name: String, _ arguments: [Expression], at token: Token) throws -> Expression? {
        let passesVariables = arguments.contains { if case .call(Parser.inoutArgument, _) = $0 { true } else { false } }
        guard case .function(let function)? = entries[name] else {
            guard !passesVariables else {
                throw SyntaxError("`&` passes a variable to an `inout` parameter of a function declared here "
                    + "(`func double(_ value: inout Int)`); `\(name)` has none", at: token)
            }
            return nil
        }
        guard !function.inoutSlots.isEmpty || passesVariables else { return nil }
        guard arguments.count == function.parameters.count else {
            throw SyntaxError("`\(name)` takes \(function.parameters.count) argument"
                + "\(function.parameters.count == 1 ? "" : "s"): \(function.usage)", at: token)
        }
        var reads: [Expression] = []
        var writes: [Int: (Value, [Value]) throws -> Void] = [:]
        for (index, argument) in arguments.enumerated() {
            let isVariable = if case .call(Parser.inoutArgument, _) = argument { true } else { false }
            guard isVariable == function.inoutSlots.contains(index) else {
                let parameter = function.parameters[index]
                throw SyntaxError(isVariable
                    ? "`\(parameter)` of `\(name)` is no `inout` parameter: pass the value without `&`"
                    : "passing a value to the inout parameter `\(parameter)` of `\(name)` requires explicit `&`: "
                        + "write `&NAME` of a `var`", at: token)
            }
            guard case .call(_, let targets) = argument, let target = targets.first else {
                reads.append(try bind(argument))
                continue
            }
            reads.append(try bind(target))
            writes[index] = try variableWriter(target, at: token)
        }
        return .bound(BoundExpression { values in
            let given = try reads.map { try $0.evaluate(values) }
            let (result, changed) = try function.callPassingVariables(given)
            for (index, value) in changed.sorted(by: { $0.key < $1.key }) { try writes[index]?(value, values) }
            return result
        })
    }

    /// What sets the variable `target` names (a top-level `var`, or a `var` of the body being read) to a value.
    private func variableWriter(_ target: Expression, at token: Token) throws -> (Value, [Value]) throws -> Void {
        switch target {
        case .name(let variable, let written):
            let named = try capturedVariable(variable, refusal: "passes with `&` only", example: "VALUE",
                verb: "pass it as inout", at: written)
            return { value, _ in named.set(value) }
        case .variable(let place):
            let bound = try bind(place)
            return { value, values in try LocalVariable.write(value, to: try bound.evaluate(values)) }
        default:
            throw SyntaxError("`&` passes a variable to an `inout` parameter here: write `&NAME` of a `var`", at: token)
        }
    }
}
