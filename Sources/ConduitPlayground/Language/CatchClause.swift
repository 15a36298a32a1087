import SwiftSyntax

/// One `catch` of a `do` statement, as Swift writes them: `catch { ... }` and `catch let problem { ... }`
/// take every error, `catch let e as APIError { ... }` and `catch is APIError { ... }` an error of that
/// type, `catch APIError.unknown { ... }` (or `catch .unknown`, `catch APIError.invalid(let code)`) that
/// case; any may have a `where` condition. The first clause whose test holds for the thrown error runs,
/// with the error named in it (`error` unless `let` names it).
struct CatchClause {
    /// Whether the clause takes the thrown error, which is the local value at the clause's slot.
    let test: Expression
    /// The block, with the error as its local value at the clause's slot, and the values its pattern
    /// names after it.
    let handler: Expression
}

extension Parser {
    /// Reads the `catch` clauses after a `do` block, from the first `catch`, as Swift's parser reads them;
    /// none when no `catch` follows. Each clause has the error at `slot` (0 for a top-level `do`), and the
    /// values its pattern names after it.
    mutating func catchClauses(slot: Int = 0) throws -> [CatchClause] {
        var clauses: [CatchClause] = []
        while current.identifier == "catch" {
            clauses.append(try catchClause(slot: slot))
        }
        return clauses
    }

    private static let catchUsage =
        "a `catch` reads `catch { ... }`, `catch let e as APIError { ... }` or `catch APIError.unknown { ... }`"

    /// The `catch` clause at the current token.
    private mutating func catchClause(slot: Int) throws -> CatchClause {
        let catchWord = current
        guard let (tree, clause) = try swiftNode(at: catchWord, { $0.parent?.as(CatchClauseSyntax.self) }) else {
            throw SyntaxError(Parser.catchUsage, at: catchWord)
        }
        if let error = tree.firstError(in: clause.catchItems, hint: Parser.catchUsage) { throw error }
        advance()
        var name = "error"
        var test: Expression?
        var bindings: [(name: String, value: Expression)] = []
        for item in clause.catchItems {
            guard let pattern = item.pattern else { continue }
            if let type = pattern.as(ExpressionPatternSyntax.self)?.expression.as(DeclReferenceExprSyntax.self)?
                .baseName.text, type.first?.isUppercase == true
            {
                throw SyntaxError(
                    "`catch \(type)` names a type, not a pattern: write `catch is \(type) { ... }` or "
                        + "`catch let e as \(type) { ... }`", at: tree.token(covering: pattern))
            }
            let written = try lowered(pattern, in: tree)
            var itemTest: Expression = .literal(.bool(true))
            if case .any = written.kind, let bound = written.name, clause.catchItems.count == 1 {
                name = bound  // `catch let problem`: the error, named
            } else {
                let matched = written.matching(.argument(slot))
                guard clause.catchItems.count == 1 || matched.bindings.isEmpty else {
                    throw SyntaxError("a `catch` with several patterns cannot name a value", at: catchWord)
                }
                (itemTest, bindings) = (matched.test, matched.bindings)
            }
            if let whereClause = item.whereClause {
                let condition = try withName(name, at: slot) {
                    try $0.bound(bindings[...], slot: slot + 1) {
                        try $0.read(whereClause.condition, in: tree, as: "a condition") { try $0.condition() }
                    }
                }
                itemTest = .binary(.and, itemTest, condition)
            }
            test = test.map { .binary(.or, $0, itemTest) } ?? itemTest
        }
        moveToToken(atOrAfter: tree.offset(of: clause.body.positionAfterSkippingLeadingTrivia))
        // The values the case's pattern names (`catch E.insufficientFunds(let needed)`) follow the error.
        let handler = try withName(name, at: slot) {
            try $0.bound(bindings[...], slot: slot + 1) {
                try $0.block(nextLocal: slot + 1 + bindings.count, after: catchWord)
            }
        }
        return CatchClause(test: test ?? .literal(.bool(true)), handler: handler)
    }
}
