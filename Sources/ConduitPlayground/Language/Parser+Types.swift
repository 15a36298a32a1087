import SwiftSyntax

/// Types read as Swift writes them, and skipped: the playground's values carry their
/// own types (`types` shows the written ones).
extension Parser {
    /// Skips a Swift type (`String`, `[Song]?`, `[UUID: Person]`, `Future<[Song], Error>`, `@Sendable () -> Void`)
    /// as Swift's parser reads it, with its attributes, and returns it as written.
    @discardableResult
    mutating func skipType() throws -> String {
        if let written = typeFromSwiftTree() ?? typeExpressionFromSwiftTree() { return written }
        _ = try swiftTree()  // fails, with its message, for a statement Swift's parser is not given
        throw SyntaxError("expected a type here, such as `String`, `[Int]` or `PassthroughSubject<Int, Never>`",
            at: current)
    }

    /// The type Swift's parser reads as an expression at the current token, where a call makes a value of
    /// it (`PassthroughSubject<Int, Never>()`, `[Int]()`, `Publishers.Sequence<[Int], Never>(...)`), or the
    /// generic arguments at a `<` (`<Int, Never>`), as written, moved past; nil where neither starts there.
    private mutating func typeExpressionFromSwiftTree() -> String? {
        guard let tree = treeCache.tree(text: text, tokens: tokens) else { return nil }
        if let clause = tree.node(GenericArgumentClauseSyntax.self, holdingTokenAt: current.offset),
            tree.offset(of: clause.leftAngle.positionAfterSkippingLeadingTrivia) == current.offset, !clause.hasError
        {
            // `<Int, Never>` of `PassthroughSubject<Int, Never>()`, `Empty<Int, Never>()`: the arguments alone.
            let start = current.offset
            skip(past: clause, in: tree)
            return String(source_text(start, tokens[max(position - 1, 0)].end))
        }
        guard var node = tree.node(ExprSyntax.self, holdingTokenAt: current.offset),
            tree.offset(of: node.positionAfterSkippingLeadingTrivia) == current.offset
        else { return nil }
        while let parent = node.parent?.as(ExprSyntax.self), Parser.isTypeLike(parent),
            tree.offset(of: parent.positionAfterSkippingLeadingTrivia) == current.offset
        {
            node = parent
        }
        guard Parser.isTypeLike(node), !node.hasError else { return nil }
        let start = current.offset
        skip(past: node, in: tree)
        let last = tokens[max(position - 1, 0)]
        return String(source_text(start, last.offset + last.length))
    }

    /// Whether Swift's expression `node` names a type as an expression may (`Int`, `Array<Int>`,
    /// `Publishers.Sequence<[Int], Never>`, `[Int]`, `[String: Int]`).
    private static func isTypeLike(_ node: ExprSyntax) -> Bool {
        if let reference = node.as(DeclReferenceExprSyntax.self) { return reference.argumentNames == nil }
        if let member = node.as(MemberAccessExprSyntax.self) {
            return member.base.map(isTypeLike) ?? false && member.declName.argumentNames == nil
        }
        if let generic = node.as(GenericSpecializationExprSyntax.self) { return isTypeLike(generic.expression) }
        if let array = node.as(ArrayExprSyntax.self) {
            return array.elements.count == 1 && array.elements.allSatisfy { isTypeLike($0.expression) }
        }
        if let dictionary = node.as(DictionaryExprSyntax.self),
            case .elements(let elements) = dictionary.content, elements.count == 1
        {
            return elements.allSatisfy { isTypeLike($0.key) && isTypeLike($0.value) }
        }
        if let optional = node.as(OptionalChainingExprSyntax.self) { return isTypeLike(optional.expression) }
        return node.is(TypeExprSyntax.self)
    }

    /// Skips a source's generic arguments (`Empty<Int, Never>`, `Just<Int>`) if they follow, and
    /// returns them as written (`<Int, Never>`), or nil.
    @discardableResult
    mutating func skipGenericArguments() throws -> String? {
        guard current.isSymbol("<") else { return nil }
        return try skipType()
    }
}
