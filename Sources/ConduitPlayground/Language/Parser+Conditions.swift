/// `if` and `guard` in a closure's body, as Swift writes them: `if x > 2 { return "big" } else
/// { return "small" }`, `if let name = $0.name { ... }`, `if case .failure(let error) = completion
/// { ... }`, `guard x > 0 else { return 0 }; ...`. Each becomes a conditional value; a branch is a
/// closure body of its own (steps, `return`).
extension Parser {
    /// `if CONDITION { BODY } [else if ... | else { BODY }]`. Without `else`, when the block
    /// returns, what follows is the value when the condition fails (an early return); otherwise the
    /// statement runs for its effect and what follows runs after it.
    mutating func ifStatement(nextLocal: Int) throws -> Expression {
        let head = try conditionHead()
        defer { depth -= 1 }
        let slot = head.binding == nil ? nextLocal : nextLocal + 1
        let returnsBefore = returnsRead
        let whenTrue = try withName(head.binding?.name, at: nextLocal) {
            try $0.block(nextLocal: slot, after: head.keyword)
        }
        // Inside a loop a `return` leaves as a signal, so what follows the `if` needs no `else` there.
        let insideLoop: Bool = loopDepth > 0
        let blockReturns: Bool = !insideLoop && returnsRead > returnsBefore
        var whenFalse: Expression?
        if current.identifier == "else" {
            advance()
            whenFalse = current.identifier == "if"
                ? try ifStatement(nextLocal: slot) : try block(nextLocal: slot, after: head.keyword)
        }
        if current.isSymbol(";") { advance() }
        if whenFalse == nil, blockReturns {
            guard moreStatementsFollow else {
                throw SyntaxError(
                    "this `if` returns a value, but it has no `else` and nothing follows it: write the value the "
                        + "closure gives otherwise, for example "
                        + "`if x > 2 { return \"big\" } else { return \"small\" }`",
                    at: head.keyword
                )
            }
            return head.choosing(whenTrue, try closureBody(nextLocal: slot), slot: nextLocal)
        }
        return try followed(head.choosing(whenTrue, whenFalse ?? .literal(.void), slot: nextLocal), at: nextLocal)
    }

    /// `guard CONDITION else { BODY }` followed by the rest of the closure, which runs when the
    /// condition holds (`guard let NAME = value else { ... }` names the value for the rest).
    mutating func guardStatement(nextLocal: Int) throws -> Expression {
        let head = try conditionHead()
        defer { depth -= 1 }
        guard current.identifier == "else" else {
            throw SyntaxError("expected `else`: a guard reads `guard x > 0 else { return 0 }`", at: current)
        }
        advance()
        let slot = head.binding == nil ? nextLocal : nextLocal + 1
        let otherwise = try block(nextLocal: slot, after: head.keyword)
        if current.isSymbol(";") { advance() }
        var rest = Expression.literal(.void)
        if moreStatementsFollow {
            rest = try withName(head.binding?.name, at: nextLocal) { try $0.closureBody(nextLocal: slot) }
        }
        return head.choosing(rest, otherwise, slot: nextLocal)
    }

    /// `guard CONDITION else { BLOCK }` as a top-level statement: what it tests, the name it binds (if
    /// any), and the block that runs when the test fails.
    mutating func topLevelGuard() throws -> (head: IfHead, otherwise: Expression) {
        let head = try conditionHead()
        defer { depth -= 1 }
        guard current.identifier == "else" else {
            throw SyntaxError("expected `else`: a guard reads `guard let x = value else { fatalError() }`", at: current)
        }
        advance()
        let otherwise = try block(nextLocal: head.binding == nil ? 0 : 1, after: head.keyword)
        return (head, otherwise)
    }

    /// Whether a statement follows in the same body (not its `}`, the end, or a `case` label).
    var moreStatementsFollow: Bool {
        !current.isSymbol("}") && current.kind != .end && current.identifier != "case"
            && current.identifier != "default"
    }

