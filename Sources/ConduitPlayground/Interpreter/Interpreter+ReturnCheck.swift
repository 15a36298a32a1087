/// A function's returns checked against its declared result when it is declared (`func f() -> Int {
/// return "a" }` is refused with swiftc's words), the caret on the value returned, or on the body's
/// closing `}` for a missing `return`.
extension Interpreter {
    /// Refuses the declaration `written` (whose name is `token`) when a value its body returns does not
    /// fit `returnType`; a type error in the body itself is reported first, as it comes first.
    func checkReturns(
        of body: Expression, parameterTypes: [ValueType], returnType: ValueType?, written: String, at token: Token
    ) throws {
        guard let returnType,
            let problem = checker.returnProblem(
                of: body, parameterTypes: parameterTypes, declared: returnType, function: "global function")
        else { return }
        try checkBody(body, parameterTypes: parameterTypes, written: written, at: token)
        guard let value = problem.value else {
            let end = written.utf16.lastIndex(of: UInt16(UInt8(ascii: "}")))
                .map { written.utf16.distance(from: written.utf16.startIndex, to: $0) }
            throw SyntaxError(problem.message, offset: end ?? token.offset, length: 1)
        }
        throw SyntaxError(problem.message, at: Interpreter.place(of: value, in: written, after: token) ?? token)
    }

    /// Where `value` is written in `text` after `token`: the token that starts it, or for a literal
    /// its text (after a `return` if one is written before it).
    static func place(of value: Expression, in text: String, after token: Token) -> Token? {
        if let offset = writtenStart(of: value) { return Token(kind: .end, offset: offset, length: 1) }
        guard case .literal(let literal) = value else { return nil }
        let written: String
        switch literal {
        case .string(let string): written = Value.quote(string)
        case .int, .double, .bool: written = literal.description
        case .null: written = "nil"
        default: return nil
        }
        let utf16 = text.utf16
        guard token.offset + token.length <= utf16.count else { return nil }
        let start = utf16.index(utf16.startIndex, offsetBy: token.offset + token.length)
        let rest = text[start...]
        for pattern in ["return " + written, written] {
            guard let range = rest.range(of: pattern) else { continue }
            let from = range.upperBound.utf16Offset(in: text) - written.utf16.count
            return Token(kind: .end, offset: from, length: written.utf16.count)
        }
        return nil
    }

    /// The offset of the token a value's text starts with, where the expression keeps it: a name, a
    /// call, the left side of an operator, the base of a member.
    private static func writtenStart(of value: Expression) -> Int? {
        switch value {
        case .binary(_, let left, _): return writtenStart(of: left)
        case .call(let name, let parameters) where name.hasPrefix(".") && !parameters.isEmpty:
            return writtenStart(of: parameters[0])
        default: return Parser.startOffset(of: value)
        }
    }
}
