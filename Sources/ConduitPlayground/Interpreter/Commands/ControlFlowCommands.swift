/// Swift's `if`, `switch`, `while` and `do`/`catch` as top-level statements, as a script or Swift's
/// REPL runs them: `if let song = player.currentSong { print(song) } else { print("nothing") }`,
/// `switch result { case .success(let v): print(v) case .failure: print("failed") }`,
/// `while count < 3 { count += 1 }`, `do { try check(x) } catch { print(error) }`. Their blocks are
/// read as a closure's body is (steps, `if`, `guard`, `switch`, calls, assignments to the session's
/// `var`s and objects' properties).
enum ControlFlowCommands {
    /// An `if` or a `switch` at the top level, read again from its keyword (`word`) by `read` as in a
    /// closure's body, and run as a block.
    private static func block(_ parser: inout Parser, _ word: Token, _ read: (inout Parser) throws -> Expression)
        throws -> Statement
    {
        parser.position -= 1
        parser.readingStatementBlock = true
        let body = try read(&parser)
        try parser.expectEnd()
        let text = parser.text
        return Statement(word.display) { session in
            try session.checkBlock(body, written: text, at: word)
            try session.runBlock(body, at: word)
        }
    }

    static let all: [CommandSpec] = [
        CommandSpec(
            "if", usage: "if CONDITION { BODY }",
            summary: "runs its block when the condition holds (`if let NAME = OPTIONAL` names the value for the "
                + "block), else the `else { BODY }` block if it has one, as Swift's `if` does",
            example: "if let first = [1, 2].first { print(first) }", arguments: [.value]
        ) { parser, word in
            try ControlFlowCommands.block(&parser, word) { try $0.ifStatement(nextLocal: 0) }
        },
        CommandSpec(
            "switch", usage: "switch VALUE { case P: BODY }",
            summary: "runs the body of the first case whose pattern matches the value (`case .loaded(let n):`, "
                + "`case 1, 2:`, `default:`), as Swift's `switch` does",
            example: "switch 2 { case 1: print(\"one\") default: print(\"more\") }", arguments: [.value]
        ) { parser, word in
            try ControlFlowCommands.block(&parser, word) { try $0.switchStatement(nextLocal: 0) }
        },
        CommandSpec(
            "guard", usage: "guard CONDITION else { BODY }",
            summary: "goes on when the condition holds (`guard let NAME = OPTIONAL` names the value from then on); "
                + "else runs its block, which must leave: at the top level the script stops there, as Swift's does",
            example: "guard let n = Int(\"42\") else { fatalError(\"not a number\") }", arguments: [.value]
        ) { parser, word in
            // The `guard` is read again from its keyword, as in a closure's body.
            parser.position -= 1
            parser.readingStatementBlock = true
            let (head, otherwise) = try parser.topLevelGuard()
            try parser.expectEnd()
            let text = parser.text
            // The `else` block reads the values the clauses bound, of types not known here.
            let bound = head.clauses.filter { $0.binding != nil }.map { _ in ValueType.value }
            return Statement(word.display) { session in
                try session.checkBlocks([(otherwise, bound)], written: text, at: word)
                try session.runGuard(head, otherwise: otherwise, at: word)
            }
        },
        CommandSpec(
            "while", usage: "while CONDITION { BODY }",
            summary: "runs its block again and again while the condition holds (at most 1,000,000 times; "
                + "Ctrl-C stops it), as Swift's `while` does",
            example: "while count < 3 { count += 1 }", arguments: [.value]
        ) { parser, word in
            parser.readingStatementBlock = true
            parser.loopDepth = 1
            let text = parser.text
            if let body = try parser.whileConditionBody(nextLocal: 0, after: word) {
                try parser.expectEnd()
                return Statement(word.display) { session in
                    try session.checkBlock(body, written: text, at: word)
                    try session.runWhileLoop(condition: .literal(.bool(true)), body: body, at: word)
                }
            }
            let condition = try parser.whileCondition(after: word)
            let body = try parser.block(nextLocal: 0, after: word)
            try parser.expectEnd()
            return Statement(word.display) { session in
                try session.checkCondition(condition, at: word)
                try session.checkBlock(body, written: text, at: word)
                try session.runWhileLoop(condition: condition, body: body, at: word)
            }
        },
        CommandSpec(
            "repeat", usage: "repeat { BODY } while CONDITION",
            summary: "runs its block, then again while the condition holds (at most 1,000,000 times), as Swift's "
                + "`repeat`-`while` does",
            example: "repeat { count += 1 } while count < 3", arguments: [.value]
        ) { parser, word in
            parser.readingStatementBlock = true
            parser.loopDepth = 1
            let body = try parser.block(nextLocal: 0, after: word)
            parser.loopDepth = 0
            guard parser.current.identifier == "while" else {
                throw SyntaxError("expected 'while' after 'repeat' body: write `repeat { ... } while CONDITION`",
                    at: parser.current)
            }
            let condition = try parser.repeatCondition(of: word)
            try parser.expectEnd()
            let text = parser.text
            return Statement(word.display) { session in
                try session.checkCondition(condition, at: word)
                try session.checkBlock(body, written: text, at: word)
                try session.runWhileLoop(condition: condition, body: body, at: word, testsFirst: false)
            }
        },
        CommandSpec(
            "do", usage: "do { BODY } catch { BODY }",
            summary: "runs its block; an error thrown in it (`throw BadInput()`, directly or from a function) "
                + "runs the first `catch` block that takes it (`catch let e as APIError`, `catch APIError.unknown`, "
                + "`catch`), which names it `error` (or `catch let NAME`), as Swift's do/catch does",
            example: "do { throw BadInput() } catch { print(\"caught\", error) }", arguments: [.value]
        ) { parser, word in
            parser.readingStatementBlock = true
            let body = try parser.block(nextLocal: 0, after: word)
            let text = parser.text
            guard parser.current.identifier == "catch" else {
                // `do { ... }` alone: a block, as Swift's.
                try parser.expectEnd()
                return Statement(word.display) { session in
                    try session.checkBlock(body, written: text, at: word)
                    try session.runBlock(body, at: word)
                }
            }
            let clauses = try parser.catchClauses()
            try parser.expectEnd()
            return Statement(word.display) { session in
                // A `catch` block has the error as its value, of a type not known here.
                let blocks = [(body, [])] + clauses.map { ($0.handler, [ValueType.value]) }
                try session.checkBlocks(blocks, written: text, at: word)
                try session.runDoCatch(body, clauses: clauses, at: word)
            }
        },
    ]
}

