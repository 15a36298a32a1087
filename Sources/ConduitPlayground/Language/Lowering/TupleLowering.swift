import SwiftSyntax

/// Parentheses (`(x)`, `(1...5)`), tuples (`(nil, true)`, `(offset: 0, element: x)`, `(1, b: 2)`) and
/// `()` as Swift's parser reads them: how many elements there are, their labels and where the `)` is
/// are the tree's `TupleExprSyntax`; each element is read there by the parser's readings and must end
/// where Swift ends it. Kept out of `primary`, whose frame every level of nesting recurses through.
extension Parser {
    /// What parentheses may hold, for messages about ones that hold something else.
    static let tupleUsage = "parentheses hold a value `(x)` or a tuple's elements `(1, label: 2)`"

    /// At `(` where a value goes: the value in parentheses, a tuple (its unlabelled elements named by
    /// position) or `()`, Swift's empty tuple (`tap.send(())`); then moves past the `)`.
    @inline(never)
    mutating func parenthesized() throws -> Expression {
        let open = current
        guard treeCache.tree(text: text, tokens: tokens) != nil else { return try parenthesizedWithoutTree() }
        guard let (tree, tuple) = try swiftNode(at: open, { token -> TupleExprSyntax? in
            guard let tuple = token.parent?.as(TupleExprSyntax.self), tuple.leftParen.id == token.id else { return nil }
            return tuple
        }) else {
            throw SyntaxError("Swift reads no value in parentheses at this `(`; " + Parser.tupleUsage, at: open)
        }
        if Parser.hasOwnError(Syntax(tuple)) { throw ownError(in: Syntax(tuple), of: tree, hint: Parser.tupleUsage) }
        let elements = Array(tuple.elements)
        var value = Expression.literal(.void)
        if elements.count == 1, let only = elements.first, only.label == nil, only.trailingComma == nil {
            value = try read(only.expression, in: tree, as: "the value in parentheses") {
                try $0.rangeAfter(try $0.expression())
            }
        } else if !elements.isEmpty {
            var fields: [(String, Expression)] = []
            for (index, element) in elements.enumerated() {
                let label = element.label.map { $0.text.trimmingCharacters(in: ["`"]) } ?? String(index)
                fields.append((label, try read(element.expression, in: tree, as: "an element of the tuple") {
                    try $0.rangeAfter(try $0.expression())
                }))
            }
            value = .tuple(fields)
        }
        moveToToken(atOrAfter: tree.offset(of: tuple.rightParen.endPositionBeforeTrailingTrivia))
        return value
    }

    /// Parentheses in text Swift's parser is not given (longer than 64 KB, `[` nested more than 12 deep):
    /// the value they hold, or a tuple of the values, by position.
    private mutating func parenthesizedWithoutTree() throws -> Expression {
        advance()
        let values = try list(until: ")", what: "the tuple") { try $0.rangeAfter(try $0.expression()) }
        if values.isEmpty { return .literal(.void) }
        return values.count == 1 ? values[0] : .tuple(values.enumerated().map { (String($0.offset), $0.element) })
    }
}
