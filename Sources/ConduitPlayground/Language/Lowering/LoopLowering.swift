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
    /// that takes the element apart; for `for case PATTERN in`, the names the pattern binds, and the
    /// match that skips the elements it does not fit (the element is the argument at `slot`).
    mutating func loopNames(
        of loop: ForStmtSyntax, in tree: SwiftTree, slot: Int
    ) throws -> (names: [String], match: LoopMatch?) {
        if loop.caseKeyword != nil {
            let matched = try lowered(loop.pattern, in: tree).matching(.argument(slot))
            let match = LoopMatch(test: matched.test, bindings: matched.bindings.map(\.value))
            return (matched.bindings.map(\.name), match)
        }
        return (try loopNames(of: loop, in: tree), nil)
    }

    /// The names of a loop's pattern without `case`: one name, `_`, or a tuple of names.
    private func loopNames(of loop: ForStmtSyntax, in tree: SwiftTree) throws -> [String] {
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

/// `for case PATTERN in SEQUENCE`: the test an element passes for the body to run, and the values the
/// pattern's names take from it, both read from the element as the argument at the loop's slot.
struct LoopMatch {
    let test: Expression
    let bindings: [Expression]

    /// The expressions it is made of.
    var parts: [Expression] { [test] + bindings }

    /// The match with each of its parts changed by `transform` (the session binds names this way).
    func map(_ transform: (Expression) throws -> Expression) rethrows -> LoopMatch {
        LoopMatch(test: try transform(test), bindings: try bindings.map(transform))
    }

    /// The values of the pattern's names for an element, read with `arguments` (the element last);
    /// nil when the element does not match, so the loop skips it.
    func values(_ arguments: [Value]) throws -> [Value]? {
        let test = try test.evaluate(arguments)
        guard case .bool(let matches) = test else { throw Expression.notACondition(test) }
        return matches ? try bindings.map { try $0.evaluate(arguments) } : nil
    }
}
