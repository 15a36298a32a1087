/// Functions declared in the session: `func twice(x) = x * 2`, Swift's `func twice(_ x: Int) -> Int
/// { x * 2 }`, and a closure given a name (`let add = { (a: Int, b: Int) in a + b }`), which is
/// called as a function is (`add(1, 2)`).
extension Interpreter {
    /// Declares `name` as a function of `parameters` whose body is `body` (its parameters as `$0`,
    /// `$1`, ...), checked with the types written (`.value` where unknown); `text` is the declaration.
    /// Its arguments and its result are converted to the types declared (`returnType`, `-> Double`).
    /// `printedTypes`, where given, are the parameters' types as `print` and `"\(x)"` in the body see them
    /// (`Item?` optional though the checker knows nothing of `Item`); `writtenTypes`, the parameters' types
    /// as written, say which enumeration a bare `.b` given is.
    func declareFunction(
        _ name: Token, parameters: [String], parameterTypes: [ValueType], printedTypes: [ValueType]? = nil,
        returnType: ValueType? = nil,
        defaults: [Expression?] = [], body: Expression, text: String, inoutSlots: Set<Int> = [],
        isVariable: Bool = false, closureParameters: ClosureParameters = .none, writtenTypes: [ValueType]? = nil,
        variadicSlot: Int? = nil
    ) throws {
        try checkBody(body, parameterTypes: parameterTypes, written: text, at: name)
        let selfCall = SelfCall()
        declaringFunction = (name.display, parameters.count, selfCall)
        defer { declaringFunction = nil }
        // A function that calls itself is not typed through its body, which would never end.
        let written = body.namesRead.contains(name.display) ? nil : body
        var function = UserFunction(
            name: name.display, parameters: parameters,
            // The parameters' types known, `print(x as Any)` of an `x: Item?` shows `Optional(item 3)`, as Swift's.
            body: try binding(arguments: printedTypes ?? parameterTypes) { try bind(body) }, text: text,
            written: written)
        function.parameterTypes = parameterTypes
        function.returnType = returnType
        function.inoutSlots = inoutSlots
        function.isVariable = isVariable
        function.closureParameters = closureParameters
        function.defaults = try defaultArguments(defaults, variadicSlot: variadicSlot, at: name)
        function.impliedCases = ImpliedCases(returnType, enums: enums)
        function.parameterCases = impliedCases(of: writtenTypes ?? parameterTypes)
        selfCall.bind(to: function)
        function.selfCall = selfCall
        let again = if case .function? = entries[name.display] { true } else { false }
        try define(name, as: .function(function))
        let note = again ? " (declared again: the new one serves from now on)" : ""
        info("func \(function.usage)\(note)")
    }

    /// The function named `name` as a closure (`xs.map(double)`, `subject.map(format)`), or nil if
    /// the name is not a function's.
    func functionAsClosure(_ name: String, at token: Token) -> Closure? {
        guard case .function(let function)? = entries[name] else { return nil }
        let body = Expression.bound(BoundExpression { arguments in try function.call(arguments) })
        return Closure(
            body: body, parameterCount: function.parameters.count,
            token: token)
    }

    /// For each of `types`, the cases a bare `.offline` stands for where it declares an enumeration.
    func impliedCases(of types: [ValueType]) -> [ImpliedCases?] {
        types.map { ImpliedCases($0, enums: enums) }
    }

    /// The values of parameters' defaults (`= 1`), worked out once, when the function is declared, and
    /// the position of its variadic parameter (`_ xs: Int...`), if it has one.
    func defaultArguments(
        _ written: [Expression?], variadicSlot: Int? = nil, at token: Token
    ) throws -> DefaultArguments {
        guard written.contains(where: { $0 != nil }) || variadicSlot != nil else { return .none }
        return DefaultArguments(
            values: try written.map { try $0.map { try constant($0, at: token) } }, variadicSlot: variadicSlot)
    }
}
