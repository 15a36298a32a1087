/// `switch` in a closure's body, and the patterns of its cases (also read by `if case`), as
/// Swift writes them for a completion or a value: `switch completion { case .finished: ...
/// case .failure(let error): ... }`, `case 1, 2:`, `case "a":`, `case _:`, `default:`.
extension Parser {
    /// `switch SUBJECT { case PATTERN: BODY ... default: BODY }`: the body of the first case whose
    /// pattern matches; a value no case matches fails the closure.
    mutating func switchStatement(nextLocal: Int) throws -> Expression {
        let keyword = current
        advance()
        try enter()
        defer { depth -= 1 }
        let subject = try condition()
        let open = current
        try expectSymbol("{", "a switch reads `switch value { case 1: ... default: ... }`")
        let subjectAt = Expression.argument(nextLocal)
        var cases: [(test: Expression, body: Expression)] = []
        var fallback: Expression?
        while current.identifier == "case" || current.identifier == "default" {
            let label = current
            advance()
            if label.identifier == "default" {
                try expectSymbol(":", "write `default:`")
                fallback = try caseBody(nextLocal: nextLocal + 1)
                continue
            }
            var patterns = [try pattern()]
            while current.isSymbol(",") {
                advance()
                patterns.append(try pattern())
            }
            let matched = patterns.map { $0.matching(subjectAt) }
            guard matched.count == 1 || matched.allSatisfy({ $0.binding == nil }) else {
                throw SyntaxError("a case with several patterns cannot name a value", at: label)
            }
            var test = matched[0].test
            for other in matched.dropFirst() { test = .binary(.or, test, other.test) }
            if current.identifier == "where" {
                // `case let n where n > 5:`: the case matches when its condition holds too, read with
                // the value it names.
                guard patterns[0].moreNames.isEmpty else {
                    throw SyntaxError("a `where` after a case that names several values is not run here: "
                        + "test them in the case's body", at: current)
                }
                advance()
                test = try whereTest(test, binding: matched[0].binding, slot: nextLocal + 1)
            }
            try expectSymbol(":", "a case reads `case .finished:` or `case 1, 2:`")
            if !patterns[0].moreNames.isEmpty, case .enumCase(_, let first, _) = patterns[0].kind {
                // `case .pair(let a, let b):` names each value it takes apart.
                guard patterns.count == 1 else {
                    throw SyntaxError("a case with several patterns cannot name a value", at: label)
                }
                let names = [AssociatedName(name: patterns[0].name ?? "_", index: first)] + patterns[0].moreNames
                cases.append((test, try namedValues(names[...], of: subjectAt, slot: nextLocal + 1)))
            } else if let binding = matched[0].binding {
                let body = try withName(binding.name, at: nextLocal + 1) { try $0.caseBody(nextLocal: nextLocal + 2) }
                cases.append((test, .local(slot: nextLocal + 1, value: binding.value, body: body)))
            } else {
                cases.append((test, try caseBody(nextLocal: nextLocal + 1)))
            }
        }
        guard current.isSymbol("}") else {
            throw SyntaxError("expected `case`, `default:` or `}` to close the switch opened here", at: open)
        }
        advance()
        guard !cases.isEmpty || fallback != nil else {
            throw SyntaxError("this switch has no cases: write `case PATTERN: ...` or `default: ...`", at: keyword)
        }
        let unmatched = Expression.call("#unmatched", [subjectAt])
        var chosen = fallback ?? unmatched
        for (test, body) in cases.reversed() { chosen = .conditional(test, body, chosen) }
        return try followed(.local(slot: nextLocal, value: subject, body: chosen), at: nextLocal)
    }

    /// `test` and then the `where` condition that follows, read with `binding` (if any) at `slot`.
    private mutating func whereTest(
        _ test: Expression, binding: (name: String, value: Expression)?, slot: Int
    ) throws -> Expression {
        let condition: Expression = try withName(binding?.name, at: slot) { try $0.condition() }
        let both: Expression = Expression.binary(BinaryOperator.and, test, condition)
        guard let binding else { return both }
        return Expression.local(slot: slot, value: binding.value, body: both)
    }

    /// A case's body with each of `names` holding the associated value at its index, one slot each.
    private mutating func namedValues(
        _ names: ArraySlice<AssociatedName>, of subject: Expression, slot: Int
    ) throws -> Expression {
        guard let first = names.first else { return try caseBody(nextLocal: slot) }
        let body = try withName(first.name, at: slot) {
            try $0.namedValues(names.dropFirst(), of: subject, slot: slot + 1)
        }
        return .local(slot: slot, value: .call("#associated", [subject, .literal(.int(first.index))]), body: body)
    }

