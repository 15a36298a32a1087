import SwiftSyntax

/// The head of a `for` loop, as Swift's parser reads it: the pattern that names each element, the
/// sequence, the `where` clause and the body's braces are where Swift's tree puts them, and a wrong
/// head is swiftc's message. The sequence and the condition are read there by the parser's readings.
extension Parser {
    /// The `for` loop whose keyword is `keyword`, as Swift's parser reads it; fails where its head is
    /// wrong, in swiftc's words followed by `usage`.
    func swiftForLoop(at keyword: Token, usage: String) throws -> (tree: SwiftTree, loop: ForStmtSyntax) {
        let found = try swiftNode(at: keyword) { token in
            token.parent?.as(ForStmtSyntax.self).flatMap { $0.forKeyword == token ? $0 : nil }
        }
        guard let (tree, loop) = found else { throw SyntaxError(usage, at: keyword) }
        let head: [Syntax] = [Syntax(loop.pattern), Syntax(loop.inKeyword), Syntax(loop.sequence)]
            + (loop.whereClause.map { [Syntax($0)] } ?? [])
        for part in head {
            if let error = tree.firstError(in: part, hint: usage) { throw error }
        }
        guard loop.body.leftBrace.presence == .present else {
            if let clause = loop.whereClause, clause.condition.is(ClosureExprSyntax.self) {
                // `where { BODY }`: Swift reads the body as the condition.
                throw SyntaxError(
                    "expected a condition after `where`, such as `for i in 1...10 where i % 2 == 0 { }`",
                    at: tree.token(covering: clause.whereKeyword, kind: .identifier("where")))
            }
            throw SyntaxError("the loop's body goes in braces: \(usage)", at: tree.token(covering: loop.sequence))
        }
        return (tree, loop)
    }

    /// The names `loop`'s pattern gives each element: one name, `_`, or a tuple of names (`(i, x)`)
    /// that takes the element apart.
    func loopNames(of loop: ForStmtSyntax, in tree: SwiftTree) throws -> [String] {
        if let keyword = loop.caseKeyword {
            throw SyntaxError(
                "the playground does not read `for case`: loop over every element, and test it with `where` or "
                    + "`if case` in the body", at: tree.token(covering: keyword, kind: .identifier("case")))
        }
        let names: [String]? =
            if let tuple = loop.pattern.as(TuplePatternSyntax.self) {
                tuple.elements.map { Parser.loopName($0.pattern) }.allSatisfy { $0 != nil }
                    ? tuple.elements.compactMap { Parser.loopName($0.pattern) } : nil
            } else {
                Parser.loopName(loop.pattern).map { [$0] }
            }
        guard let names, !names.isEmpty else {
            throw SyntaxError(
                "a loop's pattern is a name, `_`, or names in parentheses, such as `for (i, x) in xs.enumerated()`",
                at: tree.token(covering: loop.pattern))
        }
        return names
    }

    /// A name of a loop's pattern, or `_`; nil for a pattern of another kind.
    private static func loopName(_ pattern: PatternSyntax) -> String? {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) {
            return identifier.identifier.text.trimmingCharacters(in: ["`"])
        }
        return pattern.is(WildcardPatternSyntax.self) ? "_" : nil
    }

    /// `loop`'s sequence, read where Swift puts it; as in an `if` condition, a `{` after it opens the
    /// body, not a trailing closure.
    mutating func loopSequence(of loop: ForStmtSyntax, in tree: SwiftTree) throws -> Expression {
        try read(loop.sequence, in: tree, as: "the sequence") { try $0.condition() }
    }

    /// `loop`'s `where` condition, if it has one, read where Swift puts it (with the loop's names in
    /// scope); then moves to the body's `{`.
    mutating func loopFilter(of loop: ForStmtSyntax, in tree: SwiftTree) throws -> Expression? {
        let filter = try loop.whereClause.map { clause in
            try read(clause.condition, in: tree, as: "a condition") { try $0.condition() }
        }
        moveToToken(atOrAfter: tree.offset(of: loop.body.leftBrace.positionAfterSkippingLeadingTrivia))
        return filter
    }
}
