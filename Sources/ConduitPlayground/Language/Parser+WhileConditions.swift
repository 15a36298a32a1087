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
}
