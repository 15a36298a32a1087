/// `if` and `guard` in a closure's body, as Swift writes them: `if x > 2 { return "big" } else
/// { return "small" }`, `if let name = $0.name { ... }`, `if case .failure(let error) = completion
/// { ... }`, `guard x > 0 else { return 0 }; ...`. Each becomes a conditional value; a branch is a
/// closure body of its own (steps, `return`).
extension Parser {
    /// `if CONDITION { BODY } [else if ... | else { BODY }]`. Without `else`, when the block
    /// returns, what follows is the value when the condition fails (an early return); otherwise the
    /// statement runs for its effect and what follows runs after it. An `if` after `else` (`chained`) is
    /// part of the statement of the first: what follows the whole statement is not read in its branch,
    /// unless it is its early return's alternative.
    mutating func ifStatement(nextLocal: Int, chained: Bool = false) throws -> Expression {
        let head = try conditionHead(nextLocal: nextLocal)
        defer { depth -= 1 }
        let slot = head.elseSlot(nextLocal)
        let returnsBefore = returnsRead
        let whenTrue = try withNames(head.names(from: nextLocal)) {
            try $0.block(nextLocal: head.blockSlot(nextLocal), after: head.keyword)
        }
        // Inside a loop (or a `do`) a `return` leaves as a signal, so what follows the `if` needs no `else` there.
        let insideLoop: Bool = loopDepth > 0 || returnsAsSignal
        let blockReturns: Bool = !insideLoop && returnsRead > returnsBefore
        var whenFalse: Expression?
        if current.identifier == "else" {
            advance()
            whenFalse = current.identifier == "if"
                ? try ifStatement(nextLocal: slot, chained: true) : try block(nextLocal: slot, after: head.keyword)
        }
        let chosen = head.choosing(whenTrue, whenFalse ?? .literal(.void), slot: nextLocal)
        if chained, whenFalse != nil || !blockReturns { return chosen }
        if whenFalse == nil, blockReturns {
            guard try endStatement() else {
                throw SyntaxError(
                    "this `if` returns a value, but it has no `else` and nothing follows it: write the value the "
                        + "closure gives otherwise, for example "
                        + "`if x > 2 { return \"big\" } else { return \"small\" }`",
                    at: head.keyword
                )
            }
            // The rest is read once: an `if` this one follows `else` of leaves it read.
            statementRead?.restRead = true
            return head.choosing(whenTrue, try closureBody(nextLocal: slot), slot: nextLocal)
        }
        return try followed(chosen, at: nextLocal)
    }

    /// `guard CONDITION else { BODY }` followed by the rest of the closure, which runs when the
    /// condition holds (`guard let NAME = value else { ... }` names the value for the rest).
    mutating func guardStatement(nextLocal: Int) throws -> Expression {
        let head = try conditionHead(nextLocal: nextLocal)
        defer { depth -= 1 }
        guard current.identifier == "else" else {
            throw SyntaxError("expected `else`: a guard reads `guard x > 0 else { return 0 }`", at: current)
        }
        advance()
        let otherwise = try block(nextLocal: head.elseSlot(nextLocal), after: head.keyword)
        var rest = Expression.literal(.void)
        if try endStatement() {
            rest = try withNames(head.names(from: nextLocal)) {
                try $0.closureBody(nextLocal: head.blockSlot(nextLocal))
            }
        }
        return head.choosing(rest, otherwise, slot: nextLocal)
    }

    /// `guard CONDITION else { BLOCK }` as a top-level statement: what it tests, the name it binds (if
    /// any), and the block that runs when the test fails.
    mutating func topLevelGuard() throws -> (head: IfHead, otherwise: Expression) {
        let head = try conditionHead(nextLocal: 0)
        defer { depth -= 1 }
        guard current.identifier == "else" else {
            throw SyntaxError("expected `else`: a guard reads `guard let x = value else { fatalError() }`", at: current)
        }
        advance()
        let otherwise = try block(nextLocal: head.elseSlot(0), after: head.keyword)
        return (head, otherwise)
    }

