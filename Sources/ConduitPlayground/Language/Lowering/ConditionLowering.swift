import SwiftSyntax

/// The conditions of `if`, `guard` and `while`, as Swift's parser reads them: where the list ends
/// and the block begins, where each clause ends, and what kind each clause is (an optional binding
/// `let name = value`, a pattern `case .failure(let error) = completion`, or a Boolean) come from
/// Swift's tree. The values and patterns inside are read where Swift puts them by the readings of
/// the kinds not lowered yet, and must end where Swift ends them.
extension Parser {
    /// The clauses of the condition that follows `keyword` (`if`, `guard`, `while`), in Swift's tree
    /// of the statement; fails with swiftc's message where Swift's parser finds the condition wrong.
    func swiftConditions(after keyword: Token) throws -> (tree: SwiftTree, conditions: ConditionElementListSyntax) {
        guard let (tree, conditions) = try swiftNode(at: keyword, Parser.conditions(after:)) else {
            throw SyntaxError(
                "expected a condition after `\(keyword.display)`, such as `\(keyword.display) x > 2`", at: keyword)
        }
        let hint = "a condition reads `\(keyword.display) x > 2`, `\(keyword.display) let name = optional` "
            + "or `\(keyword.display) case .failure(let error) = completion`"
        if let error = tree.firstError(in: conditions, hint: hint) { throw error }
        return (tree, conditions)
    }

    /// The condition list of the `if`, `guard` or `while` whose keyword is `token`, if Swift's parser
    /// read one there.
    private static func conditions(after token: TokenSyntax) -> ConditionElementListSyntax? {
        let conditions: ConditionElementListSyntax? =
            if let statement = token.parent?.as(IfExprSyntax.self), statement.ifKeyword == token {
                statement.conditions
            } else if let statement = token.parent?.as(GuardStmtSyntax.self), statement.guardKeyword == token {
                statement.conditions
            } else if let statement = token.parent?.as(WhileStmtSyntax.self), statement.whileKeyword == token {
                statement.conditions
            } else {
                nil
            }
        guard let conditions, !conditions.isEmpty else { return nil }
        return conditions
    }

    /// The clauses Swift reads after the current keyword (`if`, `guard`, `while`), as tests and the
    /// names they bind, moved past. A clause's names are in scope in the clauses after it; the values
    /// they bind are kept from `nextLocal` on. One level deeper (the caller leaves it).
    mutating func conditionHead(nextLocal: Int) throws -> IfHead {
        let keyword = current
        let (tree, conditions) = try swiftConditions(after: keyword)
        advance()
        try enter()
        var clauses: [IfHead.Clause] = []
        var shadowed: [(String, Int?)] = []
        let entered = depth
        defer {
            for (name, slot) in shadowed.reversed() { parameters[name] = slot }
            depth = entered
        }
        for (index, element) in conditions.enumerated() {
            // Each clause nests the ones after it a level deeper when the statement runs.
            moveToToken(atOrAfter: tree.offset(of: element.positionAfterSkippingLeadingTrivia))
            if index > 0 { try enter() }
            for clause in try conditionClauses(element.condition, in: tree) {
                if let name = clause.binding?.name {
                    shadowed.append((name, parameters[name]))
                    parameters[name] = nextLocal + clauses.count { $0.binding != nil }
                }
                clauses.append(clause)
            }
        }
        moveToToken(atOrAfter: tree.offset(of: conditions.endPositionBeforeTrailingTrivia))
        return IfHead(keyword: keyword, clauses: clauses)
    }

    /// One clause of a condition, as clauses of one test and one name each: a pattern (`if case (let x,
    /// let y) = point`) tests first, and then names its values in clauses that always hold.
    private mutating func conditionClauses(
        _ condition: ConditionElementSyntax.Condition, in tree: SwiftTree
    ) throws -> [IfHead.Clause] {
        switch condition {
        case .expression(let expression):
            let value = try read(expression, in: tree, as: "one condition") { try $0.condition() }
            return [IfHead.Clause(test: { _ in value }, binding: nil)]
        case .optionalBinding(let binding):
            let (name, value) = try optionalBinding(binding, in: tree)
            let notNil: (Int) -> Expression = { slot in
                Expression.binary(BinaryOperator.notEqual, Expression.argument(slot), Expression.literal(Value.null))
            }
            return [IfHead.Clause(test: notNil, binding: (name, value))]
        case .matchingPattern(let matching):
            let written = try lowered(matching.pattern, in: tree)
            let subject = try read(matching.initializer.value, in: tree, as: "the value matched") {
                try $0.condition()
            }
            let matched = written.matching(subject)
            let test: Expression = matched.test
            // The test comes first: a value the pattern names is read only from a subject it matches
            // (`(a, b)` of `let (a, b)?` is no value of nil).
            let always: Expression = .literal(.bool(true))
            return [IfHead.Clause(test: { _ in test }, binding: nil)]
                + matched.bindings.map { IfHead.Clause(test: { _ in always }, binding: $0) }
        case .availability(let availability):
            throw SyntaxError(
                "the playground runs every statement on this machine, so it has no `#available` or `#unavailable` "
                    + "to test: leave the check out",
                at: tree.token(covering: availability))
        }
    }

    /// `let NAME = value` (or `var`, or the shorthand `let NAME`, Swift's `let NAME = NAME`) of a
    /// condition: the name and the optional value it unwraps.
    mutating func optionalBinding(
        _ binding: OptionalBindingConditionSyntax, in tree: SwiftTree
    ) throws -> (name: String, value: Expression) {
        let start = tree.offset(of: binding.pattern.positionAfterSkippingLeadingTrivia)
        moveToToken(atOrAfter: start)
        guard binding.pattern.is(IdentifierPatternSyntax.self), let name = current.identifier else {
            throw SyntaxError(
                "an optional binding names its value: write `\(binding.bindingSpecifier.text) NAME = optional`",
                at: tree.token(covering: binding.pattern))
        }
        guard let initializer = binding.initializer else {
            // `guard let self else { return }`, `if let child { ... }`: the name is the value too.
            return (name, try read(binding.pattern, in: tree, as: "a name") { try $0.condition() })
        }
        return (name, try read(initializer.value, in: tree, as: "the optional's value") { try $0.condition() })
    }

    /// What `reading` reads where Swift's parser puts `node`: it starts there and must end where
    /// Swift's parser ends it (`what` names the node in the message when it does not).
    mutating func read<Read>(
        _ node: some SyntaxProtocol, in tree: SwiftTree, as what: String, _ reading: (inout Parser) throws -> Read
    ) throws -> Read {
        let start = tree.offset(of: node.positionAfterSkippingLeadingTrivia)
        let end = tree.offset(of: node.endPositionBeforeTrailingTrivia)
        return try read(start..<end, as: what, reading)
    }

    /// What `reading` reads from character `range.lowerBound`, where Swift's parser puts something it
    /// reads as `what`: it must end at `range.upperBound`, where Swift's parser ends it.
    mutating func read<Read>(
        _ range: Range<Int>, as what: String, _ reading: (inout Parser) throws -> Read
    ) throws -> Read {
        let (start, end) = (range.lowerBound, range.upperBound)
        moveToToken(atOrAfter: start)
        let value = try reading(&self)
        let last = tokens[max(position - 1, 0)]
        guard last.end == end else {
            let readHere = last.end > start ? ", and the playground reads `\(source_text(start, last.end))` of it" : ""
            throw SyntaxError(
                "expected the end of \(what) here: Swift reads `\(source_text(start, end))` as \(what)\(readHere)",
                at: last.end < end ? current : last)
        }
        return value
    }
}
