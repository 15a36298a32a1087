import SwiftSyntax

/// What the lowerings of `let` and `var` share: finding the declaration Swift's parser reads at a keyword, the
/// type a binding of a group takes, and the first error in a declaration's own shape.
extension Parser {
    /// The declaration whose `let` or `var` is `keyword`, with the tree Swift's parser read it in: the
    /// statement's, or where Swift reads the statement otherwise (a closure in a playground command such as
    /// `sink out = s.map { x in let y = x * 2; return y }`), the text from the keyword on. Its operators are
    /// not grouped: the readings of its values group them where they have some.
    func variableDeclaration(at keyword: Token) throws -> (tree: SwiftTree, declaration: VariableDeclSyntax)? {
        _ = try swiftTree()  // fails, with its message, for a statement Swift's parser is not given
        for start in [0, keyword.offset] {
            guard let tree = treeCache.tree(text: text, tokens: tokens, from: start),
                let token = tree.token(at: keyword.offset), token.text == keyword.identifier,
                let declaration = token.parent?.as(VariableDeclSyntax.self), declaration.bindingSpecifier == token
            else { continue }
            return (tree, declaration)
        }
        return nil
    }

    /// The type of the binding at `index`: its own, or for a name with neither type nor value nor
    /// accessors, the type of the next binding that has one and no value, as Swift reads `var x, y: Int`
    /// (in `let a, b: Int = 1` the type is `b`'s alone, with its value).
    static func declaredType(of index: Int, in bindings: [PatternBindingSyntax]) -> TypeSyntax? {
        if let type = bindings[index].typeAnnotation?.type { return type }
        for binding in bindings[index...] {
            if binding.initializer != nil || binding.accessorBlock != nil { return nil }
            if let type = binding.typeAnnotation?.type { return type }
        }
        return nil
    }
}

/// The first place in a declaration's shape where Swift's parser found an error: a token it expected
/// and did not find, or text it did not expect. The values and bodies inside (`excluded`) are left to
/// the readings that read them, which know the playground's own forms (`300ms`).
final class DeclarationShape: SyntaxAnyVisitor {
    private let excluded: Set<SyntaxIdentifier>
    private(set) var found: Syntax?

    private init(excluded: Set<SyntaxIdentifier>) {
        self.excluded = excluded
        super.init(viewMode: .all)
    }

    /// swiftc's message on the first error in `declaration`'s shape, followed by `hint`; nil if its shape
    /// has none. The first values of its bindings and the bodies of their accessors are not its shape.
    static func firstError(in declaration: VariableDeclSyntax, tree: SwiftTree, hint: String) -> SyntaxError? {
        guard declaration.hasError else { return nil }
        var excluded = Set<SyntaxIdentifier>()
        for binding in declaration.bindings {
            if let value = binding.initializer?.value { excluded.insert(value.id) }
            switch binding.accessorBlock?.accessors {
            case .getter(let items)?:
                excluded.insert(items.id)
            case .accessors(let accessors)?:
                for accessor in accessors { if let body = accessor.body { excluded.insert(body.statements.id) } }
            case nil:
                break
            }
        }
        let shape = DeclarationShape(excluded: excluded)
        shape.walk(declaration)
        guard let found = shape.found else { return nil }
        let inAccessors = declaration.bindings.contains { binding in
            binding.accessorBlock.map { ($0.position..<$0.endPosition).contains(found.position) } ?? false
        }
        return tree.firstError(in: found, hint: inAccessors ? accessorUsage : hint)
    }

    /// What a property's accessors look like, after swiftc's message on wrong ones.
    static let accessorUsage =
        "a property's observers are written `willSet { ... }` and `didSet { ... }` (`willSet(next) { ... }` names "
        + "the new value), one after the other; a computed property's `get { ... }` and `set { ... }`"

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        guard found == nil, node.hasError, !excluded.contains(node.id) else { return .skipChildren }
        if node.is(UnexpectedNodesSyntax.self) || node.as(TokenSyntax.self)?.presence == .missing {
            found = node
            return .skipChildren
        }
        return .visitChildren
    }
}
