import SwiftSyntax

/// Errors in the punctuation of a node the playground lowers (a bracket or a comma missing, a value left
/// out between commas), told apart from errors inside the expressions it holds, which the parser's own
/// readings read and word (a record `{name: "a"}` is the playground's, an error to Swift).
extension Parser {
    /// Whether Swift's parser found an error in `node`'s own punctuation, not inside the expressions
    /// it holds.
    static func hasOwnError(_ node: Syntax) -> Bool {
        firstOwnError(in: node) != nil
    }

    /// The first missing token, missing expression or unexpected text among `node`'s own parts.
    private static func firstOwnError(in node: Syntax) -> Syntax? {
        guard node.hasError else { return nil }
        for child in node.children(viewMode: .all) {
            if let token = child.as(TokenSyntax.self) {
                if token.presence == .missing { return child }
            } else if child.is(UnexpectedNodesSyntax.self) || child.is(MissingExprSyntax.self) {
                return child
            } else if !child.is(ExprSyntax.self), let found = firstOwnError(in: child) {
                return found
            }
        }
        return nil
    }

    /// The error in `node`'s own punctuation: that it nests deeper than Swift's parser follows, or swiftc's
    /// message followed by `hint`; in a statement too long for Swift's diagnostics to be asked (they take
    /// time that grows faster than the text), the playground's, at the same place.
    func ownError(in node: Syntax, of tree: SwiftTree, hint: String) -> SyntaxError {
        if node.hasMaximumNestingLevelOverflow {
            // Swift's parser stopped following brackets inside `node`: the rest is unexpected text to it.
            return SyntaxError(
                "this expression nests too deeply: Swift's parser is given brackets at most "
                    + "\(StatementShape.maximumNesting) levels deep (split it into steps)", at: current)
        }
        if text.utf8.count <= SwiftDiagnosis.maximumLength, let error = tree.firstError(in: node, hint: hint) {
            return error
        }
        guard let found = Parser.firstOwnError(in: node) else { return SyntaxError(hint, at: current) }
        var parser = self
        parser.moveToToken(atOrAfter: tree.offset(of: found.positionAfterSkippingLeadingTrivia))
        let at = parser.current
        if let token = found.as(TokenSyntax.self) {
            return SyntaxError("expected `\(token.text)` before `\(at.display)`; " + hint, at: at)
        }
        if found.is(MissingExprSyntax.self) {
            return SyntaxError("expected a value, not `\(at.display)`; " + hint, at: at)
        }
        return SyntaxError("unexpected `\(at.display)`; " + hint, at: at)
    }
}