    /// `statement` run for its effect, then what follows it in the body (kept at `slot`, unnamed);
    /// `statement` alone when nothing follows.
    mutating func followed(_ statement: Expression, at slot: Int) throws -> Expression {
        if current.isSymbol(";") { advance() }
        guard moreStatementsFollow else { return statement }
        return .local(slot: slot, value: statement, body: try closureBody(nextLocal: slot + 1))
    }

    /// The keyword (`if`, `guard`) and what follows it up to its block: Swift's optional binding
    /// `let NAME = value`, a pattern `case .failure(let error) = completion`, or a condition. One
    /// level deeper (the caller leaves it).
    private mutating func conditionHead() throws -> IfHead {
        let keyword = current
        advance()
        try enter()
        if let (name, value) = try namedValue(
            usage: "an optional binding reads `if let NAME = value { ... }`", asCondition: true)
        {
            let notNil: (Int) -> Expression = { slot in
                Expression.binary(BinaryOperator.notEqual, Expression.argument(slot), Expression.literal(Value.null))
            }
            return IfHead(keyword: keyword, test: notNil, binding: (name, value))
        }
        if current.identifier == "case" {
            advance()
            let patternStart = current
            let written = try pattern()
            guard written.moreNames.isEmpty else {
                throw SyntaxError(
                    "`if case` here names one of the case's values; write `_` for the others, or use a `switch`",
                    at: patternStart)
            }
            try expectSymbol("=", "a pattern reads `if case .failure(let error) = completion { ... }`")
            let subject: Expression = try condition()
            let matched: (test: Expression, binding: (name: String, value: Expression)?) = written.matching(subject)
            let test: Expression = matched.test
            return IfHead(keyword: keyword, test: { _ in test }, binding: matched.binding)
        }
        let condition: Expression = try condition()
        return IfHead(keyword: keyword, test: { _ in condition }, binding: nil)
    }

    /// The condition, read where `{` opens the block that follows it.
    mutating func condition() throws -> Expression {
        let saved = readingCondition
        readingCondition = true
        defer { readingCondition = saved }
        return try expression()
    }

    /// `{ BODY }` of a branch.
    mutating func block(nextLocal: Int, after keyword: Token) throws -> Expression {
        let open = current
        guard open.isSymbol("{") else {
            throw SyntaxError("expected `{` to open the block of this `\(keyword.display)`", at: current)
        }
        advance()
        let saved = readingCondition
        readingCondition = false
        defer { readingCondition = saved }
        let body: Expression = current.isSymbol("}") ? .literal(.void) : try closureBody(nextLocal: nextLocal)
        guard current.isSymbol("}") else {
            throw SyntaxError("expected `}` to close the block opened here", at: open)
        }
        advance()
        return body
    }

    /// Runs `read` with `name` (if any) naming the value at `slot`, as the statement's scope.
    mutating func withName(
        _ name: String?, at slot: Int, _ read: (inout Parser) throws -> Expression
    ) throws -> Expression {
        guard let name else { return try read(&self) }
        let shadowed = parameters[name]
        parameters[name] = slot
        defer { parameters[name] = shadowed }
        return try read(&self)
    }
}

/// What an `if` or `guard` tests, and the name it binds for its block, if any.
struct IfHead {
    let keyword: Token
    /// The test, given the position the bound value is kept at.
    let test: (Int) -> Expression
    let binding: (name: String, value: Expression)?

    /// `whenTrue` if the test holds, else `whenFalse`, with the bound value at `slot`.
    func choosing(_ whenTrue: Expression, _ whenFalse: Expression, slot: Int) -> Expression {
        let chosen = Expression.conditional(test(slot), whenTrue, whenFalse)
        guard let binding else { return chosen }
        return .local(slot: slot, value: binding.value, body: chosen)
    }
}
