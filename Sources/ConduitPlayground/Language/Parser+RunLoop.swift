/// `RunLoop.main.run(until: DATE)`, which a Swift script writes at its end so that its timers and
/// queued work get time to run: the playground lets its clock run until then (Interpreter+Date.swift).
extension Parser {
    /// The name of the call `RunLoop.main.run(until:)` is read as, written as a name no one can type.
    static let runLoopRun = "=runLoopRun"

    /// Reads `.run(until: DATE)` after `RunLoop.main` (`receiver`); nil, reading nothing, when no
    /// `.run` follows. `run()` without a date runs for ever in Swift, and is refused.
    mutating func runLoopRun(after receiver: Expression) throws -> Expression? {
        guard case .member(.name("RunLoop", let token), "main") = receiver, current.isSymbol("."),
            peek(1).identifier == "run"
        else { return nil }
        let usage = "write `RunLoop.main.run(until: Date().addingTimeInterval(SECONDS))`, which lets the session's "
            + "timers and queues run for that long"
        advance()
        let run = current
        advance()
        guard current.isSymbol("("), peek(1).identifier == "until", peek(2).isSymbol(":") else {
            if current.isSymbol("("), peek(1).isSymbol(")") {
                throw SyntaxError("`RunLoop.main.run()` runs for ever: a Swift program never gets past it; \(usage)",
                    at: run)
            }
            throw SyntaxError(usage, at: current.kind == .end ? run : current)
        }
        for _ in 0..<3 { advance() }
        let date = try expression()
        try expectSymbol(")", "close `RunLoop.main.run(until:` with `)`")
        return .namedCall(Parser.runLoopRun, [date], covering(from: token))
    }
}

/// `group.notify(queue: .main) { ... }`, Dispatch's `DispatchGroup.notify`: the closure runs on that
/// queue once the group's work has all left (Objects/DispatchGroupObject.swift).
extension Parser {
    /// The word that marks a group's notify in a pipeline's place, written as an operator no one can type.
    static let groupNotify = "=groupNotify"

    /// Reads `.notify(queue: QUEUE) { ... }` after `receiver`; nil, reading nothing, when no such call
    /// follows. The queue is the main queue (`.main`, `DispatchQueue.main`) or a global one
    /// (`.global()`, `DispatchQueue.global(qos: ...)`), given as the argument `queue` ("main" or "global").
    mutating func groupNotify(after receiver: Expression) throws -> Expression? {
        guard current.isSymbol("."), peek(1).identifier == "notify", peek(2).isSymbol("("),
            peek(3).identifier == "queue", peek(4).isSymbol(":")
        else { return nil }
        let usage = "write `group.notify(queue: .main) { ... }` (or `queue: .global()`)"
        let start = current
        advance()
        let name = current
        for _ in 0..<4 { advance() }
        let queueStart = current
        var depth = 0
        var words: [String] = []
        while depth > 0 || !current.isSymbol(")") {
            guard current.kind != .end, !current.isSymbol("{") else { throw SyntaxError(usage, at: current) }
            if current.isSymbol("(") { depth += 1 } else if current.isSymbol(")") { depth -= 1 }
            if let word = current.identifier { words.append(word) }
            advance()
        }
        let queue = words.contains("global") ? "global" : words.last == "main" ? "main" : nil
        guard let queue else { throw SyntaxError(usage, at: queueStart) }
        advance()
        guard current.isSymbol("{") else { throw SyntaxError(usage, at: current) }
        let closure = try closure()
        let call = OperatorCall(
            name: Parser.groupNotify, token: name,
            arguments: [Argument(label: "queue", content: .expression(.literal(.string(queue))), token: queueStart)],
            trailingClosure: closure, span: covering(from: start))
        return .pipeline(PipelineSyntax(
            source: .expression(receiver), operators: [call], text: "notify(queue:)", startOffset: start.offset))
    }
}
