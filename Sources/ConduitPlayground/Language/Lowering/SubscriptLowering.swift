import SwiftSyntax

/// Subscripts (`xs[0]`, `counts[word, default: 0]`, `note.userInfo?["score"]`) as Swift's parser reads
/// them: how many arguments the brackets hold, their labels and where the brackets close are the tree's
/// `SubscriptCallExprSyntax`; each argument is read there by the parser's readings and must end where
/// Swift ends it. Kept out of `postfix`, which recurses for every level of nesting.
extension Parser {
    /// What a subscript may hold, for messages about one that holds something else.
    static let subscriptUsage = "an index reads `[VALUE]`, or `[KEY, default: VALUE]` for a dictionary's key"

    /// At the `[` after `base`: the element at the index, or, for `[KEY, default: VALUE]`, the value for
    /// the key or the default when it has none, as Swift's dictionary subscript gives (and sets through,
    /// `+= 1`); then moves past the `]`.
    @inline(never)
    mutating func subscripted(_ base: Expression) throws -> Expression {
        let open = current
        guard let (tree, call) = try swiftNode(at: open, { token -> SubscriptCallExprSyntax? in
            guard let call = token.parent?.as(SubscriptCallExprSyntax.self), call.leftSquare.id == token.id
            else { return nil }
            return call
        }) else {
            throw SyntaxError("Swift reads no index at this `[`; " + Parser.subscriptUsage, at: open)
        }
        if Parser.hasOwnError(Syntax(call)) {
            throw ownError(in: Syntax(call), of: tree, hint: Parser.subscriptUsage)
        }
        let arguments = Array(call.arguments)
        guard let first = arguments.first, first.label == nil, arguments.count <= 2,
            arguments.count == 1 || arguments[1].label?.text == "default"
        else {
            let held = call.arguments.isEmpty ? Syntax(call.rightSquare) : Syntax(call.arguments)
            let written = tree.token(covering: held)
            throw SyntaxError(Parser.subscriptUsage + ", not `[\(call.arguments.trimmedDescription)]`", at: written)
        }
        let index = try read(first.expression, in: tree, as: "the index") { try $0.expression() }
        var element = Expression.index(base, index)
        if arguments.count == 2 {
            let fallback = try read(arguments[1].expression, in: tree, as: "the default value") { try $0.expression() }
            element = .binary(.coalesce, element, fallback)
        }
        moveToToken(atOrAfter: tree.offset(of: call.rightSquare.endPositionBeforeTrailingTrivia))
        return element
    }
}
