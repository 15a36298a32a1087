import SwiftSyntax

/// Braces that hold the playground's own record (`{name: "ace", rank: 1}`, or `{}`) rather than a closure, told
/// apart by Swift's tree: Swift reads a record's braces as a closure with an error in it (or, inside another record,
/// skips them in that one's error), which starts with a name that a `:` Swift could not place follows; `{}` is the
/// empty record.
extension Parser {
    /// At `{`: whether the braces hold a record, as Swift's tree reads them; `{}` does when `emptyIsRecord` (a
    /// closure that does nothing otherwise). Where Swift's parser is not given the text (over 64 KB, thousands of
    /// brackets), they are read as the closure Swift would read.
    func looksLikeRecord(emptyIsRecord: Bool = true) -> Bool {
        guard current.isSymbol("{"), let brace = swiftBrace(at: current) else { return false }
        if let closure = brace.parent?.as(ClosureExprSyntax.self) {
            guard closure.signature == nil else { return false }
            if closure.statements.isEmpty, !closure.hasError { return emptyIsRecord }
            guard closure.hasError else { return false }
        } else if brace.nextToken(viewMode: .sourceAccurate)?.tokenKind == .rightBrace {
            // `{}` inside a record's field, which Swift skipped as part of the record's error.
            return emptyIsRecord
        }
        return Parser.startsWithField(brace)
    }

    /// Whether the braces that `brace` opens, which Swift reads as an error (a closure with one, or tokens it
    /// skipped), hold a record's fields: their first tokens are a word and a `:` (a label or a name to Swift,
    /// which no closure's body starts with).
    private static func startsWithField(_ brace: TokenSyntax) -> Bool {
        guard let word = brace.nextToken(viewMode: .sourceAccurate) else { return false }
        switch word.tokenKind {
        case .identifier, .keyword: return word.nextToken(viewMode: .sourceAccurate)?.tokenKind == .colon
        default: return false
        }
    }

    /// Swift's `{` at the brace `brace`, where Swift reads it as a closure's or skips it in an error (a record
    /// inside a record): in the statement's tree, in a command's Swift part's, or in the text from the brace on.
    private func swiftBrace(at brace: Token) -> TokenSyntax? {
        for start in [0, swiftPartStart, brace.offset].compactMap({ $0 }) {
            guard let tree = treeCache.tree(text: text, tokens: tokens, from: start),
                let token = tree.token(at: brace.offset), token.tokenKind == .leftBrace,
                token.parent?.is(ClosureExprSyntax.self) == true || token.parent?.is(UnexpectedNodesSyntax.self) == true
            else { continue }
            return token
        }
        return nil
    }
}
