import SwiftSyntax

extension Parser {
    /// Whether the extension whose `extension` word is `word` has a `mutating` method among its members, as
    /// Swift's tree has them (`ExtensionDeclSyntax.memberBlock`): such a method says the type is a struct.
    /// False where Swift's tree has no extension there.
    func extensionHasMutatingMethod(_ word: Token) throws -> Bool {
        guard let found = try swiftNode(at: word, { $0.parent?.as(ExtensionDeclSyntax.self) }) else { return false }
        return found.node.memberBlock.members.contains { member in
            member.decl.as(FunctionDeclSyntax.self)?.modifiers.contains { $0.name.tokenKind == .keyword(.mutating) }
                ?? false
        }
    }
}
