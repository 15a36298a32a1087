/// One `catch` of a `do` statement, as Swift writes them: `catch { ... }` and `catch let problem { ... }`
/// take every error, `catch let e as APIError { ... }` and `catch is APIError { ... }` an error of that
/// type, `catch APIError.unknown { ... }` (or `catch .unknown`) that case. The first clause whose
/// pattern the thrown error matches runs, with the error named in it (`error` unless `let` names it).
struct CatchClause {
    /// Which errors the clause takes.
    enum Pattern: Equatable {
        /// Every error.
        case any
        /// An error of this type (`as APIError`, `is APIError`).
        case type(String)
        /// This case of an enumeration (`APIError.unknown`; the type nil for `.unknown`).
        case enumCase(type: String?, name: String)
    }

    let pattern: Pattern
    /// The block, with the error as its first local value.
    let handler: Expression

    /// Whether the thrown `error` (its Swift value, or its message as text) is one this clause takes.
    func matches(_ error: Value) -> Bool {
        switch pattern {
        case .any: return true
        case .type(let type): return Functions.value(error, isOfType: type)
        case .enumCase(let type, let name):
            guard error.enumCaseName == name else { return false }
            return type.map { Functions.value(error, isOfType: $0) } ?? true
        }
    }

    /// The test `matches` makes, as an expression of the thrown error `error`: what a `do`/`catch` in a
    /// body (Parser+DoCatch.swift) runs to choose its clause.
    func test(of error: Expression) -> Expression {
        switch pattern {
        case .any: return .literal(.bool(true))
        case .type(let type): return .call("is", [error, .literal(.string(type))])
        case .enumCase(let type, let name):
            let isCase = Expression.call("#isCase", [error, .literal(.string(name))])
            guard let type else { return isCase }
            return .binary(.and, .call("is", [error, .literal(.string(type))]), isCase)
        }
    }
}

extension Parser {
    /// Reads the `catch` clauses after a `do` block, from the first `catch`; none when no `catch` follows.
    /// Each handler has the error at `slot` (0 for a top-level `do`), and the values its pattern names after it.
    mutating func catchClauses(slot: Int = 0) throws -> [CatchClause] {
        var clauses: [CatchClause] = []
        while current.identifier == "catch" {
            let catchWord = current
            advance()
            var name = "error"
            var pattern = CatchClause.Pattern.any
            var bindings: [(name: String, value: Expression)] = []
            if current.identifier == "let", let written = peek(1).identifier {
                name = written
                advance()
                advance()
                if current.identifier == "as" {
                    advance()
                    pattern = .type(try castType())
                }
            } else if current.identifier == "is" {
                advance()
                pattern = .type(try castType())
            } else if !current.isSymbol("{") {
                (pattern, bindings) = try caseCatchPattern(slot: slot)
            }
            guard current.isSymbol("{") else {
                throw SyntaxError(
                    "a `catch` is followed by its block: `catch { ... }`, `catch let e as APIError { ... }`, "
                        + "`catch APIError.unknown { ... }`", at: current)
            }
            // The values the case's pattern names (`catch E.insufficientFunds(let needed)`) follow the error.
            let handler = try withName(name, at: slot) {
                try $0.bound(bindings[...], slot: slot + 1) {
                    try $0.block(nextLocal: slot + 1 + bindings.count, after: catchWord)
                }
            }
            clauses.append(CatchClause(pattern: pattern, handler: handler))
        }
        return clauses
    }

    private mutating func castType() throws -> String {
        guard let type = try? skipType() else {
            throw SyntaxError("expected a type after `as` or `is`, such as `APIError`", at: current)
        }
        return type
    }

    /// `APIError.unknown` or `.unknown`, or a case with the values it names (`APIError.invalid(let n)`,
    /// `.invalid(_)`), read from the thrown error, which is the handler's local value at `slot`.
    private mutating func caseCatchPattern(slot: Int) throws
        -> (CatchClause.Pattern, [(name: String, value: Expression)])
    {
        let start = current
        var type: String?
        if let written = current.identifier, peek(1).isSymbol(".") {
            type = written
            advance()
        } else if let written = current.identifier, written.first?.isUppercase == true {
            throw SyntaxError(
                "`catch \(written)` names a type, not a pattern: write `catch is \(written) { ... }` or "
                    + "`catch let e as \(written) { ... }`", at: start)
        }
        guard current.isSymbol("."), let name = peek(1).identifier else {
            throw SyntaxError(
                "this `catch` pattern is not read here: write `catch let e as TYPE`, `catch TYPE.CASE` or `catch`",
                at: start)
        }
        advance()
        advance()
        var bindings: [(name: String, value: Expression)] = []
        if current.isSymbol("(") {
            bindings = try associatedValuesPattern(of: name).matching(.argument(slot)).bindings
        }
        return (.enumCase(type: type, name: name), bindings)
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
