/// `while let NAME = OPTIONAL { ... }` (a top-level statement, or in a body), as Swift runs it: the
/// optional is read before each turn, and the loop ends when it is nil; the block names its value.
/// (`var current: Node? = list; while let node = current { ...; current = node.next }`.)
extension Parser {
    /// The block of a `while let` as a loop's body that tests the binding first (`break` when nil),
    /// with its value at `nextLocal`; nil (reading nothing) when the condition is no `let`.
    mutating func whileLetBody(nextLocal: Int, after keyword: Token) throws -> Expression? {
        let usage = "a loop over an optional reads `while let NAME = value { ... }`"
        guard let (name, value) = try namedValue(usage: usage, asCondition: true) else {
            if current.identifier == "let" || current.identifier == "var" { throw SyntaxError(usage, at: current) }
            return nil
        }
        if current.isSymbol(",") {
            throw SyntaxError("a `while let` here binds one value: test the rest with `if` inside the block",
                at: current)
        }
        let body = try withName(name, at: nextLocal) { try $0.block(nextLocal: nextLocal + 1, after: keyword) }
        let present = Expression.binary(.notEqual, .argument(nextLocal), .literal(.null))
        return .local(slot: nextLocal, value: value, body: .conditional(present, body, .call("#break", [])))
    }
}
