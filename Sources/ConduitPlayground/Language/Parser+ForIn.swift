/// Swift's `for NAME in SEQUENCE { BODY }` over a value: an array's elements, a string's characters,
/// a dictionary's `[key, value]` pairs, or a range `0..<3` (`1...3`). The body is read as a closure
/// whose outer parameter is NAME, so closures inside it may use NAME too.
extension Parser {
    /// What a loop reads: the sequence (or a range's bounds) and the body.
    struct ForInLoop {
        let sequence: Expression
        /// `..<` or `...` and the upper bound, for a range `sequence..<upper`.
        let range: (closed: Bool, upper: Expression)?
        let body: Closure
        let variable: Token
    }

    /// Reads `NAME in SEQUENCE { BODY }`, after `for`.
    mutating func forInLoop() throws -> ForInLoop {
        let usage = "write `for NAME in VALUE { BODY }`, such as `for name in names { print(name) }`"
        let variable = current
        guard let name = variable.identifier, name != "in" else {
            if current.isSymbol("(") {
                throw SyntaxError(
                    "a loop here takes one name; for pairs, loop over `xs.enumerated()` with one name and read "
                        + "`pair[0]` and `pair[1]`", at: current)
            }
            throw SyntaxError(usage, at: variable)
        }
        advance()
        guard current.identifier == "in" else { throw SyntaxError(usage, at: current) }
        advance()
        // As in an `if` condition, a `{` after the sequence opens the body, not a trailing closure.
        let savedCondition = readingCondition
        readingCondition = true
        defer { readingCondition = savedCondition }
        let sequence = try valueExpression()
        var range: (closed: Bool, upper: Expression)?
        if case .symbol(let op) = current.kind, op == "..<" || op == "..." {
            advance()
            range = (op == "...", try valueExpression())
        }
        guard current.isSymbol("{") else {
            throw SyntaxError("the loop's body goes in braces: \(usage)", at: current)
        }
        readingCondition = savedCondition
        let saved = parameters
        parameters = [name: 0]
        defer { parameters = saved }
        let body = try closure()
        return ForInLoop(sequence: sequence, range: range, body: body, variable: variable)
    }
}
