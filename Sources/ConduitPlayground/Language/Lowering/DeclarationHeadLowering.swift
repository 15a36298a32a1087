import SwiftSyntax

/// The names a top-level `let` or `var` declares: one, or the elements of a tuple (nil for `_`).
enum DeclaredNames {
    case one(Token)
    case tuple([Token?])
}

/// The head of a top-level `let` or `var` (the command that names a pipeline or a value), lowered from
/// the declaration Swift's parser reads (`VariableDeclSyntax`): its pattern, its type and where its value
/// starts are where Swift's tree puts them. The value is read by the command's own readings, which take
/// the playground's pipelines (`let ticks = interval 300ms`) to the end of the statement.
extension Parser {
    /// Reads the head of the declaration whose keyword is `keyword` (the parser is just after it): its
    /// names and its type as written ("" for none). Leaves the parser at the value, after `=`, or at the
    /// end of the declaration when it has none (`hasValue` false).
    mutating func declarationHead(of keyword: Token) throws
        -> (names: DeclaredNames, declaredType: String, hasValue: Bool)
    {
        let word = keyword.display
        let usage = "write `\(word) NAME = PIPELINE` or `= VALUE`, for example `let doubled = numbers.map { $0 * 2 }` "
            + "or `var count = 0`"
        let found = try swiftNode(at: keyword) { token in
            token.parent?.as(VariableDeclSyntax.self).flatMap { $0.bindingSpecifier == token ? $0 : nil }
        }
        guard let (tree, declaration) = found else { throw SyntaxError(usage, at: current) }
        if let error = DeclarationShape.firstError(in: declaration, tree: tree, hint: usage) { throw error }
        let bindings = declaration.bindings
        guard let binding = bindings.first, bindings.count == 1 else {
            let second = bindings.dropFirst().first.map { tree.token(covering: $0.pattern) } ?? current
            throw SyntaxError(
                "the playground's `\(word)` declares one name a statement: write `\(word) \(second.display) = ...` "
                    + "as a statement of its own", at: second)
        }
        if let block = binding.accessorBlock {
            throw SyntaxError(
                "a top-level `\(word)` has no accessors here: give it a value (`\(word) NAME = VALUE`), or declare "
                    + "a computed property in a class or a struct",
                at: tree.token(covering: block.leftBrace, kind: .symbol("{")))
        }
        let names: DeclaredNames
        if let tuple = binding.pattern.as(TuplePatternSyntax.self) {
            let tupleUsage =
                "write `\(word) (first, second) = (1, 2)`: names (or `_`) between parentheses, then a tuple"
            guard tuple.elements.count >= 2 else { throw SyntaxError(tupleUsage, at: tree.token(covering: tuple)) }
            names = .tuple(
                try tuple.elements.map { element in
                    if element.pattern.is(WildcardPatternSyntax.self) { return nil }
                    guard element.pattern.is(IdentifierPatternSyntax.self) else {
                        throw SyntaxError(tupleUsage, at: tree.token(covering: element.pattern))
                    }
                    moveToToken(atOrAfter: tree.offset(of: element.pattern.positionAfterSkippingLeadingTrivia))
                    return try newName(after: word)
                })
        } else if binding.pattern.is(IdentifierPatternSyntax.self) {
            moveToToken(atOrAfter: tree.offset(of: binding.pattern.positionAfterSkippingLeadingTrivia))
            names = .one(try newName(after: "let"))
        } else {
            throw SyntaxError(usage, at: tree.token(covering: binding.pattern))
        }
        let declaredType = binding.typeAnnotation.map { annotation in
            String(
                source_text(
                    tree.offset(of: annotation.type.positionAfterSkippingLeadingTrivia),
                    tree.offset(of: annotation.type.endPositionBeforeTrailingTrivia)))
        }
        if let value = binding.initializer?.value {
            moveToToken(atOrAfter: tree.offset(of: value.positionAfterSkippingLeadingTrivia))
        } else {
            moveToToken(atOrAfter: tree.offset(of: declaration.endPositionBeforeTrailingTrivia))
        }
        return (names, declaredType ?? "", binding.initializer != nil)
    }
}
