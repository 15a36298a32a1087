import SwiftSyntax

/// `switch` in a closure's body, and the patterns of its cases (also read by `if case`), as
/// Swift writes them for a completion or a value: `switch completion { case .finished: ...
/// case .failure(let error): ... }`, `case 1, 2:`, `case "a":`, `case _:`, `default:`.
extension Parser {
    /// `switch SUBJECT { case PATTERN: BODY ... default: BODY }`, as Swift's parser reads it: the body
    /// of the first case whose pattern matches; a value no case matches fails the closure.
    mutating func switchStatement(nextLocal: Int) throws -> Expression {
        let keyword = current
        let usage = "a switch reads `switch value { case 1: ... default: ... }`"
        guard let (tree, statement) = try swiftNode(at: keyword, { $0.parent?.as(SwitchExprSyntax.self) }) else {
            throw SyntaxError(usage, at: keyword)
        }
        if let error = tree.firstError(in: statement.subject, hint: usage) { throw error }
        if statement.leftBrace.presence == .missing || statement.rightBrace.presence == .missing {
            if let error = tree.firstError(in: statement, hint: usage) { throw error }
            throw SyntaxError(
                "expected `{ ... }` after the value switched on: " + usage,
                at: statement.leftBrace.presence == .missing ? keyword : tree.token(covering: statement.leftBrace))
        }
        advance()
        try enter()
        defer { depth -= 1 }
        let subject = try read(statement.subject, in: tree, as: "the value switched on") { try $0.condition() }
        let subjectAt = Expression.argument(nextLocal)
        // The cases in order (`default` has no test), and whether each ends with `fallthrough`.
        var cases: [SwitchCaseRead] = []
        let entered = depth
        defer { depth = entered }
        for element in statement.cases {
            // Each case nests the ones after it a level deeper when the statement runs.
            moveToToken(atOrAfter: tree.offset(of: element.positionAfterSkippingLeadingTrivia))
            try enter()
            guard case .switchCase(let switchCase) = element else {
                throw SyntaxError("the playground does not read `#if` between a switch's cases", at:
                    tree.token(covering: element))
            }
            let fallsThrough = try endsWithFallthrough(switchCase, in: tree)
            switch switchCase.label {
            case .default(let label):
                if let error = tree.firstError(in: label, hint: "write `default:`") { throw error }
                let body = try caseStatements(switchCase, in: tree, nextLocal: nextLocal + 1)
                cases.append(SwitchCaseRead(test: nil, body: body, fallthroughAt: fallsThrough, binds: false))
            case .case(let label):
                if let error = tree.firstError(in: label, hint: "a case reads `case .finished:` or `case 1, 2:`") {
                    throw error
                }
                let (test, bindings) = try caseTest(label, in: tree, subject: subjectAt, slot: nextLocal + 1)
                let firstFree = nextLocal + 1 + bindings.count
                let body = try bound(bindings[...], slot: nextLocal + 1) {
                    try $0.caseStatements(switchCase, in: tree, nextLocal: firstFree)
                }
                cases.append(
                    SwitchCaseRead(test: test, body: body, fallthroughAt: fallsThrough, binds: !bindings.isEmpty))
            }
        }
        moveToToken(atOrAfter: tree.offset(of: statement.endPositionBeforeTrailingTrivia))
        guard !cases.isEmpty else {
            throw SyntaxError("this switch has no cases: write `case PATTERN: ...` or `default: ...`", at: keyword)
        }
        try fallThrough(&cases, in: tree, slot: nextLocal + 1)
        let unmatched = Expression.call("#unmatched", [subjectAt])
        var chosen = cases.first { $0.test == nil }?.body ?? unmatched
        for read in cases.reversed() {
            if let test = read.test { chosen = .conditional(test, read.body, chosen) }
        }
        return try followed(.local(slot: nextLocal, value: subject, body: chosen), at: nextLocal)
    }

