import SwiftSyntax

/// Operator calls: their arguments, labels, closures and subject factories.
extension Parser {
    mutating func operatorCall() throws -> OperatorCall {
        let nameToken = current
        guard let name = nameToken.identifier else {
            throw SyntaxError("expected an operator name after `.`, for example `.map { $0 * 2 }`", at: nameToken)
        }
        advance()
        let savedGivesNothing = closuresGiveNothing
        closuresGiveNothing = Parser.voidClosureCalls.contains(name)
        defer { closuresGiveNothing = savedGivesNothing }
        guard let (tree, use) = try readableMemberUse(named: nameToken) else {
            throw try unreadableCall(named: nameToken)
        }
        guard let call = use.call else {
            // Not called: a property (`s.values` in `for await v in s.values { }`).
            return OperatorCall(name: name, token: nameToken, arguments: [], trailingClosure: nil, span: nameToken)
        }
        return try operatorCall(call, in: tree, name: name, token: nameToken)
    }

    /// The operator call `call`, named `name`, its arguments and closures where Swift's tree has them.
    private mutating func operatorCall(
        _ call: FunctionCallExprSyntax, in tree: SwiftTree, name: String, token nameToken: Token
    ) throws -> OperatorCall {
        var arguments = try self.arguments(of: call, in: tree)
        // `reduce(into: [:]) { $0[$1, default: 0] += 1 }`: the closure changes its first parameter.
        accumulatesNextClosure = name == "reduce" && arguments.first?.label == "into"
        let (first, labelled) = try trailingClosures(of: call, in: tree)
        accumulatesNextClosure = false
        var closure: Closure?
        if let first {
            if case .closure(let read) = first.content,
                labelled.isEmpty || Parser.firstTrailingClosureLabel[name] == nil
            {
                closure = read
            } else {
                arguments.append(Argument(label: Parser.firstTrailingClosureLabel[name], content: first.content,
                    token: first.token))
            }
        }
        arguments += labelled
        if Parser.closureElementMethods.contains(name) {
            // `handlers.append { print("b") }`, `handlers.insert({ ... }, at: 0)`: the closure is the element.
            arguments = arguments.map(\.closureAsValue) + (closure.map { [Argument(closureValue: $0)] } ?? [])
            closure = nil
        }
        let span = covering(from: nameToken)
        return OperatorCall(name: name, token: nameToken, arguments: arguments, trailingClosure: closure, span: span)
    }

    /// The calls whose closures return `Void` in Swift, which may end with a `let` step; a closure whose value
    /// is used (`map`, `filter`) must give it.
    static let voidClosureCalls: Set<String> = ["forEach", "sink", "handleEvents"]

    /// The label of the parameter a call's first trailing closure takes when labelled trailing
    /// closures follow it, by the call's name.
    static let firstTrailingClosureLabel = ["sink": "receiveCompletion", "handleEvents": "receiveSubscription"]

    /// Whether `name` is a parameter of the closure being read or of one around it: a value
    /// (`xs.contains(x)`), not the name of a subject or pipeline.
    func isClosureParameter(_ name: String) -> Bool {
        parameters[name] != nil || enclosingParameters.contains { $0[name] != nil }
    }
}