    /// Whether a statement follows in the same body (not its `}`, the end, or a `case` label).
    var moreStatementsFollow: Bool {
        !current.isSymbol("}") && current.kind != .end && current.identifier != "case"
            && current.identifier != "default" && !(caseEndsAtFallthrough && current.identifier == "fallthrough")
    }

    /// `statement` run for its effect, then what follows it in the body (kept at `slot`, unnamed);
    /// `statement` alone when nothing follows.
    mutating func followed(_ statement: Expression, at slot: Int) throws -> Expression {
        guard try endStatement() else { return statement }
        return .local(slot: slot, value: statement, body: try closureBody(nextLocal: slot + 1))
    }

    /// The condition, read where `{` opens the block that follows it.
    mutating func condition() throws -> Expression {
        let saved = readingCondition
        readingCondition = true
        defer { readingCondition = saved }
        return try expression()
    }

    /// `{ BODY }` of a branch, a loop or a `do`: a statement block, which may end with a `let` step.
    mutating func block(nextLocal: Int, after keyword: Token) throws -> Expression {
        let open = current
        guard open.isSymbol("{") else {
            throw SyntaxError("expected `{` to open the block of this `\(keyword.display)`", at: current)
        }
        advance()
        let saved = (readingCondition, readingStatementBlock)
        (readingCondition, readingStatementBlock) = (false, true)
        defer { (readingCondition, readingStatementBlock) = saved }
        let body: Expression = current.isSymbol("}") ? .literal(.void) : try closureBody(nextLocal: nextLocal)
        guard current.isSymbol("}") else {
            throw SyntaxError("expected `}` to close the block opened here", at: open)
        }
        advance()
        return body
    }

    /// Runs `read` with each name naming the value at its slot, as the statement's scope.
    mutating func withNames(
        _ names: [(name: String, slot: Int)], _ read: (inout Parser) throws -> Expression
    ) throws -> Expression {
        let shadowed = names.map { parameters[$0.name] }
        for (name, slot) in names { parameters[name] = slot }
        defer { for (index, entry) in names.enumerated().reversed() { parameters[entry.name] = shadowed[index] } }
        return try read(&self)
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

/// What an `if` or `guard` tests, clause by clause, and the names its clauses bind for its block.
struct IfHead {
    /// One clause: its test, given the slot its bound value is kept at, and what it binds, if anything.
    struct Clause {
        let test: (Int) -> Expression
        let binding: (name: String, value: Expression)?
    }

    let keyword: Token
    let clauses: [Clause]

    /// The names bound, each with the slot its value is kept at when the first is at `base`.
    func names(from base: Int) -> [(name: String, slot: Int)] {
        clauses.compactMap(\.binding).enumerated().map { ($1.name, base + $0) }
    }

    /// Where the block's own values start: after every bound value.
    func blockSlot(_ base: Int) -> Int {
        base + clauses.count { $0.binding != nil }
    }

    /// Where the `else` block's own values start: after the first clause's bound value, the most it
    /// may run after (a later clause's value is never in its scope).
    func elseSlot(_ base: Int) -> Int {
        clauses.first?.binding == nil ? base : base + 1
    }

    /// `whenTrue` if every clause holds, tested in order, else `whenFalse`, with the bound values kept
    /// from `slot` on.
    func choosing(_ whenTrue: Expression, _ whenFalse: Expression, slot: Int) -> Expression {
        var next = slot
        let slots = clauses.map { clause in
            defer { if clause.binding != nil { next += 1 } }
            return next
        }
        var chosen = whenTrue
        for (clause, slot) in zip(clauses, slots).reversed() {
            let tested = Expression.conditional(clause.test(slot), chosen, whenFalse)
            chosen = clause.binding.map {
                .local(slot: slot, value: .call(Parser.unwrapping, [$0.value]), body: tested)
            } ?? tested
        }
        return chosen
    }
}

extension Parser {
    /// The call around the value a clause binds (`if let v = Optional<Int>.some(9)`): its static type is the
    /// optional's wrapped one, whatever type the value was written with, so `print(v)` shows `9`.
    static let unwrapping = "#unwrapping"
}
