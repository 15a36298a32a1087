/// A `do`/`catch` in a body (Parser+DoCatch.swift), run as Swift runs it: the `do` block, and for an
/// error Swift code threw in it, the first clause whose test takes the error, with the error kept at
/// the slot the parser gave it. Mistakes and traps are not caught, as a Swift program never reaches them.
extension Interpreter {
    /// The bound form of `Parser.doCatch`'s parts: the error's slot, the `do` block, then a test and a
    /// block per clause.
    func boundDoCatch(_ parts: [Expression], at token: Token) throws -> Expression {
        guard parts.count >= 2, parts.count % 2 == 0, case .literal(.int(let slot)) = parts[0] else {
            throw SyntaxError("this `do`/`catch` was not read whole (an internal error of the playground)", at: token)
        }
        let body = try bind(parts[1])
        let clauses = try stride(from: 2, to: parts.count, by: 2).map { (try bind(parts[$0]), try bind(parts[$0 + 1])) }
        return .bound(
            BoundExpression { values in
                do {
                    return try body.evaluate(values)
                } catch let error as PlaygroundError where error.isThrown {
                    // The error takes the slot after the values before the `do`, as a `let` step's value would.
                    let scope = Array(values.prefix(slot)) + [error.value]
                    for (test, handler) in clauses where try test.evaluate(scope) == .bool(true) {
                        return try handler.evaluate(scope)
                    }
                    throw error
                }
            })
    }
}
