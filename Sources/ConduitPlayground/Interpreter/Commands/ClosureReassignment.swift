/// `greet = { "Hi \($0)" }` at the top level: a closure held by a `var` (`var greet: (String) -> String
/// = { name in ... }`, which the session keeps as a function) replaced by another, as Swift replaces
/// the variable's value; calls read from then on run the new closure.
extension ObjectCommands {
    /// The statement `NAME = { ... }` when `expression` is a name and a closure (not a record) follows `=`;
    /// nil (reading nothing) otherwise.
    static func closureReassignment(_ parser: inout Parser, of expression: Expression) throws -> Statement? {
        guard case .name(let name, let token) = expression, parser.current.isSymbol("=") else { return nil }
        let start = parser.position
        parser.advance()
        guard parser.current.isSymbol("{"), !parser.looksLikeRecord() else {
            parser.position = start
            return nil
        }
        let signature = try parser.signatureOfClosure()
        let closure = try parser.closure()
        try parser.expectEnd()
        let text = parser.text.trimmingWhitespace()
        return Statement("set") { session in
            if case .value(let named)? = session.entries[name], named.holdsClosureOrNil {
                // `var onDone: (() -> Void)? = nil`, then `onDone = { ... }`: the variable holds the closure value.
                let value = try session.constant(Parser.closureLiteral(closure), at: token)
                try session.assign(value, to: expression, at: token)
                return
            }
            guard case .function(let existing)? = session.entries[name] else {
                throw SyntaxError("`\(name)` holds no closure to replace: declare it with "
                    + "`var \(name): (String) -> String = { ... }`", at: token)
            }
            guard existing.isVariable else {
                throw SyntaxError("cannot assign to value: '\(name)' is a 'let' constant (declare it with `var`)",
                    at: token)
            }
            let parameters = signature?.parameterNames
                ?? (0..<max(closure.parameterCount, existing.parameters.count)).map { "$\($0)" }
            guard parameters.count == existing.parameters.count else {
                throw SyntaxError("`\(name)` holds a closure of \(existing.parameters.count) parameter"
                    + "\(existing.parameters.count == 1 ? "" : "s"); this one takes \(parameters.count)", at: token)
            }
            try session.declareFunction(
                token, parameters: parameters, parameterTypes: existing.parameterTypes, returnType: existing.returnType,
                body: closure.body, text: text, isVariable: true)
        }
    }
}
