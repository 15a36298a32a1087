/// Expressions: values, operators by precedence, members, indexes and literals.
extension Parser {
    /// A value written in a command (`send`, `current`): an expression without closure arguments.
    mutating func valueExpression() throws -> Expression {
        let start = current
        let saved = highestArgument
        let expression = try self.expression()
        if highestArgument != saved {
            throw SyntaxError("`$0` only means something inside a closure `{ ... }`", at: start)
        }
        return expression
    }

    mutating func expression() throws -> Expression {
        try enter()
        defer { depth -= 1 }
        let condition = try binary(level: 0)
        guard current.isSymbol("?") else { return condition }
        advance()
        let whenTrue = try expression()
        try expectSymbol(":", "the ternary operator reads `condition ? a : b`")
        let whenFalse = try expression()
        return .conditional(condition, whenTrue, whenFalse)
    }

    static let precedence: [[BinaryOperator]] = [
        [.or], [.and], [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual], [.plus, .minus], [.times, .divide, .remainder],
    ]

    mutating func binary(level: Int) throws -> Expression {
        guard level < Parser.precedence.count else { return try unary() }
        var left = try binary(level: level + 1)
        let entered = depth
        defer { depth = entered }
        while case .symbol(let symbol) = current.kind, let op = BinaryOperator(rawValue: symbol), Parser.precedence[level].contains(op) {
            // Each operator nests the expression so far one level deeper.
            try enter()
            advance()
            let right = try binary(level: level + 1)
            left = .binary(op, left, right)
        }
        return left
    }

    mutating func unary() throws -> Expression {
        if current.isSymbol("!") || current.isSymbol("-") {
            guard case .symbol(let op) = current.kind else { return try postfix() }
            try enter()
            defer { depth -= 1 }
            advance()
            return .unary(op, try unary())
        }
        return try postfix()
    }

    mutating func postfix() throws -> Expression {
        var expression = try primary()
        let entered = depth
        defer { depth = entered }
        while true {
            if current.isSymbol(".") || current.isSymbol("[") {
                // Each member or index access nests the expression one level deeper.
                try enter()
            }
            if current.isSymbol(".") {
                let next = peek(1)
                guard let member = next.identifier else {
                    if case .integer(let index) = next.kind {
                        // `$0.1`: tuple-style access to an element.
                        advance()
                        advance()
                        expression = .index(expression, .literal(.int(index)))
                        continue
                    }
                    throw SyntaxError("expected a member name after `.`", at: next)
                }
                advance()
                advance()
                expression = .member(expression, member)
            } else if current.isSymbol("[") {
                advance()
                let index = try self.expression()
                try expectSymbol("]", "close the index with `]`")
                expression = .index(expression, index)
            } else {
                return expression
            }
        }
    }

    mutating func primary() throws -> Expression {
        let token = current
        switch token.kind {
        case .integer(let value):
            advance()
            return .literal(.int(value))
        case .decimal(let value):
            advance()
            return .literal(.double(value))
        case .string(let value):
            advance()
            return .literal(.string(value))
        case .dollar(let index):
            advance()
            highestArgument = max(highestArgument, index)
            return .argument(index)
        case .identifier("true"):
            advance()
            return .literal(.bool(true))
        case .identifier("false"):
            advance()
            return .literal(.bool(false))
        case .identifier("nil"):
            advance()
            return .literal(.null)
        case .identifier(let name):
            if let index = parameters[name] {
                advance()
                return .argument(index)
            }
            if peek(1).isSymbol("(") {
                guard Functions.all.contains(where: { $0.name == name }) else {
                    let hint = Suggestion.closest(to: name, in: Functions.all.map(\.name)).map { "; did you mean `\($0)`?" } ?? "; `help functions` lists them"
                    throw SyntaxError("unknown function `\(name)`\(hint)", at: token)
                }
                advance()
                advance()
                let arguments = try list(until: ")", what: "the call of `\(name)`") { try $0.expression() }
                return .call(name, arguments)
            }
            throw SyntaxError(
                "`\(name)` means nothing here: inside a closure use `$0` (or name the parameters: `{ x in x * 2 }`), and write strings in double quotes",
                at: token
            )
        case .symbol("("):
            advance()
            let inner = try expression()
            try expectSymbol(")", "close the parenthesis with `)`")
            return inner
        case .symbol("["):
            advance()
            let items = try list(until: "]", what: "the array") { try $0.expression() }
            return .array(items)
        case .symbol("{"):
            advance()
            let fields = try list(until: "}", what: "the record") { parser -> (String, Expression) in
                guard let name = parser.current.identifier else {
                    throw SyntaxError(
                        "a record field is `name: value`, for example `{name: \"ace\", rank: 1}`", at: parser.current
                    )
                }
                parser.advance()
                try parser.expectSymbol(":", "a record field is `name: value`")
                return (name, try parser.expression())
            }
            return .record(fields)
        case .end:
            throw SyntaxError("the line ends where a value was expected", at: token)
        default:
            throw SyntaxError("expected a value, not `\(token.display)`", at: token)
        }
    }
}
