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
            guard matched.count == 1 || matched.allSatisfy({ $0.bindings.isEmpty }) else {
                throw SyntaxError("a case with several patterns cannot name a value", at: label)
            }
            var test = matched[0].test
            for other in matched.dropFirst() { test = .binary(.or, test, other.test) }
            let bindings = matched[0].bindings
            if current.identifier == "where" {
                // `case let (x, y) where x == y:`: the case matches when its condition holds too, read with
                // the values it names.
                advance()
                let condition = try bound(bindings[...], slot: nextLocal + 1) { try $0.condition() }
                test = .binary(.and, test, condition)
            }
            try expectSymbol(":", "a case reads `case .finished:` or `case 1, 2:`")
            let firstFree = nextLocal + 1 + bindings.count
            let body = try bound(bindings[...], slot: nextLocal + 1) { try $0.caseBody(nextLocal: firstFree) }
            cases.append((test, body))
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

    /// One pattern of a `case`: `.finished`, `.failure`, `.failure(let error)`, `.name`, `_`,
    /// `let NAME`, or a value.
    mutating func pattern() throws -> CasePattern {
        if let shaped = try rangeOrTuplePattern() { return shaped }
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
                var cast: String?
                if current.identifier == "as", let type = peek(1).identifier {
                    // `.failure(let error as ParseError)`: a failure of that type only, bound as one.
                    advance()
                    advance()
                    cast = type
                }
                try expectSymbol(")", "close `.failure(` with `)`")
                if let cast { return CasePattern(kind: .completion(name), name: bound, cast: cast) }
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
        let value = try expression()
        return try upwardRange(from: value) ?? CasePattern(kind: .equal(value), name: nil)
    }
}

extension Parser {
    /// `(let n)`, `(_)`, `(_, let b)` or `(seconds: let s)` after an enumeration's case in a pattern
    /// (`case .loaded(let n):`): the case, and the values it names.
    mutating func associatedValuesPattern(of name: String) throws -> CasePattern {
        let open = current
        advance()
        var bound: (name: String, index: Int)?
        var more: [AssociatedName] = []
        var index = 0
        while !current.isSymbol(")") {
            // `.timeout(seconds: let s)`: the label only says which value the position holds.
            if current.identifier != nil, peek(1).isSymbol(":") {
                advance()
                advance()
            }
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

/// One pattern as written: what it tests a subject for, and the names it binds.
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
        /// `..<0`, `...9` or `10...`: a value the comparison with the bound holds for (`<`, `<=`, `>=`).
        case oneSided(BinaryOperator, Expression)
        /// `(0, _)`, `(let x, 0)`: a tuple whose elements match these, position by position.
        case tuple([CasePattern])
        /// `let x?`, `.some(PATTERN)`: an optional that holds a value the pattern matches.
        indirect case optionalSome(CasePattern)
    }

    let kind: Kind
    /// `let NAME`, or `.failure(let NAME)` (the failure's message).
    let name: String?
    /// `.failure(let NAME as TYPE)`: the failure matches only as a value of that type.
    var cast: String?

    /// The test of `subject`, and the values its names bind, in the order they are written.
    func matching(_ subject: Expression) -> (test: Expression, bindings: [(name: String, value: Expression)]) {
        let test: Expression
        var value = subject
        var more: [(name: String, value: Expression)] = []
        switch kind {
        case .any: test = .literal(.bool(true))
        case .completion(let which):
            test = .call("#completion", [subject, .literal(.string(which))])
            value = .call("#failure", [subject])
            if let cast {
                value = .call("as?", [value, .literal(.string(cast))])
                let isOfType = Expression.binary(.notEqual, value, .literal(.null))
                return (.binary(.and, test, isOfType), name.map { [($0, value)] } ?? [])
            }
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
            let either: Expression = Expression.binary(BinaryOperator.or, equalsName, isCase)
            // `case .none:` of an optional: nil (or an enumeration's case named `none`).
            test = name == "none" ? .binary(.or, .binary(.equal, subject, .literal(.null)), isCase) : either
        case .enumCase(let name, let index, let others):
            test = .call("#isCase", [subject, .literal(.string(name))])
            value = .call("#associated", [subject, .literal(.int(index))])
            more = others.map { ($0.name, .call("#associated", [subject, .literal(.int($0.index))])) }
        case .oneSided(let comparison, let bound):
            // `case ..<0:`, `case 10...:`: what the one-sided range contains.
            test = .binary(comparison, subject, bound)
        case .tuple(let elements):
            return CasePattern.matching(elements, of: subject)
        case .optionalSome(let inner):
            // The playground's optional is its value, or nil: the inner pattern reads the value itself.
            let wrapped = inner.matching(subject)
            let present = Expression.binary(.notEqual, subject, .literal(.null))
            if case .literal(.bool(true)) = wrapped.test { return (present, wrapped.bindings) }
            return (.binary(.and, present, wrapped.test), wrapped.bindings)
        }
        return (test, (name.map { [($0, value)] } ?? []) + more)
    }

    /// `(0, let y)`: each element's test of the subject's element at its position, all of which must
    /// hold, and the names they bind, in order.
    private static func matching(
        _ elements: [CasePattern], of subject: Expression
    ) -> (test: Expression, bindings: [(name: String, value: Expression)]) {
        var test: Expression?
        var bindings: [(name: String, value: Expression)] = []
        for (index, element) in elements.enumerated() {
            let matched = element.matching(.index(subject, .literal(.int(index))))
            bindings += matched.bindings
            if case .literal(.bool(true)) = matched.test { continue }
            test = test.map { .binary(.and, $0, matched.test) } ?? matched.test
        }
        return (test ?? .literal(.bool(true)), bindings)
    }
}
