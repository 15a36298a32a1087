import SwiftSyntax

/// The names a top-level `let` or `var` declares: one, the elements of a tuple (nil for `_`), or a group
/// of names each with its type ("" for none) and its value (`let a = 1, b = "x"`).
enum DeclaredNames {
    case one(Token)
    case tuple([Token?])
    case group([(name: Token, declaredType: String, value: PipelineSyntax)])
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
        let found = try treeCache.tree(text: text, tokens: tokens) == nil
            ? headDeclaration(at: keyword) : variableDeclaration(at: keyword)
        guard let (tree, declaration) = found else { throw SyntaxError(usage, at: current) }
        if let error = DeclarationShape.firstError(in: declaration, tree: tree, hint: usage) { throw error }
        let bindings = declaration.bindings
        guard let binding = bindings.first, bindings.count == 1 else {
            let group = try declarationGroup(Array(bindings), keyword: keyword, tree: tree)
            moveToToken(atOrAfter: tree.offset(of: declaration.endPositionBeforeTrailingTrivia))
            return (.group(group), "", false)
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
        let declaredType = binding.typeAnnotation?.type.trimmedDescription
        if let value = binding.initializer?.value {
            moveToToken(atOrAfter: tree.offset(of: value.positionAfterSkippingLeadingTrivia))
        } else {
            moveToToken(atOrAfter: tree.offset(of: declaration.endPositionBeforeTrailingTrivia))
        }
        return (names, declaredType ?? "", binding.initializer != nil)
    }

    /// For a statement Swift's parser is not given (a data array longer than 64 KB, brackets nested deeper
    /// than it follows): the declaration Swift reads in the head alone, `let NAME: TYPE =` with a placeholder
    /// value, so that its names and type are still Swift's; the value is the command's to read.
    private func headDeclaration(at keyword: Token) throws -> (tree: SwiftTree, declaration: VariableDeclSyntax)? {
        let all = characters
        // The placeholder takes the place of the blank after `=`, so that the value starts after it.
        guard let equals = tokens.firstIndex(where: { $0.offset > keyword.offset && $0.isSymbol("=") }),
            tokens[equals].end < all.count, all[tokens[equals].end].isWhitespace
        else {
            _ = try swiftTree()  // fails, with its message
            return nil
        }
        let head = String(all[..<tokens[equals].end]) + " 0"
        let covered = tokens[..<(equals + 1)].lazy.filter { $0.offset >= keyword.offset }.map { $0.offset..<$0.end }
        guard let tree = SwiftTree(text: head, covering: Array(covered) + [head.count - 1..<head.count], objectAt: nil),
            let token = tree.token(at: keyword.offset), token.text == keyword.identifier,
            let declaration = token.parent?.as(VariableDeclSyntax.self), declaration.bindings.count == 1
        else {
            _ = try swiftTree()
            return nil
        }
        return (tree, declaration)
    }

    /// The names of `let a = 1, b: Double = 2` (or `var`), each with its type and its value, read where
    /// Swift puts it; a name with neither takes the next name's type, as in `var x, y: Int?`.
    private mutating func declarationGroup(_ bindings: [PatternBindingSyntax], keyword: Token, tree: SwiftTree)
        throws -> [(name: Token, declaredType: String, value: PipelineSyntax)]
    {
        let word = keyword.display
        var group: [(name: Token, declaredType: String, value: PipelineSyntax)] = []
        for (index, binding) in bindings.enumerated() {
            guard binding.pattern.is(IdentifierPatternSyntax.self), binding.accessorBlock == nil else {
                throw SyntaxError(
                    "names declared together are written `\(word) a = 1, b = 2`: a name, its type, its value",
                    at: tree.token(covering: binding.pattern))
            }
            moveToToken(atOrAfter: tree.offset(of: binding.pattern.positionAfterSkippingLeadingTrivia))
            let name = try newName(after: "let")
            let type = Parser.declaredType(of: index, in: bindings).map(\.trimmedDescription) ?? ""
            let start = tree.offset(
                of: (binding.initializer?.value).map(Syntax.init)?.positionAfterSkippingLeadingTrivia
                    ?? binding.pattern.positionAfterSkippingLeadingTrivia)
            let expression: Expression
            if let value = binding.initializer?.value {
                expression = try read(value, in: tree, as: "the value of `\(name.display)`") { parser in
                    try parser.valueExpression()
                }
            } else if word == "var", type.hasSuffix("?") {
                // `var a, b: Int?`: an optional variable starts as nil, as Swift's does.
                expression = .literal(.null)
            } else {
                throw SyntaxError(
                    type.isEmpty ? "type annotation missing in pattern: write `\(word) \(name.display) = VALUE`"
                        : "`\(word) \(name.display): \(type)` needs a value here, as a top-level Swift variable does",
                    at: name)
            }
            let text = (binding.initializer?.value).map { Parser.singleLine(Substring($0.trimmedDescription)) } ?? "nil"
            let written = PipelineSyntax(
                source: .expression(expression), operators: [], text: text, startOffset: start)
            group.append((name, type, written))
        }
        return group
    }
}
