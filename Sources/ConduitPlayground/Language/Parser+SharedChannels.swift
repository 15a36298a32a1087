/// A connection to a server whose channels other processes share, or one of its channels, after
/// `let NAME =`: `Postgres("postgres://localhost/workshop")` or `room.channel("prices", of: Int.self)`.
enum SharedDeclaration {
    /// `Postgres(URL)`, or `Postgres()` for the server psql would use (PGHOST, PGPORT, PGUSER, PGDATABASE).
    case room(url: Expression?)
    /// `room` is the name before `.channel`; `typeName` is what `of: TYPE.self` names (String without it).
    case channel(room: String, name: Expression, typeName: String)
}

extension Parser {
    /// Reads `Postgres(URL)` or `ROOM.channel(NAME, of: TYPE.self)` whole; nil (reading nothing) for
    /// anything else.
    mutating func sharedDeclaration() throws -> SharedDeclaration? {
        if current.identifier == "Postgres", peek(1).isSymbol("(") {
            advance()
            advance()
            if current.isSymbol(")") {
                advance()
                return .room(url: nil)
            }
            let url = try valueExpression()
            try expectSymbol(")", "write `Postgres(\"postgres://localhost/workshop\")`")
            return .room(url: url)
        }
        guard let room = current.identifier, peek(1).isSymbol("."), peek(2).identifier == "channel",
            peek(3).isSymbol("(")
        else { return nil }
        let usage = "write `\(room).channel(\"prices\", of: Int.self)`"
        for _ in 0..<4 { advance() }
        let name = try valueExpression()
        var typeName = "String"
        if current.isSymbol(",") {
            advance()
            guard current.identifier == "of", peek(1).isSymbol(":") else { throw SyntaxError(usage, at: current) }
            advance()
            advance()
            guard let type = current.identifier, peek(1).isSymbol("."), peek(2).identifier == "self" else {
                throw SyntaxError(usage + " (the type of the values, then `.self`)", at: current)
            }
            typeName = type
            for _ in 0..<3 { advance() }
        }
        try expectSymbol(")", usage)
        return .channel(room: room, name: name, typeName: typeName)
    }
}
