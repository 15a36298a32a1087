import SwiftSyntax

/// `while` with a condition that binds values or has several clauses (a top-level statement, or in a
/// body), as Swift runs it: `while let node = current { ...; current = node.next }`, `while let x =
/// it.next(), x < 10 { ... }`. The condition is tested before each turn, and the loop ends when it
/// fails; the block names the values bound.
extension Parser {
    /// The block of the `while` whose keyword is `keyword` (just read) as a loop's body that tests the
    /// condition first (`break` when it fails), with its values from `nextLocal` on; nil (reading
    /// nothing) when the condition is one Boolean, the loop's own condition.
    mutating func whileConditionBody(nextLocal: Int, after keyword: Token) throws -> Expression? {
        let (_, conditions) = try swiftConditions(after: keyword)
        if conditions.count == 1, case .expression = conditions.first?.condition { return nil }
        moveToToken(atOrAfter: keyword.offset)
        let head = try conditionHead(nextLocal: nextLocal)
        defer { depth -= 1 }
        let body = try withNames(head.names(from: nextLocal)) {
            try $0.block(nextLocal: head.blockSlot(nextLocal), after: keyword)
        }
        return head.choosing(body, .call("#break", []), slot: nextLocal)
    }

    /// The condition of the `while` whose keyword is `keyword` (just read), when it is one Boolean
    /// (`whileConditionBody` gave nil), read where Swift's parser puts it.
    mutating func whileCondition(after keyword: Token) throws -> Expression {
        let (tree, conditions) = try swiftConditions(after: keyword)
        guard case .expression(let expression) = conditions.first?.condition else {
            throw SyntaxError("expected a condition after `while`, such as `while count < 3`", at: keyword)
        }
        let condition = try read(expression, in: tree, as: "one condition") { try $0.condition() }
        moveToToken(atOrAfter: tree.offset(of: conditions.endPositionBeforeTrailingTrivia))
        return condition
    }

    /// The condition after `while` of the `repeat` loop whose keyword is `keyword`, read where Swift's
    /// parser puts it; the current token is that `while`.
    mutating func repeatCondition(of keyword: Token) throws -> Expression {
        let usage = "write `repeat { ... } while CONDITION`"
        let found = try swiftNode(at: keyword) { token in
            token.parent?.as(RepeatStmtSyntax.self).flatMap { $0.repeatKeyword == token ? $0 : nil }
        }
        guard let (tree, loop) = found,
            tree.offset(of: loop.whileKeyword.positionAfterSkippingLeadingTrivia) == current.offset
        else {
            throw SyntaxError("expected 'while' after 'repeat' body: \(usage)", at: current)
        }
        if let error = tree.firstError(in: loop.condition, hint: usage) { throw error }
        return try read(loop.condition, in: tree, as: "the condition") { try $0.condition() }
    }
}
