import SwiftSyntax

/// The closure a property holds, given where Swift's parser reads its value: a closure (`{}`,
/// `{ print("deleted") }`, `{ [weak self] in ... }`), `nil`, or `unimplemented("...")`, point-free's default
/// that complains when it is called. Which of them it is comes from Swift's tree; a closure's body is read
/// by `closure()`.
extension Parser {
    /// The closure written at the current token as the value of `property` (whose type, if written, is
    /// `declaredType`), moved past.
    mutating func closureValue(for property: String, declaredType: String? = nil) throws -> Closure {
        let start = current
        let tree = try swiftTree()
        let expression = tree.node(ExprSyntax.self, holdingTokenAt: current.offset)
        if let callee = expression?.as(DeclReferenceExprSyntax.self), callee.baseName.text == "unimplemented",
            let call = callee.callOfCallee, let open = call.leftParen
        {
            moveToToken(atOrAfter: tree.offset(of: open.endPositionBeforeTrailingTrivia))
            let message = try callArguments(of: "unimplemented").first ?? .literal(.string(property))
            let complaint = Expression.binary(.plus, .literal(.string("unimplemented: ")), .call("string", [message]))
            return Closure(body: .namedCall("print", [complaint], start), parameterCount: 0, token: start)
        }
        if let literal = expression?.as(NilLiteralExprSyntax.self) {
            // `var onFinish: ((String) -> Void)? = nil`: no closure yet; `onFinish?(...)` does nothing.
            skip(past: literal, in: tree)
            let count = declaredType.map(Parser.parameterCount(ofFunctionType:)) ?? 0
            return Closure(body: .literal(.void), parameterCount: count, token: start)
        }
        guard let closure = expression?.as(ClosureExprSyntax.self),
            tree.offset(of: closure.positionAfterSkippingLeadingTrivia) == start.offset
        else {
            throw SyntaxError(
                "`\(property)` holds a closure: write one in braces, such as `{ print(\"tapped\") }`, `{}` or `nil`",
                at: current)
        }
        if closure.signature == nil, closure.statements.isEmpty, closure.rightBrace.presence == .present {
            skip(past: closure, in: tree)
            return Closure(body: .literal(.void), parameterCount: 0, token: start)
        }
        return try self.closure()
    }
}
