import SwiftSyntax

/// The generic arguments written after a type's name in an expression (`Optional<Int>.none`,
/// `Result<Int, Error>.success(1)`) as Swift's parser reads them: where the `<` and its `>` are is the
/// tree's `GenericSpecializationExprSyntax`, so nested ones (`Optional<Array<Int>>`, whose `>>` is one
/// token to the lexer) close where Swift closes them.
extension Parser {
    /// At the name `name` of a generic type: the text between its `<` and `>`, as written; then moves
    /// past the `>`. Fails with swiftc's message where the angle brackets hold no type Swift reads.
    mutating func writtenGenericArguments(of name: Token) throws -> String {
        try genericSpecialisation(of: name).arguments
    }

    /// At the name `name` of a generic type: Swift's reading of the name with its generic arguments
    /// (`Optional<Int>` in `Optional<Int>.none`), with its tree and the text between the `<` and `>`; then
    /// moves past the `>`. What follows the `>` (`.none`, `.some(1)`, `(1)`) is the node's parent.
    mutating func genericSpecialisation(
        of name: Token
    ) throws -> (tree: SwiftTree, type: GenericSpecializationExprSyntax, arguments: String) {
        let usage = "write the type between `<` and `>`, as in `\(name.display)<Int>`"
        guard let (tree, type) = try swiftNode(at: name, { token -> GenericSpecializationExprSyntax? in
            let reference = token.parent?.as(DeclReferenceExprSyntax.self)
            return reference?.parent?.as(GenericSpecializationExprSyntax.self)
        }) else {
            throw SyntaxError("expected `>` to close `\(name.display)<`: Swift reads no type there; " + usage, at: name)
        }
        let clause = type.genericArgumentClause
        if Parser.hasOwnError(Syntax(clause)) {
            throw tree.firstError(in: clause, hint: usage) ?? SyntaxError(usage, at: name)
        }
        let start = tree.offset(of: clause.leftAngle.endPositionBeforeTrailingTrivia)
        let end = tree.offset(of: clause.rightAngle.positionAfterSkippingLeadingTrivia)
        moveToToken(atOrAfter: tree.offset(of: clause.rightAngle.endPositionBeforeTrailingTrivia))
        return (tree, type, String(source_text(start, end)).trimmingWhitespace())
    }
}
