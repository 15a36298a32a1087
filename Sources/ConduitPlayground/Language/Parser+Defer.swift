/// `defer { ... }` in a function's or a closure's body, as Swift runs it: the block runs when the
/// body is left, after the statements that follow it, however they end (a `return`, a thrown error);
/// several run in the reverse of their order.
extension Parser {
    /// `defer { BLOCK }` and the rest of the body after it.
    mutating func deferStatement(nextLocal: Int) throws -> Expression {
        let keyword = current
        advance()
        let cleanup = try block(nextLocal: nextLocal, after: keyword)
        let rest: Expression = try endStatement() ? try closureBody(nextLocal: nextLocal) : .literal(.void)
        return .loop(BodyLoop(kind: .deferred(cleanup: cleanup), slot: nextLocal, body: rest))
    }
}
