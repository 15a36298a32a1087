import SwiftSyntax

/// The generic arguments written after a type's name in an expression (`Optional<Int>.none`,
/// `Result<Int, Error>.success(1)`) as Swift's parser reads them: where the `<` and its `>` are is the
/// tree's `GenericSpecializationExprSyntax`, so nested ones (`Optional<Array<Int>>`, whose `>>` is one
/// token to the lexer) close where Swift closes them.
extension Parser {
    /// At the name `name` of a generic type: the text between its `<` and `>`, as written; then moves
    /// past the `>`. Fails with swiftc's message where the angle brackets hold no type Swift reads.
    mutating func writtenGenericArguments(of name: Token) throws -> String {
        let usage = "write the type between `<` and `>`, as in `\(name.display)<Int>`"
        guard let (tree, clause) = try swiftNode(at: name, { token -> GenericArgumentClauseSyntax? in
            let reference = token.parent?.as(DeclReferenceExprSyntax.self)
            return reference?.parent?.as(GenericSpecializationExprSyntax.self)?.genericArgumentClause
        }) else {
            throw SyntaxError("expected `>` to close `\(name.display)<`: Swift reads no type there; " + usage, at: name)
        }
        if Parser.hasOwnError(Syntax(clause)) {
            throw tree.firstError(in: clause, hint: usage) ?? SyntaxError(usage, at: name)
        }
        let start = tree.offset(of: clause.leftAngle.endPositionBeforeTrailingTrivia)
        let end = tree.offset(of: clause.rightAngle.positionAfterSkippingLeadingTrivia)
        moveToToken(atOrAfter: tree.offset(of: clause.rightAngle.endPositionBeforeTrailingTrivia))
        return String(source_text(start, end)).trimmingWhitespace()
    }
}
