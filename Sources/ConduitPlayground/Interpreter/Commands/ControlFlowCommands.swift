/// Swift's `if` and `while` as top-level statements, as a script or Swift's REPL runs them:
/// `if let song = player.currentSong { print(song) } else { print("nothing") }`,
/// `while count < 3 { count += 1 }`. Their blocks are read as a closure's body is (steps, `if`,
/// `guard`, `switch`, calls, assignments to the session's `var`s and objects' properties).
enum ControlFlowCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "if", usage: "if CONDITION { BODY }",
            summary: "runs its block when the condition holds (`if let NAME = OPTIONAL` names the value for the "
                + "block), else the `else { BODY }` block if it has one, as Swift's `if` does",
            example: "if let first = [1, 2].first { print(first) }", arguments: [.value]
        ) { parser, word in
            // The `if` is read again from its keyword, as in a closure's body.
            parser.position -= 1
            parser.readingStatementBlock = true
            let body = try parser.ifStatement(nextLocal: 0)
            try parser.expectEnd()
            return Statement(word.display) { session in try session.runBlock(body, at: word) }
        },
        CommandSpec(
            "while", usage: "while CONDITION { BODY }",
            summary: "runs its block again and again while the condition holds (at most 1,000,000 times; "
                + "Ctrl-C stops it), as Swift's `while` does",
            example: "while count < 3 { count += 1 }", arguments: [.value]
        ) { parser, word in
            let condition = try parser.condition()
            parser.readingStatementBlock = true
            let body = try parser.block(nextLocal: 0, after: word)
            try parser.expectEnd()
            return Statement(word.display) { session in
                try session.runWhileLoop(condition: condition, body: body, at: word)
            }
        },
    ]
}

extension Interpreter {
    /// Runs a top-level block (an `if` statement) once.
    func runBlock(_ body: Expression, at token: Token) throws {
        let bound = try bind(body)
        _ = try located(at: token) { try bound.evaluate([]) }
    }

    /// The most times a top-level `while` runs its block: a condition that never turns false is
    /// stopped with a message rather than hanging the session.
    static let maximumWhileIterations = 1_000_000

    /// Runs `body` while `condition` holds, reading the condition anew before each turn.
    func runWhileLoop(condition: Expression, body: Expression, at token: Token) throws {
        let test = try bind(condition)
        let block = try bind(body)
        try located(at: token) {
            for turn in 0..<Interpreter.maximumWhileIterations {
                // Ctrl-C stops a long loop, as it does a `for`.
                if turn % 256 == 255, scheduler.budget.isStopped { return }
                let holds = try test.evaluate([])
                guard case .bool(let flag) = holds else {
                    throw PlaygroundError("a `while` condition is a Bool, not \(holds.kindName) \(holds)")
                }
                guard flag else { return }
                _ = try block.evaluate([])
            }
            throw PlaygroundError(
                "this `while` ran \(Interpreter.maximumWhileIterations) times and its condition still holds: "
                    + "it stopped there; change what the condition reads inside the block")
        }
    }
}
