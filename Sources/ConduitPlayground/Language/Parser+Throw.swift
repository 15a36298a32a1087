/// `throw ERROR` in a closure or a function body (`tryMap { v -> Int in if v < 0 { throw BadInput() }; return v }`):
/// the closure fails with that error, which fails a throwing operator's pipeline, as Swift's does.
extension Parser {
    /// Reads `throw ERROR`: an early exit, as `return` is (what follows an `if` that throws is its `else`).
    mutating func throwStatement() throws -> Expression {
        advance()
        let start = current
        let thrown = try expression()
        let last = tokens[max(position - 1, 0)]
        let written = String(source_text(start.offset, last.offset + last.length))
        returnsRead += 1
        // What follows a `throw` never runs: the block must end there (`expected '}'` otherwise).
        _ = try endStatement()
        return .call("#throw", [thrown, .literal(.string(written))])
    }

    /// The function `try? EXPRESSION` stands for: the value, or nil for an error Swift code threw.
    static let optionalTry = "#try?"

    /// The error a `throw` fails with: a value made by a type (`BadInput()`, `NetworkError.offline`)
    /// as Swift prints it, which is as it was written (a case: as its value prints inside another);
    /// any other value (a message) as its text.
    static func thrownError(_ value: Value, written: String) -> PlaygroundError {
        // A case is a value of its type whatever it carries (`APIError.bad(code: 3, "x")`).
        let madeByType = value.enumCaseName != nil
            || written.first?.isUppercase == true && !written.contains("\"") && !written.contains("\\(")
        // A case is named by its value (`APIError.invalidValue(-3)`), not as written (`.invalidValue(v)`); so is
        // a struct's value (`ParseError(text: "abc")`, not `ParseError(text: text)`), as Swift's `print(error)`.
        let message = value.enumCaseName != nil ? value.nestedDescription
            : madeByType && !value.isInstance ? written : Functions.text(value)
        var error = PlaygroundError(message)
        error.isThrown = true
        if madeByType { error.thrownValue = value }
        return error
    }
}

extension Value {
    /// Whether the value is one a struct declared in the session made (`ParseError(text: "abc")`).
    var isInstance: Bool {
        guard case .record(let fields) = self, case .instance = fields.kind else { return false }
        return true
    }
}
