import SwiftSyntax

/// The name the playground's `func NAME(PARAMETER) = VALUE` declares, which may be dotted (`func
/// service.search(term)`, called as written): Swift's tree of the text from the name on reads it as a name or a
/// chain of member accesses, whose names make it.
extension Parser {
    /// The function's name at the current token (a word), dotted where Swift reads a chain of member accesses
    /// from it (`service.search`), moved past. Where Swift's parser is not given the text, the word alone.
    mutating func declaredFunctionName() -> String {
        let first = current
        let word = first.identifier ?? ""
        guard let tree = treeCache.tree(text: text, tokens: tokens, from: first.offset),
            let reference = tree.token(at: first.offset)?.parent?.as(DeclReferenceExprSyntax.self)
        else {
            advance()
            return word
        }
        var chain = ExprSyntax(reference)
        var names = [reference.baseName.text]
        while let access = chain.parent?.as(MemberAccessExprSyntax.self), access.base?.id == chain.id,
            access.declName.argumentNames == nil, access.declName.baseName.presence == .present
        {
            names.append(access.declName.baseName.text)
            chain = ExprSyntax(access)
        }
        skip(past: chain, in: tree)
        return names.joined(separator: ".")
    }
}
