extension Parser {
    /// A string with `\(expression)` parts: the text of each part joined, as Swift interpolates.
    mutating func interpolation(_ value: String, at token: Token) throws -> Expression {
        var parts: [Expression] = []
        var literal = ""
        var code = ""
        var inCode = false
        for character in value {
            if character == Interpolation.start {
                if !literal.isEmpty { parts.append(.literal(.string(literal))) }
                literal = ""
                inCode = true
            } else if character == Interpolation.end {
                var inner: Parser
                do {
                    inner = try Parser(code)
                } catch {
                    throw SyntaxError("cannot read `\\(\(code))` in this string", at: token)
                }
                inner.parameters = parameters
                inner.enclosingParameters = enclosingParameters
                inner.variables = variables
                inner.enclosingVariables = enclosingVariables
                inner.selfMembers = selfMembers
                inner.depth = depth
                let expression: Expression
                do {
                    expression = try inner.expression()
                    try inner.expectEnd()
                } catch let error as SyntaxError {
                    throw SyntaxError("in `\\(\(code))`: \(error.message)", at: token)
                }
                highestArgument = max(highestArgument, inner.highestArgument)
                parts.append(.call("string", [expression]))
                code = ""
                inCode = false
            } else if inCode {
                code.append(character)
            } else {
                literal.append(character)
            }
        }
        if !literal.isEmpty { parts.append(.literal(.string(literal))) }
        guard var result = parts.first else { return .literal(.string("")) }
        if parts.count == 1, case .literal = result { return result }
        if case .call = result { result = .binary(.plus, .literal(.string("")), result) }
        for part in parts.dropFirst() { result = .binary(.plus, result, part) }
        return result
    }
}
