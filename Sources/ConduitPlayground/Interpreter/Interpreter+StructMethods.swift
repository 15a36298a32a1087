/// Methods of the session's structs (`struct Stack { var items: [Int] = []; mutating func push(_ x:
/// Int) { items.append(x) } }`): resolved when the struct is declared, run on a value of it, and a
/// `mutating` one's changed `self` written back to the variable the call was made on.
extension Interpreter {
    /// The struct's methods with their names resolved.
    func boundStructMethods(_ methods: [MethodDeclaration]) throws -> [StructMethod] {
        try methods.filter { !$0.isStatic }.map { method in
            let body = try bind(method.body)
            // `self` first, then the arguments, as declared (`scale(by: 2)` of `by factor: Double` gets 2.0).
            let types = [.value] + method.parameterTypes
            // `m.move(to: .done)` of `func move(to s: State)`, and `return .done` of `-> State`: the cases.
            let (cases, returned) = (impliedCases(of: types), ImpliedCases(method.returnType, enums: enums))
            var bound = StructMethod(
                name: method.name.display, parameterCount: method.parameters.count, isMutating: method.isMutating,
                body: BoundExpression { arguments in
                    let result = method.returned(try body.evaluate(cases.resolve(arguments.converted(to: types))))
                    return returned?.resolve(result) ?? result
                })
            bound.defaults = try defaultArguments(method.defaults, variadicSlot: method.variadicSlot, at: method.name)
            return bound
        }
    }

    /// Whether `expression` calls, at any depth, a method some struct declares (which binding resolves).
    func callsStructMethod(_ expression: Expression) -> Bool {
        guard structMethods.hasAny else { return Interpreter.interpolates(expression) }
        switch expression {
        case .call(let name, let arguments) where name.hasPrefix(".") && !arguments.isEmpty:
            if structMethods.isDeclared(String(name.dropFirst())) { return true }
        case .member(_, let name):
            if structMethods.isDeclared(name) { return true }
        case .call("string", _), .call("String", _):
            // `"\(error)"`: a type's `description` (CustomStringConvertible) gives the text.
            return true
        default: break
        }
        return expression.parts.contains { callsStructMethod($0) }
    }

    /// Whether `expression` makes text of a value (`"\(error)"`, `String(x)`) at any depth: a type's
    /// `description` gives it, which is looked for when it runs, as the type may be declared after the body.
    static func interpolates(_ expression: Expression) -> Bool {
        switch expression {
        case .call("string", _), .call("String", _): return true
        default: return expression.parts.contains { interpolates($0) }
        }
    }

    /// A call of the method `name` on `receiver` (in a closure's, a function's or a method's body):
    /// a struct's method when the value is one of a struct that has it, else the value's own method
    /// (or, `orMember`, its member of that name). A `mutating` method sets the body's variable it is
    /// called on; on a constant it is refused, as Swift refuses it.
    func boundStructCall(_ name: String, on receiver: Expression, _ arguments: [Expression], orMember: Bool = false)
        throws -> Expression
    {
        let target = try bind(receiver)
        let given = try arguments.map(bind)
        // Weakly: the table holds the methods whose bodies make these calls.
        let table = structMethods
        return .bound(BoundExpression { [weak table] values in
            let value = try target.evaluate(values)
            let passed = try given.map { try $0.evaluate(values) }
            guard let method = table?.method(name, for: value) else {
                if orMember { return try Expression.member(name, of: value) }
                return try Functions.call("." + name, [value] + passed)
            }
            let (result, changed) = try method.run(on: value, passed)
            if method.isMutating {
                guard case .variable(let variable) = target else {
                    throw PlaygroundError("cannot use mutating member on immutable value: `\(name)` changes the "
                        + "struct, so call it on a `var`")
                }
                try LocalVariable.write(changed, to: try variable.evaluate(values))
            }
            return result
        })
    }
}