    /// The statements of one case, up to the next `case`, `default:` or the switch's `}`
    /// (`break` alone does nothing, as in Swift).
    private mutating func caseBody(nextLocal: Int) throws -> Expression {
        let savedBreak = breakEndsSwitch
        breakEndsSwitch = true
        defer { breakEndsSwitch = savedBreak }
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

    /// One pattern of a `case`: `.finished`, `.failure`, `.failure(let error)`, `.name`, `_`,
    /// `let NAME`, or a value.
    mutating func pattern() throws -> CasePattern {
        if current.isSymbol("."), let name = peek(1).identifier {
            advance()
            advance()
            guard name == "finished" || name == "failure" else {
                if current.isSymbol("(") { return try associatedValuesPattern(of: name) }
                return CasePattern(kind: .caseName(name), name: nil)
            }
            var bound: String?
            if name == "failure", current.isSymbol("(") {
                advance()
                if current.identifier == "let" || current.identifier == "var" { advance() }
                guard let written = current.identifier else {
                    throw SyntaxError("write `.failure(let error)` or `.failure(_)`", at: current)
                }
                advance()
                if written != "_" { bound = written }
                try expectSymbol(")", "close `.failure(` with `)`")
            }
            return CasePattern(kind: .completion(name), name: bound)
        }
        if current.identifier == "_" {
            advance()
            return CasePattern(kind: .any, name: nil)
        }
        if current.identifier == "let" || current.identifier == "var", let name = peek(1).identifier {
            advance()
            advance()
            return CasePattern(kind: .any, name: name)
        }
        let saved = readingCondition
        readingCondition = true
        defer { readingCondition = saved }
        return CasePattern(kind: .equal(try binary(level: 1)), name: nil)
    }
}

extension Parser {
    /// `(let n)`, `(_)` or `(_, let b)` after an enumeration's case in a pattern (`case .loaded(let n):`):
    /// the case, and the one value it names.
    private mutating func associatedValuesPattern(of name: String) throws -> CasePattern {
        let open = current
        advance()
        var bound: (name: String, index: Int)?
        var more: [AssociatedName] = []
        var index = 0
        while !current.isSymbol(")") {
            if current.identifier == "let" || current.identifier == "var" { advance() }
            guard let written = current.identifier else {
                throw SyntaxError("write `.\(name)(let value)` or `.\(name)(_)`", at: current)
            }
            if written != "_" {
                if bound == nil {
                    bound = (written, index)
                } else {
                    more.append(AssociatedName(name: written, index: index))
                }
            }
            advance()
            index += 1
            if current.isSymbol(",") {
                advance()
            } else if !current.isSymbol(")") {
                throw SyntaxError("expected `,` or `)` to close `.\(name)(` opened here", at: open)
            }
        }
        advance()
        return CasePattern(kind: .enumCase(name, index: bound?.index ?? 0, more: more), name: bound?.name)
    }
}

/// A name a case pattern gives one of an enumeration case's values: `b` at 1 in `.pair(let a, let b)`.
struct AssociatedName {
    let name: String
    let index: Int
}

/// One pattern as written: what it tests a subject for, and the name it binds.
struct CasePattern {
    enum Kind {
        /// `_`, or `let NAME`: anything.
        case any
        /// `.finished`, or `.failure(...)`: a completion of that kind.
        case completion(String)
        /// A value to compare with (`1`, `"a"`, `nil`).
        case equal(Expression)
        /// `.loaded`: an enumeration's case, whatever values it carries, or the text "loaded" (a case
        /// written without its type where the playground keeps its name).
        case caseName(String)
        /// `.loaded(let n)`: an enumeration's case that carries values; `index` is the one named.
        case enumCase(String, index: Int, more: [AssociatedName])
    }

    let kind: Kind
    /// `let NAME`, or `.failure(let NAME)` (the failure's message).
    let name: String?

    /// The further values an enumeration's case pattern names (`.pair(let a, let b)`: `b` at 1), which
    /// only a `switch` case binds.
    var moreNames: [AssociatedName] {
        if case .enumCase(_, _, let more) = kind { return more }
        return []
    }

    /// The test of `subject` and the value its name binds.
    func matching(_ subject: Expression) -> (test: Expression, binding: (name: String, value: Expression)?) {
        let test: Expression
        var value = subject
        switch kind {
        case .any: test = .literal(.bool(true))
        case .completion(let which):
            test = .call("#completion", [subject, .literal(.string(which))])
            value = .call("#failure", [subject])
        case .equal(let other):
            // `case 1...5:` matches what the range contains, as Swift's `~=` does.
            if case .call("#range", _) = other {
                test = .call(".contains", [other, subject])
            } else {
                test = .binary(.equal, subject, other)
            }
        case .caseName(let name):
            let written: Expression = Expression.literal(Value.string(name))
            let equalsName: Expression = Expression.binary(BinaryOperator.equal, subject, written)
            let isCase: Expression = Expression.call("#isCase", [subject, written])
            test = Expression.binary(BinaryOperator.or, equalsName, isCase)
        case .enumCase(let name, let index, _):
            test = .call("#isCase", [subject, .literal(.string(name))])
            value = .call("#associated", [subject, .literal(.int(index))])
        }
        return (test, name.map { ($0, value) })
    }
}