    /// What a case's patterns test the subject for (any of them, each with its `where`), and the values
    /// its one pattern names, kept from `slot` on.
    private mutating func caseTest(
        _ label: SwitchCaseLabelSyntax, in tree: SwiftTree, subject: Expression, slot: Int
    ) throws -> (test: Expression, bindings: [(name: String, value: Expression)]) {
        var test: Expression?
        var bindings: [(name: String, value: Expression)] = []
        for item in label.caseItems {
            let matched = try lowered(item.pattern, in: tree).matching(subject)
            guard label.caseItems.count == 1 || matched.bindings.isEmpty else {
                throw SyntaxError("a case with several patterns cannot name a value", at:
                    tree.token(covering: label.caseKeyword, kind: .identifier("case")))
            }
            var itemTest = matched.test
            if let clause = item.whereClause {
                // `case let (x, y) where x == y:`: the case matches when its condition holds too, read with
                // the values it names.
                let condition = try bound(matched.bindings[...], slot: slot) {
                    try $0.read(clause.condition, in: tree, as: "a condition") { try $0.condition() }
                }
                itemTest = .binary(.and, itemTest, condition)
            }
            test = test.map { .binary(.or, $0, itemTest) } ?? itemTest
            bindings = matched.bindings
        }
        return (test ?? .literal(.bool(false)), bindings)
    }

    /// The statements of a case, read where Swift's parser puts them, which must end where its case ends
    /// (or before its last statement, `fallthrough`).
    private mutating func caseStatements(
        _ switchCase: SwitchCaseSyntax, in tree: SwiftTree, nextLocal: Int
    ) throws -> Expression {
        let saved = caseEndsAtFallthrough
        defer { caseEndsAtFallthrough = saved }
        caseEndsAtFallthrough = switchCase.statements.last?.item.is(FallThroughStmtSyntax.self) == true
        if caseEndsAtFallthrough {
            let statements = switchCase.statements.dropLast()
            guard let first = statements.first, let last = statements.last else { return .literal(.void) }
            let start = tree.offset(of: first.positionAfterSkippingLeadingTrivia)
            let end = tree.offset(of: last.endPositionBeforeTrailingTrivia)
            return try read(start..<end, as: "the statements of this case") {
                try $0.caseBody(nextLocal: nextLocal)
            }
        }
        guard !switchCase.statements.isEmpty else {
            moveToToken(atOrAfter: tree.offset(of: switchCase.label.endPositionBeforeTrailingTrivia))
            return try caseBody(nextLocal: nextLocal)  // which says that a case needs a statement
        }
        return try read(switchCase.statements, in: tree, as: "the statements of this case") {
            try $0.caseBody(nextLocal: nextLocal)
        }
    }

    /// What `read` reads with each of `bindings` naming its value, one slot each from `slot` on, as
    /// locals around it (a case's names, for its `where` condition or its body).
    mutating func bound(
        _ bindings: ArraySlice<(name: String, value: Expression)>, slot: Int,
        _ read: (inout Parser) throws -> Expression
    ) throws -> Expression {
        guard let first = bindings.first else { return try read(&self) }
        let body = try withName(first.name, at: slot) { try $0.bound(bindings.dropFirst(), slot: slot + 1, read) }
        return .local(slot: slot, value: first.value, body: body)
    }

    /// The statements of one case, up to the next `case`, `default:` or the switch's `}`
    /// (`break` alone does nothing, as in Swift); a statement block, which may end with a `let` step.
    private mutating func caseBody(nextLocal: Int) throws -> Expression {
        let saved = (breakEndsSwitch, readingStatementBlock)
        (breakEndsSwitch, readingStatementBlock) = (true, true)
        defer { (breakEndsSwitch, readingStatementBlock) = saved }
        if current.identifier == "break" {
            advance()
            if current.isSymbol(";") { advance() }
            return .literal(.void)
        }
        guard moreStatementsFollow else {
            throw SyntaxError("a case needs at least one statement (`break` does nothing)", at: current)
        }
        return try closureBody(nextLocal: nextLocal)
    }
}
