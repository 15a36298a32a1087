import Conduit

extension ObjectCommands {
    /// Swift's calls that stand for a command: `cancellable.cancel()` and `shared.connect()`
    /// (the `cancel` and `connect` commands), `subject.send(completion: .finished)` and
    /// `.failure(...)` (`complete` and `fail`). Nil, reading nothing, for any other line.
    static func swiftCallStatement(_ parser: inout Parser) throws -> Statement? {
        let start = parser.position
        // `cancellable?.cancel()`, an optional `AnyCancellable`, as `cancellable.cancel()`.
        let optional = parser.peek(1).isSymbol("?") && parser.peek(2).isSymbol(".") ? 1 : 0
        if parser.current.identifier != nil, let method = parser.peek(2 + optional).identifier,
            parser.peek(1 + optional).isSymbol("."), ["cancel", "connect"].contains(method),
            parser.peek(3 + optional).isSymbol("("), parser.peek(4 + optional).isSymbol(")"),
            parser.peek(5 + optional).kind == .end, let spec = CommandTable.spec(named: method)
        {
            let word = parser.peek(2 + optional)
            let statement = try spec.parse(&parser, word)
            parser.position = parser.tokens.count - 1
            return statement
        }
        guard parser.current.identifier != nil, parser.peek(1).isSymbol("."), let method = parser.peek(2).identifier,
              parser.peek(3).isSymbol("(")
        else { return nil }
        if ["cancel", "connect"].contains(method), parser.peek(4).isSymbol(")"), parser.peek(5).kind == .end,
           let spec = CommandTable.spec(named: method)
        {
            let word = parser.peek(2)
            let statement = try spec.parse(&parser, word)
            parser.position = parser.tokens.count - 1
            return statement
        }
        guard method == "send", parser.peek(4).identifier == "completion", parser.peek(5).isSymbol(":"),
              parser.peek(6).isSymbol("."), let kind = parser.peek(7).identifier
        else { return nil }
        let name = parser.current
        parser.position = start + 8
        var failure: String?
        switch kind {
        case "finished":
            break
        case "failure":
            // `.failure("offline")`, or an error written as Swift names it: `.failure(NetworkError.offline)`.
            let open = parser.current
            try parser.expectSymbol("(", "write `.failure(\"why\")`")
            if case .string(let message) = parser.current.kind, parser.peek(1).isSymbol(")") {
                failure = message
                parser.advance()
            } else {
                var depth = 0
                var parts = ""
                while parser.current.kind != .end, !(depth == 0 && parser.current.isSymbol(")")) {
                    if parser.current.isSymbol("(") { depth += 1 }
                    if parser.current.isSymbol(")") { depth -= 1 }
                    parts += parser.current.display
                    parser.advance()
                }
                guard !parts.isEmpty else { throw SyntaxError("write `.failure(\"why\")`", at: open) }
                failure = parts
            }
            try parser.expectSymbol(")", "close `.failure(...)` with `)`")
        default:
            throw SyntaxError("a completion is `.finished` or `.failure(\"why\")`", at: parser.tokens[start + 7])
        }
        try parser.expectSymbol(")", "close `send(completion: ...)` with `)`")
        return Statement("send") { session in try session.finish(name, failure: failure) }
    }
}
