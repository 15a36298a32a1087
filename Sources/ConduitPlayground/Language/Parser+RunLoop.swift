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
