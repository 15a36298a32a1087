import SwiftSyntax

/// The operator call whose parentheses the cursor is in (`.handleEvents(rec`), read from Swift's tree
/// of the text typed so far: Tab offers its argument labels (`receiveOutput:`).
enum OpenOperatorCall {
    /// The operator whose call is the innermost bracket left open at the end of `typed`; nil when that
    /// bracket is another (a closure's `{`, an array's `[`, a tuple's or a function's `(`), or none is open.
    static func spec(in typed: String) -> OperatorSpec? {
        guard let tree = StatementShape.parse(typed),
            let last = tree.tokens(viewMode: .sourceAccurate).reversed().first(where: { $0.tokenKind != .endOfFile })
        else { return nil }
        var node: Syntax? = Syntax(last)
        while let current = node {
            if let call = current.as(FunctionCallExprSyntax.self), call.leftParen?.presence == .present,
                call.rightParen?.presence != .present
            {
                let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                return name.flatMap(OperatorTable.spec(named:))
            }
            if isOpenBracket(current) { return nil }
            node = current.parent
        }
        return nil
    }

    /// Whether `node` is a bracketed expression other than a call whose closing bracket is not written yet.
    private static func isOpenBracket(_ node: Syntax) -> Bool {
        if let closure = node.as(ClosureExprSyntax.self) { return closure.rightBrace.presence != .present }
        if let array = node.as(ArrayExprSyntax.self) { return array.rightSquare.presence != .present }
        if let dictionary = node.as(DictionaryExprSyntax.self) { return dictionary.rightSquare.presence != .present }
        if let tuple = node.as(TupleExprSyntax.self) { return tuple.rightParen.presence != .present }
        if let subscriptCall = node.as(SubscriptCallExprSyntax.self) {
            return subscriptCall.rightSquare.presence != .present
        }
        return false
    }
}
