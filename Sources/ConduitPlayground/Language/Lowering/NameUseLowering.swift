import SwiftSyntax

/// How Swift's parser reads a name in an expression whose reading depends on what follows it (`Double.pi`, a
/// constant; `super.init(...)`, the superclass's initialiser; `Timer.publish(...)`, a source; `cold(...)`,
/// `promise(...)`, calls): the node the name is part of, from the statement's tree. Asked only for the few words
/// whose reading it changes, so that a line of plain names parses no tree for it.
extension Parser {
    /// The expression Swift reads the name at the current token as (`DeclReferenceExprSyntax`, `SuperExprSyntax`),
    /// in the statement's tree, the command's Swift part's, or the text from the name on read alone (where Swift
    /// reads the statement otherwise, as in a playground command); nil where none reads one there.
    func swiftNameUse() -> (tree: SwiftTree, name: ExprSyntax)? {
        let token = current
        guard let written = token.identifier else { return nil }
        for start in [0, swiftPartStart, token.offset].compactMap({ $0 }) {
            guard let tree = treeCache.tree(text: text, tokens: tokens, from: start),
                let swiftToken = tree.token(at: token.offset), swiftToken.text == written,
                let name = swiftToken.parent?.as(ExprSyntax.self)
            else { continue }
            return (tree, name)
        }
        return nil
    }

    /// The member Swift reads accessed on the name at the current token (`Double.pi`, `Timer.publish`,
    /// `super.init`); nil where Swift reads none there.
    func swiftMemberOfName() -> (tree: SwiftTree, use: SwiftMemberUse)? {
        guard let (tree, name) = swiftNameUse(), let use = SwiftMemberUse(base: name) else { return nil }
        return (tree, use)
    }

    /// Whether Swift reads the name at the current token as called with parentheses (`promise(.success(1))`,
    /// `cold("-a-|")`).
    func swiftReadsNameCalled() -> Bool {
        swiftNameUse()?.name.callOfCallee?.leftParen != nil
    }
}
