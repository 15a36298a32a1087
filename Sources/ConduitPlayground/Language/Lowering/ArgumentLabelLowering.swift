import SwiftSyntax

/// The label of a call's argument (`completion:` of `send(completion: .finished)`, `terminator:` of
/// `print(x, terminator: "")`), as Swift's tree reads it: the label of the argument's `LabeledExprSyntax`.
extension Parser {
    /// The label Swift's tree reads at the current token, followed by its `:`; nil where it reads none there. Where
    /// `parsing` is false, only a tree parsed already is asked (the replay's `s.send(x)` parses none).
    func swiftArgumentLabel(parsing: Bool) -> String? {
        for start in [swiftPartStart, 0].compactMap({ $0 }) {
            let tree =
                parsing ? treeCache.tree(text: text, tokens: tokens, from: start) : treeCache.parsedTree(from: start)
            guard let tree, let token = tree.token(at: current.offset) else { continue }
            // A word Swift could not place (in the playground's own syntax around it): another tree may read it.
            if token.parent?.is(UnexpectedNodesSyntax.self) == true { continue }
            guard let argument = token.parent?.as(LabeledExprSyntax.self), argument.label?.id == token.id,
                argument.colon?.presence == .present
            else { return nil }
            return token.text
        }
        return nil
    }

    /// Whether the current token is the label `label` of a call's argument, as Swift's tree reads it; a tree is
    /// parsed only where the current word is `label` (a plain `s.send(1)` parses none).
    func atLabel(_ label: String) -> Bool {
        current.identifier == label && swiftArgumentLabel(parsing: true) == label
    }
}