extension Interpreter {
    /// A top-level `guard`: its name defined when the condition holds; else its block run, and then
    /// the statement fails, since the block did not leave (a script stops there).
    func runGuard(_ head: IfHead, otherwise: Expression, at token: Token) throws {
        // Clause by clause, as Swift tests them: a later clause may read what an earlier one bound.
        var values: [Value] = []
        var holds = true
        for clause in head.clauses where holds {
            if let binding = clause.binding {
                let value = try bind(binding.value)
                values.append(try located(at: token) { try value.evaluate(values) })
            }
            let test = try bind(clause.test(max(0, values.count - 1)))
            holds = try located(at: token) { try test.evaluate(values) } == .bool(true)
        }
        if holds {
            for (name, slot) in head.names(from: 0) {
                try defineValue(
                    Token(kind: .identifier(name), offset: token.offset, length: token.length), values[slot],
                    isConstant: true)
            }
            return
        }
        let block = try bind(otherwise)
        _ = try located(at: token) { try block.evaluate(values) }
        throw SyntaxError("the `guard` condition failed and its `else` did not leave: in a script that is the end "
            + "(write `fatalError(\"why\")` in the `else`)", at: token)
    }

    /// Runs a top-level block (an `if` statement) once.
    func runBlock(_ body: Expression, at token: Token) throws {
        let bound = try bind(body)
        _ = try located(at: token) { try bound.evaluate([]) }
    }

    /// Runs `body`; an error Swift code threw in it runs the first of `clauses` that takes it, with the
    /// error as its value (what Swift prints for it); one no clause takes goes on, as Swift's does.
    /// Mistakes and traps are not caught: a Swift program would not reach them.
    func runDoCatch(_ body: Expression, clauses: [CatchClause], at token: Token) throws {
        let block = try bind(body)
        let handlers = try clauses.map { (test: try bind($0.test), handler: try bind($0.handler)) }
        do {
            _ = try block.evaluate([])
        } catch let error as PlaygroundError where error.isThrown {
            let value = error.value
            for clause in handlers where try located(at: token, { try clause.test.evaluate([value]) }) == .bool(true) {
                _ = try located(at: token) { try clause.handler.evaluate([value]) }
                return
            }
            _ = try located(at: token) { throw error }
        } catch {
            _ = try located(at: token) { throw error }
        }
    }

    /// The most times a top-level `while` runs its block: a condition that never turns false is
    /// stopped with a message rather than hanging the session.
    static let maximumWhileIterations = BodyLoop.maximumTurns

    /// Runs one turn of a top-level loop's body; false when it ran `break` (`continue` ends the
    /// turn). A `return` has no function to leave at the top level, as Swift says.
    static func runTurn(_ body: () throws -> Value) throws -> Bool {
        do {
            _ = try body()
        } catch LoopSignal.continueLoop {
        } catch LoopSignal.breakLoop {
            return false
        } catch LoopSignal.returned {
            throw PlaygroundError("return invalid outside of a func: a top-level loop ends with `break`")
        }
        return true
    }

    /// A top-level loop's condition: Swift refuses one that is not a `Bool`, before the loop runs.
    func checkCondition(_ condition: Expression, at token: Token) throws {
        do {
            try checker.checkCondition(condition, arguments: [], depth: 0)
        } catch let mismatch as TypeMismatch {
            throw SyntaxError(mismatch.message, at: token)
        }
    }

    /// Runs `body` while `condition` holds, reading the condition anew before each turn (after the
    /// block, for `repeat`-`while`, whose block runs at least once).
    /// Its condition and block are checked first (`checkCondition`, `checkBlock`).
    func runWhileLoop(condition: Expression, body: Expression, at token: Token, testsFirst: Bool = true) throws {
        let test = try bind(condition)
        let block = try bind(body)
        try located(at: token) {
            for turn in 0..<Interpreter.maximumWhileIterations {
                // Ctrl-C stops a long loop, as it does a `for`.
                if turn % 256 == 255, scheduler.budget.isStopped { return }
                if testsFirst || turn > 0 {
                    let holds = try test.evaluate([])
                    guard case .bool(let flag) = holds else { throw Expression.notACondition(holds) }
                    guard flag else { return }
                }
                guard try Interpreter.runTurn({ try block.evaluate([]) }) else { return }
            }
            throw PlaygroundError(
                "this `\(token.display)` ran \(Interpreter.maximumWhileIterations) times and its condition "
                    + "still holds: "
                    + "it stopped there; change what the condition reads inside the block")
        }
    }
}
