import SwiftSyntax

/// Where one statement of a body ends and the next begins, as Swift's parser reads the body: the
/// playground reads each statement with its own readings, and the next one must start where Swift's
/// does. Checked where Swift's tree of the body is free of errors (a body holding the playground's
/// own syntax, such as a command's, is read as before).
extension Parser {
    /// Fails when the statement just read ends before Swift's: the next token is inside the statement
    /// Swift's parser reads around the previous one.
    func checkStatementBoundary() throws {
        guard position > 0, let tree = treeCache.tree(text: text, tokens: tokens) else { return }
        let previous = tokens[position - 1]
        // The statement around the previous token; none where a member of a type's body is nearer
        // (`case a, b` of an enum inside a struct), which is a declaration's, not a body's.
        let enclosing = tree.innermost(holdingTokenAt: previous.offset) { node in
            node.is(CodeBlockItemSyntax.self) || node.is(MemberBlockItemSyntax.self) ? node : nil
        }
        guard let item = enclosing?.as(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self), !list.hasError
        else { return }
        let end = tree.offset(of: item.endPositionBeforeTrailingTrivia)
        guard current.offset < end else { return }
        throw SyntaxError(
            "expected a new statement here: Swift reads `\(item.item.trimmedDescription)` as one statement, and the "
                + "playground read it only up to `\(previous.display)`",
            at: current)
    }
}
