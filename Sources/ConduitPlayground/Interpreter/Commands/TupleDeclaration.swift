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
        let names = try tuplePattern(usage: usage) { parser in try parser.newName(after: command) }
        let first = current
        let expression = try valueExpression()
        try expectEnd()
        let isConstant = command == "let"
        return Statement(command) { session in
            let type = session.checker.type(of: expression, arguments: [])
            if let message = Parser.patternMismatch(names: names.count, value: type) {
                throw SyntaxError(message, at: first)
            }
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

extension Parser {
    /// `(NAME, _, NAME...)` of a tuple declaration, at its `(`, then its type if one is written (`: (Int,
    /// String)`) and the `=`: the names, each read by `readName`, nil for `_`. Fails with `usage` where
    /// something else stands, or where fewer than two names are written.
    mutating func tuplePattern(usage: String, readName: (inout Parser) throws -> Token) throws -> [Token?] {
        let open = current
        advance()
        var names: [Token?] = []
        while !current.isSymbol(")") {
            if current.identifier == "_" {
                names.append(nil)
                advance()
            } else {
                names.append(try readName(&self))
            }
            if current.isSymbol(",") {
                advance()
            } else if !current.isSymbol(")") {
                throw SyntaxError(usage, at: current)
            }
        }
        advance()
        guard names.count >= 2 else { throw SyntaxError(usage, at: open) }
        if current.isSymbol(":") {
            advance()
            _ = try skipType()
        }
        try expectSymbol("=", usage)
        return names
    }

    /// Swift's refusal of a tuple pattern of `names` names for a value of type `value`, found before
    /// anything runs: a tuple of another length (`let (a, b) = (1, 2, 3)`), or a value that is surely
    /// no tuple (`let (a, b) = 5`); nil when it fits or the type is not known well enough to say.
    static func patternMismatch(names: Int, value: ValueType) -> String? {
        switch value {
        case .tuple(let items, _) where items.count != names:
            // swiftc spells the pattern with the value's types where it has them (`(Int, String, _)`).
            let pattern = (0..<names).map { $0 < items.count ? items[$0].swiftName : "_" }
            return "'\(value.swiftName)' is not convertible to '(\(pattern.joined(separator: ", ")))', tuples have a "
                + "different number of elements"
        case .tuple, .optional, .void:
            return nil
        default:
            guard value.isKnownPlainType else { return nil }
            let pattern = Array(repeating: "_", count: names).joined(separator: ", ")
            return "cannot convert value of type '\(value.swiftName)' to specified type '(\(pattern))'"
        }
    }
}
