/// `if` and `guard` in a closure's body, as Swift writes them: `if x > 2 { return "big" } else
/// { return "small" }`, `if let name = $0.name { ... }`, `guard x > 0 else { return 0 }; ...`.
/// Each becomes a conditional value; a branch is a closure body of its own (steps, `return`).
extension Parser {
    /// `if CONDITION { BODY } [else if ... | else { BODY }]`; without `else`, what follows the
    /// statement is the value when the condition is false.
    mutating func ifStatement(nextLocal: Int) throws -> Expression {
        let (keyword, binding, condition) = try conditionHead()
        defer { depth -= 1 }
        let slot = binding == nil ? nextLocal : nextLocal + 1
        let whenTrue = try withName(binding?.name, at: nextLocal) { try $0.block(nextLocal: slot, after: keyword) }
        let whenFalse: Expression
        if current.identifier == "else" {
            advance()
            whenFalse = current.identifier == "if"
                ? try ifStatement(nextLocal: slot) : try block(nextLocal: slot, after: keyword)
            if current.isSymbol(";") { advance() }
        } else {
            if current.isSymbol(";") { advance() }
            guard !current.isSymbol("}"), current.kind != .end else {
                throw SyntaxError(
                    "this `if` has no `else`, and nothing follows it: write the value the closure gives "
                        + "otherwise, for example `if x > 2 { return \"big\" } else { return \"small\" }`",
                    at: keyword
                )
            }
            whenFalse = try closureBody(nextLocal: slot)
        }
        guard let binding else { return .conditional(condition ?? .literal(.bool(true)), whenTrue, whenFalse) }
        return .local(slot: nextLocal, value: binding.value, body: .conditional(
            .binary(.notEqual, .argument(nextLocal), .literal(.null)), whenTrue, whenFalse))
    }

    /// `guard CONDITION else { BODY }` followed by the rest of the closure, which runs when the
    /// condition holds (`guard let NAME = value else { ... }` names the value for the rest).
    mutating func guardStatement(nextLocal: Int) throws -> Expression {
        let (keyword, binding, condition) = try conditionHead()
        defer { depth -= 1 }
        guard current.identifier == "else" else {
            throw SyntaxError("expected `else`: a guard reads `guard x > 0 else { return 0 }`", at: current)
        }
        advance()
        let slot = binding == nil ? nextLocal : nextLocal + 1
        let otherwise = try block(nextLocal: slot, after: keyword)
        if current.isSymbol(";") { advance() }
        guard !current.isSymbol("}"), current.kind != .end else {
            throw SyntaxError(
                "nothing follows this `guard`: write the value the closure gives when it holds", at: keyword)
        }
        let rest = try withName(binding?.name, at: nextLocal) { try $0.closureBody(nextLocal: slot) }
        guard let binding else { return .conditional(condition ?? .literal(.bool(true)), rest, otherwise) }
        return .local(slot: nextLocal, value: binding.value, body: .conditional(
            .binary(.notEqual, .argument(nextLocal), .literal(.null)), rest, otherwise))
    }

    /// The keyword (`if`, `guard`) and what follows it up to its block: Swift's optional binding
    /// `let NAME = value`, or a condition. One level deeper (the caller leaves it).
    private mutating func conditionHead() throws -> (Token, (name: String, value: Expression)?, Expression?) {
        let keyword = current
        advance()
        try enter()
        if let (name, value) = try namedValue(
            usage: "an optional binding reads `if let NAME = value { ... }`", asCondition: true)
        {
            return (keyword, (name, value), nil)
        }
        return (keyword, nil, try condition())
    }

    /// The condition, read where `{` opens the block that follows it.
    mutating func condition() throws -> Expression {
        let saved = readingCondition
        readingCondition = true
        defer { readingCondition = saved }
        return try expression()
    }

    /// `{ BODY }` of a branch.
    private mutating func block(nextLocal: Int, after keyword: Token) throws -> Expression {
        let open = current
        guard open.isSymbol("{") else {
            throw SyntaxError("expected `{` to open the block of this `\(keyword.display)`", at: current)
        }
        advance()
        let saved = readingCondition
        readingCondition = false
        defer { readingCondition = saved }
        let body = try closureBody(nextLocal: nextLocal)
        guard current.isSymbol("}") else {
            throw SyntaxError("expected `}` to close the block opened here", at: open)
        }
        advance()
        return body
    }

    /// Runs `read` with `name` (if any) naming the value at `slot`, as the statement's scope.
    private mutating func withName(
        _ name: String?, at slot: Int, _ read: (inout Parser) throws -> Expression
    ) throws -> Expression {
        guard let name else { return try read(&self) }
        let shadowed = parameters[name]
        parameters[name] = slot
        defer { parameters[name] = shadowed }
        return try read(&self)
    }
}
