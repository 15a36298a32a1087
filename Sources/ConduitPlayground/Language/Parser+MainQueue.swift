/// `DispatchQueue.main.async { ... }` and `DispatchQueue.main.asyncAfter(deadline: .now() + 1) { ... }`,
/// as a statement or in a closure: the closure is queued on the playground's main queue
/// (Interpreter/MainQueue.swift), later by that many seconds of the session's clock for `asyncAfter`.
/// `DispatchQueue.global().async { ... }` (or `global(qos: .userInitiated)`) runs on a real thread.
extension Parser {
    /// The word that marks main-queue work in a pipeline's place, written as an operator no one can type.
    static let mainQueueWork = "=mainQueue"
    /// The word that marks work for a global queue, a real thread (Interpreter/GlobalQueue.swift).
    static let globalQueueWork = "=globalQueue"

    /// Reads `.async { ... }` or `.asyncAfter(deadline: .now() + SECONDS) { ... }` after
    /// `DispatchQueue.main` (`receiver`); nil, reading nothing, when neither follows.
    mutating func mainQueueWork(after receiver: Expression) throws -> Expression? {
        if case .member(.name("DispatchQueue", _), "main") = receiver, current.isSymbol("."),
            peek(1).identifier == "sync"
        {
            throw SyntaxError(
                "`DispatchQueue.main.sync` waits for the main queue, which is running this line: an app stops "
                    + "there for ever; write `DispatchQueue.main.async { ... }`, which runs after the line",
                at: peek(1))
        }
        if case .name("DispatchQueue", let token) = receiver, current.isSymbol("."), peek(1).identifier == "global" {
            return try globalQueueWork(from: token)
        }
        guard case .member(.name("DispatchQueue", _), "main") = receiver, current.isSymbol("."),
            let word = peek(1).identifier, word == "async" || word == "asyncAfter"
        else { return nil }
        let start = current
        advance()
        let name = current
        advance()
        var arguments: [Argument] = []
        if word == "asyncAfter" {
            arguments = [try deadline()]
        } else if current.isSymbol("("), peek(1).identifier == "execute" {
            advance()
            advance()
            try expectSymbol(":", "write `DispatchQueue.main.async { ... }`")
        }
        guard current.isSymbol("{") else {
            throw SyntaxError("`DispatchQueue.main.\(word)` takes its work in braces: "
                + "`DispatchQueue.main.\(word)\(word == "async" ? "" : "(deadline: .now() + 1)") { print(\"later\") }`",
                at: current)
        }
        let closure = try closure()
        if arguments.isEmpty, position > 0, tokens[position - 1].isSymbol("}"), current.isSymbol(")") {
            advance()  // `async(execute: { ... })`
        }
        let call = OperatorCall(
            name: Parser.mainQueueWork, token: name, arguments: arguments, trailingClosure: closure,
            span: covering(from: start))
        return .pipeline(PipelineSyntax(
            source: .expression(.literal(.void)), operators: [call], text: "DispatchQueue.main.\(word)",
            startOffset: start.offset))
    }

    /// `.global().async { ... }` or `.global(qos: .userInitiated).async { ... }` after `DispatchQueue`
    /// (`token`): the closure as work for a real thread. The quality of service is read and left
    /// aside: every global queue is a thread of Dispatch's.
    private mutating func globalQueueWork(from token: Token) throws -> Expression {
        let usage = "write `DispatchQueue.global().async { ... }` (or `global(qos: .userInitiated)`); a pipeline "
            + "hops to another thread with `.subscribe(on: DispatchQueue.global())`"
        advance()
        advance()
        try expectSymbol("(", usage)
        if current.identifier == "qos", peek(1).isSymbol(":"), peek(2).isSymbol("."), peek(3).identifier != nil {
            for _ in 0..<4 { advance() }
        }
        try expectSymbol(")", usage)
        if current.isSymbol("."), peek(1).identifier == "asyncAfter" {
            return try globalQueueDelayedWork(from: token)
        }
        guard current.isSymbol("."), peek(1).identifier == "async" else {
            if current.isSymbol("."), let word = peek(1).identifier, ["sync"].contains(word) {
                throw SyntaxError("`DispatchQueue.global().\(word)` is not run here: \(usage)", at: peek(1))
            }
            throw SyntaxError(usage, at: current)
        }
        advance()
        let name = current
        advance()
        let viaExecute = current.isSymbol("(") && peek(1).identifier == "execute"
        if viaExecute {
            advance()
            advance()
            try expectSymbol(":", usage)
        }
        guard current.isSymbol("{") else { throw SyntaxError(usage, at: current) }
        let closure = try closure()
        if viaExecute { try expectSymbol(")", "close `async(execute:` with `)`") }
        let call = OperatorCall(
            name: Parser.globalQueueWork, token: name, arguments: [], trailingClosure: closure,
            span: covering(from: token))
        return .pipeline(PipelineSyntax(
            source: .expression(.literal(.void)), operators: [call], text: "DispatchQueue.global().async",
            startOffset: token.offset))
    }

    /// `.asyncAfter(deadline: .now() + SECONDS) { ... }` after `DispatchQueue.global()`: work for later
    /// waits on the session's clock, as the main queue's does (`tick`, `RunLoop.main.run(until:)` let
    /// it fall due), and then runs alone, so what it prints and sends keeps the clock's order.
    private mutating func globalQueueDelayedWork(from token: Token) throws -> Expression {
        advance()
        let name = current
        advance()
        let arguments = [try deadline()]
        guard current.isSymbol("{") else {
            throw SyntaxError("`DispatchQueue.global().asyncAfter` takes its work in braces: "
                + "`DispatchQueue.global().asyncAfter(deadline: .now() + 1) { print(\"later\") }`", at: current)
        }
        let closure = try closure()
        let call = OperatorCall(
            name: Parser.mainQueueWork, token: name, arguments: arguments, trailingClosure: closure,
            span: covering(from: token))
        return .pipeline(PipelineSyntax(
            source: .expression(.literal(.void)), operators: [call], text: "DispatchQueue.global().asyncAfter",
            startOffset: token.offset))
    }

    /// `(deadline: .now() + SECONDS)`: the seconds as an argument (`.now()` alone is 0, and
    /// `.milliseconds(N)`, `.seconds(N)` are read as Dispatch's intervals).
    private mutating func deadline() throws -> Argument {
        let usage = "write `DispatchQueue.main.asyncAfter(deadline: .now() + 1) { ... }` (seconds after now)"
        let open = current
        try expectSymbol("(", usage)
        guard current.identifier == "deadline" || current.identifier == "wallDeadline", peek(1).isSymbol(":"),
            peek(2).isSymbol("."), peek(3).identifier == "now", peek(4).isSymbol("("), peek(5).isSymbol(")")
        else { throw SyntaxError(usage, at: current) }
        for _ in 0..<6 { advance() }
        var seconds = Expression.literal(.int(0))
        if current.isSymbol("+") {
            advance()
            if current.isSymbol("."), let unit = peek(1).identifier, peek(2).isSymbol("("),
                let scale = ["seconds": 1.0, "milliseconds": 1e-3, "microseconds": 1e-6, "nanoseconds": 1e-9][unit]
            {
                advance()
                advance()
                advance()
                let amount = try expression()
                try expectSymbol(")", "close `.\(unit)(` with `)`")
                seconds = .binary(.times, amount, .literal(.double(scale)))
            } else {
                seconds = try expression()
            }
        }
        try expectSymbol(")", usage)
        return Argument(label: "deadline", content: .expression(seconds), token: covering(from: open))
    }
}
