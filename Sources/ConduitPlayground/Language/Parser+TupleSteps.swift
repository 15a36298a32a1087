/// `let (a, b) = pair` and `var (x, _) = (1, 2)` in a function's, a method's or a closure's body, as Swift
/// writes them: the tuple is kept as a step's value, and each name is a step of its own holding the element
/// at its position (a `var`'s a variable, `LocalVariable`). A top-level one is a command (TupleDeclaration.swift).
extension Parser {
    /// Reads `let (NAMES) = VALUE` (or `var`) and what follows it in the body, its tuple at `nextLocal` and
    /// its names after it; nil, reading nothing, when the statement is no such step.
    mutating func tupleStep(nextLocal: Int) throws -> Expression? {
        guard let word = current.identifier, word == "let" || word == "var", peek(1).isSymbol("(") else {
            return nil
        }
        let usage = "write `\(word) (first, second) = (1, 2)`: names (or `_`) between parentheses, then a tuple"
        advance()
        let names = try tuplePattern(usage: usage) { parser in
            guard let name = parser.current.identifier, !Parser.swiftKeywords.contains(name) else {
                throw SyntaxError(usage, at: parser.current)
            }
            defer { parser.advance() }
            return parser.current
        }.map { $0?.identifier }
        let value = try expression()
        if current.isSymbol(";") { advance() }
        let tuple = Expression.argument(nextLocal)
        var steps: [(name: String, slot: Int, value: Expression)] = []
        for (index, name) in names.enumerated() {
            guard let name else { continue }
            let element = Expression.index(tuple, .literal(.int(index)))
            steps.append((name, nextLocal + 1 + steps.count, word == "var" ? .newVariable(element) : element))
        }
        let rest = try withSteps(steps, declareVariables: word == "var") { parser in
            guard parser.moreStatementsFollow else {
                guard parser.readingStatementBlock else {
                    throw SyntaxError(
                        "the closure ends after `\(word) (...) = ...`; write the value it gives, for example "
                            + "`return \(names.compactMap { $0 }.first ?? "value")`", at: parser.current)
                }
                return .literal(.void)
            }
            return try parser.closureBody(nextLocal: nextLocal + 1 + steps.count)
        }
        let named = steps.reversed().reduce(rest) { body, step in
            Expression.local(slot: step.slot, value: step.value, body: body)
        }
        return .local(slot: nextLocal, value: value, body: named)
    }

    /// Runs `read` with each step's name naming its slot (a `var`'s as a variable), as the rest of the body's scope.
    private mutating func withSteps(
        _ steps: [(name: String, slot: Int, value: Expression)], declareVariables: Bool,
        _ read: (inout Parser) throws -> Expression
    ) throws -> Expression {
        let saved = (parameters, variables)
        defer { (parameters, variables) = saved }
        for step in steps {
            parameters[step.name] = step.slot
            if declareVariables { variables.insert(step.slot) } else { variables.remove(step.slot) }
        }
        return try read(&self)
    }
}
