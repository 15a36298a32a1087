import SwiftSyntax

/// The arguments a closure's body names by position (`$0`, `$1`), as Swift's tree has the body: the `let` steps
/// of the body keep their values after the highest one.
extension Parser {
    /// The highest `$N` written in the body of the closure whose `{` is `open` (not in closures inside it,
    /// which have arguments of their own); -1 if none, or where Swift's tree has no closure there.
    func highestDollar(inClosureOpenedBy open: Token) -> Int {
        for start in [swiftPartStart, 0].compactMap({ $0 }) {
            guard let tree = treeCache.tree(text: text, tokens: tokens, from: start),
                let brace = tree.token(at: open.offset), brace.tokenKind == .leftBrace,
                let closure = brace.parent?.as(ClosureExprSyntax.self)
            else { continue }
            let finder = PositionalArguments(viewMode: .sourceAccurate)
            finder.walk(closure.statements)
            return finder.highest
        }
        return -1
    }
}

/// Finds the highest `$N` in a closure's statements, outside the closures inside them.
private final class PositionalArguments: SyntaxVisitor {
    private(set) var highest = -1

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if case .dollarIdentifier(let text) = token.tokenKind, let index = Int(text.dropFirst()) {
            highest = max(highest, index)
        }
        return .visitChildren
    }
}
