import Foundation

/// Swift's optional spelled with its generic type: `Optional<Int>.none`, `Optional<Int>.some(1)`
/// and `Optional<String>("a")`, read as the value (nil, or the one given) with the written type, as
/// `let x: Int? = ...` is, so that it prints and is typed as Swift's `Int?`.
extension Parser {
    /// Reads from `Optional` (the current token, `token`) to the end of its `.none`, `.some(VALUE)` or
    /// `(VALUE)`.
    mutating func optionalOfWrittenType(at token: Token) throws -> Expression {
        let wrapped = try writtenGenericArguments(of: token)
        let written = Expression.literal(.string(wrapped + "?"))
        if current.isSymbol("."), peek(1).identifier == "none" {
            advance()
            advance()
            return .call("#typed", [written, .literal(.null)])
        }
        let isSome = current.isSymbol(".") && peek(1).identifier == "some" && peek(2).isSymbol("(")
        guard isSome || current.isSymbol("(") else {
            throw SyntaxError(
                "expected `.none`, `.some(VALUE)` or `(VALUE)` after `Optional<\(wrapped)>`, as in "
                    + "`Optional<\(wrapped)>.none`", at: current)
        }
        // Past `.some(` or `(`, to the value.
        for _ in 0..<(isSome ? 3 : 1) { advance() }
        let name = isSome ? "some" : "Optional"
        let arguments = try callArguments(of: name)
        guard arguments.count == 1 else {
            throw SyntaxError("`\(isSome ? ".some" : "Optional<\(wrapped)>")(...)` takes one value", at: token)
        }
        return .call("#typed", [written, arguments[0]])
    }
}
