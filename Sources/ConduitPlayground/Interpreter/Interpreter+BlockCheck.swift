/// Swift's type errors in a top-level statement's blocks (`if`, `switch`, `do`/`catch`, `guard`'s
/// `else`, a `while`'s body), found before any of it runs: swiftc refuses the whole program, so a
/// mistake in a block's third statement must not leave its first two run and printed.
extension Interpreter {
    /// Checks each block of the statement `written` (whose keyword is `token`), its values at slots
    /// `0...` having the types given (`.value` where the checker cannot know them); a type error is
    /// one `SyntaxError` whose caret is on its place in `written`.
    func checkBlocks(_ blocks: [(body: Expression, arguments: [ValueType])], written: String, at token: Token)
        throws
    {
        let checker = checker
        for (body, arguments) in blocks {
            do {
                try checker.checkExpression(body, arguments: arguments)
            } catch let mismatch as TypeMismatch {
                let statement = PipelineSyntax(source: .expression(body), operators: [], text: written, startOffset: 0)
                throw checker.located(mismatch, in: statement, after: token)
            }
        }
    }

    /// Checks one block of the statement `written`, with no values of its own before it.
    func checkBlock(_ body: Expression, written: String, at token: Token) throws {
        try checkBlocks([(body, [])], written: written, at: token)
    }
}
