import SwiftSyntax

/// The head of a type's declaration (`class Dog: Animal, Identifiable`, `struct Point: Equatable`,
/// `extension ViewController: PickerDelegate`), lowered from Swift's tree of it.
extension Parser {
    /// The types the declaration named `name` lists after `:`, as Swift's parser reads them; reading
    /// goes on at its body's `{` (or its `where`). A generic type is refused.
    mutating func inheritedTypes(of name: Token) throws -> [Token] {
        let tree = try swiftTree()
        guard let group = tree.declarationGroup(holdingTokenAt: name.offset) else { return [] }
        if let generics = group.as(ClassDeclSyntax.self)?.genericParameterClause
            ?? group.as(StructDeclSyntax.self)?.genericParameterClause
        {
            throw SyntaxError(
                "a generic type is not run here: the playground's values carry their own types, so write "
                    + "`\(name.display)` without `\(generics.trimmedDescription)`",
                at: tree.token(covering: generics))
        }
        let inherited = group.inheritanceClause?.inheritedTypes.map { entry in
            tree.token(covering: entry.type, kind: .identifier(entry.type.trimmedDescription))
        } ?? []
        let bodyStart = group.genericWhereClause.map(Syntax.init) ?? Syntax(group.memberBlock)
        let end = tree.offset(of: bodyStart.positionAfterSkippingLeadingTrivia)
        while current.kind != .end, current.offset < end { advance() }
        return inherited
    }
}

extension SwiftTree {
    /// The declaration with a body of members (class, struct, enum, protocol, extension, actor) that
    /// holds the token starting at character `offset`, innermost first.
    func declarationGroup(holdingTokenAt offset: Int) -> (any DeclGroupSyntax)? {
        innermost(holdingTokenAt: offset) { $0.asProtocol(DeclGroupSyntax.self) }
    }
}

extension Parser {
    /// The type an `extension` whose name is the current token extends, as written (`Notification.Name`),
    /// covering its text; the current token alone when Swift's tree does not read it as an extension.
    func extendedType() throws -> Token {
        let name = current
        guard let tree = try? swiftTree(),
            let group = tree.declarationGroup(holdingTokenAt: name.offset)?.as(ExtensionDeclSyntax.self)
        else { return name }
        let written = group.extendedType.trimmedDescription
        return tree.token(covering: group.extendedType, kind: .identifier(written))
    }
}
