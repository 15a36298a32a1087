import SwiftSyntax

/// A connection to a server whose channels other processes share, or one of its channels, after
/// `let NAME =`: `Postgres("postgres://localhost/workshop")` or `room.channel("prices", of: Int.self)`.
enum SharedDeclaration {
    /// `Postgres(URL)`, or `Postgres()` for the server psql would use (PGHOST, PGPORT, PGUSER, PGDATABASE).
    case room(url: Expression?)
    /// `room` is the name before `.channel`; `typeName` is what `of: TYPE.self` names (String without it).
    case channel(room: String, name: Expression, typeName: String)
}

/// `Postgres(URL)` and `ROOM.channel(NAME, of: TYPE.self)` as Swift's parser reads them: the call, the member
/// called on which name, the arguments' labels and the type before `.self` are Swift's tree's; the address and
/// the channel's name are read where Swift puts them by the parser's readings. Where the call's own punctuation
/// is wrong, swiftc's message.
extension Parser {
    /// Reads `Postgres(URL)` or `ROOM.channel(NAME, of: TYPE.self)` whole; nil (reading nothing) for
    /// anything else. Only a value that starts with `Postgres`, or a line with the word `channel` in it,
    /// asks Swift's tree: `let doubled = numbers.map { $0 * 2 }` parses none here.
    mutating func sharedDeclaration() throws -> SharedDeclaration? {
        guard let word = current.identifier else { return nil }
        if word == "Postgres" { return try postgresRoom() }
        guard tokens[position...].contains(where: { $0.identifier == "channel" }) else { return nil }
        return try sharedChannel(of: word)
    }

    /// `Postgres(URL)` or `Postgres()`; nil where Swift reads no call of `Postgres` here (`Postgres.self`).
    private mutating func postgresRoom() throws -> SharedDeclaration? {
        let usage = "write `Postgres(\"postgres://localhost/workshop\")`"
        guard let (tree, call) = try swiftSourceCall(usage: usage) else { return nil }
        let arguments = Array(call.arguments)
        let takes = "`Postgres` takes the server's address, or nothing: \(usage)"
        if let closure = call.trailingClosure { throw SyntaxError(takes, at: tree.token(covering: closure)) }
        if let wrong = arguments.first(where: { $0.label != nil }) ?? arguments.dropFirst().first {
            throw SyntaxError(takes, at: tree.token(covering: wrong))
        }
        var url: Expression?
        if let address = arguments.first {
            url = try read(address.expression, in: tree, as: "the address") { try $0.valueExpression() }
        }
        skip(past: call, in: tree)
        return .room(url: url)
    }

    /// `ROOM.channel(NAME)` or `ROOM.channel(NAME, of: TYPE.self)`, where `room` is the name at the current
    /// token; nil where Swift reads no call of `channel` on it.
    private mutating func sharedChannel(of room: String) throws -> SharedDeclaration? {
        // A statement too long for Swift's parser holds no channel to read: the other readings say what it is.
        guard let (tree, use) = (try? swiftMemberUse(at: current, .base)) ?? nil, use.name.text == "channel",
            use.access.declName.argumentNames == nil, let call = use.call
        else { return nil }
        let usage = "write `\(room).channel(\"prices\", of: Int.self)`"
        guard Parser.hasWellFormedPunctuation(call) else {
            // `room.channel("prices"`, `room.channel("prices" of: Int.self)`: swiftc's message.
            throw tree.firstError(in: call, hint: usage) ?? SyntaxError(usage, at: tree.token(covering: call))
        }
        let arguments = Array(call.arguments)
        if let closure = call.trailingClosure { throw SyntaxError(usage, at: tree.token(covering: closure)) }
        guard let name = arguments.first, name.label == nil else {
            throw SyntaxError(usage, at: tree.token(covering: arguments.first.map(Syntax.init) ?? Syntax(call)))
        }
        let channel = try read(name.expression, in: tree, as: "the channel's name") { try $0.valueExpression() }
        var typeName = "String"
        if arguments.count > 1 {
            let type = arguments[1]
            guard type.label?.text == "of", arguments.count == 2 else {
                throw SyntaxError(usage, at: tree.token(covering: type.label?.text == "of" ? arguments[2] : type))
            }
            guard let written = Parser.metatypeName(type.expression) else {
                throw SyntaxError(usage + " (the type of the values, then `.self`)",
                    at: tree.token(covering: type.expression))
            }
            typeName = written
        }
        skip(past: call, in: tree)
        return .channel(room: room, name: channel, typeName: typeName)
    }

    /// `Int` for `Int.self`: the name of the type whose metatype `expression` is; nil for anything else.
    private static func metatypeName(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.tokenKind == .keyword(.self), member.declName.argumentNames == nil,
            let type = member.base?.as(DeclReferenceExprSyntax.self), type.argumentNames == nil,
            case .identifier(let name) = type.baseName.tokenKind
        else { return nil }
        return name
    }
}
