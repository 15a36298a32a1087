/// `let (code, message) = response`, `var (a, b) = (1, 2)`: Swift's declaration of several names
/// from the elements of one tuple (`_` leaves an element aside). The value is made once; each name
/// is then declared with its element, as `let NAME = VALUE` declares one.
extension Parser {
    /// Reads `(NAME, NAME...) = VALUE` after `let` or `var` (`word`); nil, reading nothing, when no
    /// `(` follows.
    mutating func tupleDeclaration(_ word: Token) throws -> Statement? {
        guard current.isSymbol("(") else { return nil }
        let command = word.display
        let usage = "write `\(command) (first, second) = (1, 2)`: names (or `_`) between parentheses, then a tuple"
        advance()
        var names: [Token?] = []
        while !current.isSymbol(")") {
            if current.identifier == "_" {
                names.append(nil)
                advance()
            } else {
                names.append(try newName(after: command))
            }
            if current.isSymbol(",") {
                advance()
            } else if !current.isSymbol(")") {
                throw SyntaxError(usage, at: current)
            }
        }
        advance()
        guard names.count >= 2 else { throw SyntaxError(usage, at: current) }
        if current.isSymbol(":") {
            advance()
            _ = try skipType()
        }
        try expectSymbol("=", usage)
        let first = current
        let expression = try valueExpression()
        try expectEnd()
        let isConstant = command == "let"
        return Statement(command) { session in
            let type = session.checker.type(of: expression, arguments: [])
            let value = try session.located(at: first) { try session.bind(expression).evaluate([]) }
            guard let items = value.tupleItems, items.count == names.count else {
                throw SyntaxError(
                    "cannot destructure \(value.kindName) \(value) into \(names.count) names: "
                        + "`\(command) (...)` takes a tuple of \(names.count) elements", at: first)
            }
            for (index, name) in names.enumerated() {
                guard let name else { continue }
                var element: ValueType?
                if case .tuple(let types, _) = type, types.indices.contains(index) { element = types[index] }
                try session.defineValue(name, items[index], isConstant: isConstant, staticType: element)
            }
        }
    }
}
