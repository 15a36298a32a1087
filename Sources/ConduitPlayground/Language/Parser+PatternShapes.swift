/// The patterns of a `case` that have a shape of their own, as Swift writes them: one-sided ranges
/// (`case ..<0:`, `case ...9:`, `case 10...:`), tuples (`case (0, 0):`, `case (let x, 0):`,
/// `case let (x, y) where x == y:`), whose elements are patterns in turn, and optionals (`case let x?:`,
/// `case .some(let x):`, `case .none:`); `case let .success(v):` names the case's values.
extension Parser {
    /// A one-sided range up to a bound, a tuple, or `let (x, y)` at the current token; nil (and
    /// nothing read) when the pattern is of another kind, or `(` opens a value (`case (1 + 2):`).
    mutating func rangeOrTuplePattern() throws -> CasePattern? {
        if let optional = try optionalPattern() { return optional }
        if case .symbol(let op) = current.kind, op == "..<" || op == "..." {
            advance()
            let bound = try patternBound()
            return CasePattern(kind: .oneSided(op == "..<" ? .less : .lessOrEqual, bound), name: nil)
        }
        if current.identifier == "let" || current.identifier == "var", peek(1).isSymbol("(") {
            // `let (x, y)`: every name in the tuple is bound.
            advance()
            return try tuplePattern(bindingNames: true)
        }
        guard current.isSymbol("(") else { return nil }
        let start = (position, depth)
        do {
            if let tuple = try tuplePattern(bindingNames: false) { return tuple }
        } catch let tupleError {
            // `(` may open a value that is not a tuple pattern: read it as one, or say what the tuple lacked.
            (position, depth) = start
            do { _ = try patternBound() } catch { throw tupleError }
        }
        (position, depth) = start
        return nil
    }

    /// `let x?`, `.some(PATTERN)` or `.none` at the current token: an optional's pattern; nil otherwise.
    /// `let .success(v)` loses its `let` here, the case's names being read as bound ones.
    private mutating func optionalPattern() throws -> CasePattern? {
        let binds = current.identifier == "let" || current.identifier == "var"
        if binds, peek(1).isSymbol(".") {
            advance()
            return nil
        }
        if binds, let name = peek(1).identifier, peek(2).isSymbol("?") {
            advance()
            advance()
            advance()
            return CasePattern(kind: .optionalSome(CasePattern(kind: .any, name: name == "_" ? nil : name)), name: nil)
        }
        guard current.isSymbol("."), peek(1).identifier == "some", peek(2).isSymbol("(") else { return nil }
        let open = peek(2)
        advance()
        advance()
        advance()
        let inner = try pattern()
        guard current.isSymbol(")") else {
            throw SyntaxError("expected `)` to close `.some(` opened here: write `.some(let value)`", at: open)
        }
        advance()
        return CasePattern(kind: .optionalSome(inner), name: nil)
    }

    /// `10...` after the value `lower` of a pattern: what is at least `lower`; nil when no `...` follows.
    mutating func upwardRange(from lower: Expression) throws -> CasePattern? {
        guard current.isSymbol("...") else { return nil }
        let next = peek(1)
        guard next.isSymbol(":") || next.isSymbol(",") || next.isSymbol(")") || next.identifier == "where" else {
            throw SyntaxError("a range pattern reads `case 1...9:` or `case 10...:`", at: current)
        }
        advance()
        return CasePattern(kind: .oneSided(.greaterOrEqual, lower), name: nil)
    }

    /// The value a pattern compares with, read up to its `:`, `,` or `)`.
    private mutating func patternBound() throws -> Expression {
        let saved = readingCondition
        readingCondition = true
        defer { readingCondition = saved }
        return try expression()
    }

    /// `(PATTERN, PATTERN, ...)`, an element may have a label (`(x: 0, y: _)`); with `bindingNames`
    /// (after `let`), a name alone binds the element. Nil when it has one element and no label, and
    /// so is a value in brackets, or when what follows `)` cannot end a pattern.
    private mutating func tuplePattern(bindingNames: Bool) throws -> CasePattern? {
        let open = current
        try enter()
        defer { depth -= 1 }
        advance()
        var elements: [CasePattern] = []
        var labelled = false
        while !current.isSymbol(")") {
            if current.identifier != nil, peek(1).isSymbol(":") {
                labelled = true
                advance()
                advance()
            }
            elements.append(try tupleElement(bindingNames: bindingNames))
            if current.isSymbol(",") {
                advance()
            } else if !current.isSymbol(")") {
                throw SyntaxError("expected `,` or `)` to close the tuple pattern opened here", at: open)
            }
        }
        advance()
        let ends = current.isSymbol(":") || current.isSymbol(",") || current.isSymbol(")") || current.isSymbol("=")
            || current.identifier == "where" || current.kind == .end
        guard bindingNames || (ends && (elements.count > 1 || labelled)) else { return nil }
        if elements.count == 1 { return elements[0] }
        return CasePattern(kind: .tuple(elements), name: nil)
    }

    /// One element of a tuple pattern: with `bindingNames`, a name alone (`x` in `let (x, 0)`) binds it.
    private mutating func tupleElement(bindingNames: Bool) throws -> CasePattern {
        if bindingNames, let name = current.identifier, name != "_", peek(1).isSymbol(",") || peek(1).isSymbol(")") {
            advance()
            return CasePattern(kind: .any, name: name)
        }
        if bindingNames, current.isSymbol("(") {
            return try tuplePattern(bindingNames: true) ?? CasePattern(kind: .any, name: nil)
        }
        return try pattern()
    }
}
