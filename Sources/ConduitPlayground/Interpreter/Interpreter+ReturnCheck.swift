/// A function's returns checked against its declared result when it is declared (`func f() -> Int {
/// return "a" }` is refused with swiftc's words), the caret on the value returned, or on the body's
/// closing `}` for a missing `return`.
extension Interpreter {
    /// Refuses the declaration `written` (whose name is `token`) when a value its body returns does not
    /// fit `returnType`; a type error in the body itself is reported first, as it comes first.
    func checkReturns(
        of body: Expression, parameters: [String], parameterTypes: [ValueType], returnType: ValueType?,
        written: String, at token: Token
    ) throws {
        guard let returnType,
            let problem = checker.returnProblem(
                of: body, parameterTypes: parameterTypes, declared: returnType, function: "global function")
        else { return }
        if case .literal(.string(let name)) = problem.value, !written.contains(Value.quote(name)) {
            // `return .pi`: an implied member, which reads as the text of its name; its type is not known here.
            return
        }
        try checkBody(body, parameterTypes: parameterTypes, written: written, at: token)
        guard let value = problem.value else {
            let end = written.utf16.lastIndex(of: UInt16(UInt8(ascii: "}")))
                .map { written.utf16.distance(from: written.utf16.startIndex, to: $0) }
            throw SyntaxError(problem.message, offset: end ?? token.offset, length: 1)
        }
        let place = Interpreter.place(of: value, parameters: parameters, in: written, after: token)
        throw SyntaxError(problem.message, at: place ?? token)
    }

    /// Where `value` is written in `text` after `token`: the token that starts it, or for a literal or
    /// a parameter its text (after a `return` if one is written before it), or else what follows the
    /// only `return`.
    static func place(of value: Expression, parameters: [String], in text: String, after token: Token) -> Token? {
        if let offset = writtenStart(of: value) { return Token(kind: .end, offset: offset, length: 1) }
        let utf16 = text.utf16
        guard token.offset + token.length <= utf16.count else { return nil }
        let rest = text[utf16.index(utf16.startIndex, offsetBy: token.offset + token.length)...]
        var written: String?
        switch value {
        case .literal(.string(let string)): written = Value.quote(string)
        case .literal(.null): written = "nil"
        case .literal(let literal):
            switch literal {
            case .int, .double, .bool: written = literal.description
            default: break
            }
        case .argument(let slot) where parameters.indices.contains(slot): written = parameters[slot]
        default: break
        }
        if let written {
            for pattern in ["return " + written, written] {
                guard let range = rest.range(of: pattern) else { continue }
                let from = range.upperBound.utf16Offset(in: text) - written.utf16.count
                return Token(kind: .end, offset: from, length: written.utf16.count)
            }
        }
        let returns = rest.ranges(of: "return ")
        guard returns.count == 1, let only = returns.first else { return nil }
        return Token(kind: .end, offset: only.upperBound.utf16Offset(in: text), length: 1)
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
