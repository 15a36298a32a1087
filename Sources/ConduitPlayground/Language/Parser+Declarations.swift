/// Declarations: the properties of `object` and `class` bodies, and `func` parameters, read as Swift
/// writes them (`@Published private(set) var songs: [Song] = []`); types are read and skipped, as
/// playground values carry their own.
extension Parser {
    /// The properties between `{` and `}`, separated by `;` or new lines.
    mutating func propertyDeclarations(in what: String) throws -> [PropertyDeclaration] {
        let open = current
        try expectSymbol(
            "{", "the properties of \(what) go between `{` and `}`, such as `{ @Published var song = \"\" }`")
        var properties: [PropertyDeclaration] = []
        while !current.isSymbol("}") {
            if current.isSymbol(";") {
                advance()
                continue
            }
            guard current.kind != .end else {
                throw SyntaxError("expected `}` to close the body opened here", at: open)
            }
            properties.append(try propertyDeclaration(in: what))
        }
        advance()
        var seen = Set<String>()
        for property in properties {
            guard seen.insert(property.name.display).inserted else {
                throw SyntaxError("`\(property.name.display)` is declared twice", at: property.name)
            }
        }
        return properties
    }

    private static let modifiers: Set<String> = [
        "private", "fileprivate", "internal", "public", "open", "final", "weak", "static",
    ]

    private mutating func propertyDeclaration(in what: String) throws -> PropertyDeclaration {
        var isPublished = false
        if current.isSymbol("@") {
            guard peek(1).identifier == "Published" else {
                throw SyntaxError(
                    "the playground knows the attribute `@Published`", at: covering(from: current, through: 1))
            }
            isPublished = true
            advance()
            advance()
        }
        while let word = current.identifier, Parser.modifiers.contains(word) {
            advance()
            if current.isSymbol("("), peek(1).identifier == "set", peek(2).isSymbol(")") {
                advance()
                advance()
                advance()
            }
        }
        if let word = current.identifier, word == "func" || word == "init" {
            throw SyntaxError(
                "\(what) holds properties here; declare a function outside it with `func NAME(PARAMETER) = VALUE`",
                at: current
            )
        }
        if current.identifier == "var" || current.identifier == "let" {
            advance()
        }
        let name = current
        guard let word = name.identifier, !word.hasPrefix("$") else {
            throw SyntaxError(
                "expected a property name, such as `@Published var currentSong = \"not playing\"`", at: name)
        }
        guard !["objectWillChange", "var", "let"].contains(word) else {
            throw SyntaxError("`\(word)` cannot name a property", at: name)
        }
        advance()
        var declaredType: String?
        if current.isSymbol(":") {
            advance()
            declaredType = try skipType()
        }
        var value: Expression?
        if current.isSymbol("=") {
            advance()
            value = try valueExpression()
        }
        return PropertyDeclaration(name: name, isPublished: isPublished, value: value, declaredType: declaredType)
    }

    /// Skips a Swift type (`String`, `[Song]?`, `[UUID: Person]`, `Future<[Song], Error>`): names,
    /// dots, `?`, `!` and balanced brackets.
    @discardableResult
    mutating func skipType() throws -> String {
        let start = current
        var nesting = 0
        var read = 0
        while current.kind != .end {
            if nesting == 0, read > 0, current.isSymbol("(") {
                // `PassthroughSubject<Int, Never>()`: the call after the type.
                break
            }
            if current.isSymbol("[") || current.isSymbol("<") || current.isSymbol("(") {
                nesting += 1
            } else if current.isSymbol("]") || current.isSymbol(">") || current.isSymbol(")") {
                guard nesting > 0 else { break }
                nesting -= 1
            } else if nesting == 0,
                !(current.identifier != nil || current.isSymbol(".") || current.isSymbol("?") || current.isSymbol("!"))
            {
                break
            } else if nesting == 0, read > 0, current.identifier != nil, !tokens[position - 1].isSymbol(".") {
                // A name right after a complete type starts the next declaration.
                break
            }
            advance()
            read += 1
        }
        guard read > 0 else {
            throw SyntaxError("expected a type after `:`, such as `String`", at: start)
        }
        let last = tokens[position - 1]
        return String(source_text(start.offset, last.offset + last.length))
    }

    /// A token covering the current one and `count` more.
    func covering(from token: Token, through count: Int) -> Token {
        let last = peek(count)
        return Token(kind: token.kind, offset: token.offset, length: last.offset + last.length - token.offset)
    }

    /// `(term)`, `(query: String)`, `(_ term: String, limit: Int)`: the parameter names.
    mutating func parameterNames(of function: String) throws -> [String] {
        try expectSymbol(
            "(", "write `func \(function)(PARAMETER) = VALUE`, for example `func search(term) = Just([term])`")
        return try list(until: ")", what: "the parameters of `\(function)`") { parser -> String in
            if parser.current.identifier == "_", parser.peek(1).identifier != nil { parser.advance() }
            if parser.current.identifier != nil, let next = parser.peek(1).identifier, next != "in" {
                // An argument label and a parameter name: `for term`.
                parser.advance()
            }
            guard let name = parser.current.identifier, name != "_" else {
                throw SyntaxError("expected a parameter name", at: parser.current)
            }
            parser.advance()
            if parser.current.isSymbol(":") {
                parser.advance()
                try parser.skipType()
            }
            return name
        }
    }
}

/// A subject constructed as Swift writes it: `PassthroughSubject<String, Never>()` or
/// `CurrentValueSubject<Bool, Never>(true)`.
enum SwiftSubject {
    /// `types` is what is written between `<` and `>` (`String, Never`), if anything is.
    case passthrough(types: String?)
    case current(Expression, types: String?)
}

extension Parser {
    /// `PassthroughSubject<...>()` or `CurrentValueSubject<...>(VALUE)` after `let NAME =`, read
    /// whole; nil (reading nothing) for anything else.
    mutating func swiftSubject() throws -> SwiftSubject? {
        guard let word = current.identifier, word == "PassthroughSubject" || word == "CurrentValueSubject",
            peek(1).isSymbol("<") || peek(1).isSymbol("(")
        else { return nil }
        advance()
        var types: String?
        if current.isSymbol("<") {
            let written = try skipType()
            types = String(written.dropFirst().dropLast())
        }
        if word == "PassthroughSubject" {
            try expectSymbol("(", "write `PassthroughSubject<String, Never>()`")
            try expectSymbol(")", "a PassthroughSubject starts with no value: `PassthroughSubject<String, Never>()`")
            return .passthrough(types: types)
        }
        try expectSymbol("(", "write `CurrentValueSubject<Bool, Never>(true)`")
        let value = try valueExpression()
        try expectSymbol(")", "close `CurrentValueSubject(` with `)`")
        return .current(value, types: types)
    }

    /// Reads `Set<AnyCancellable>()` or `[AnyCancellable]()` (or `[]` and `Set()` after a declared
    /// type naming `AnyCancellable`) up to the end of the statement: the store Swift code keeps
    /// subscriptions in. Says whether it was one, reading nothing if not.
    mutating func skipCancellableStore(declaredType: String) -> Bool {
        let start = position
        if declaredType.contains("AnyCancellable"), current.isSymbol("[") && peek(1).isSymbol("]")
            || current.identifier == "Set" && peek(1).isSymbol("(") && peek(2).isSymbol(")")
        {
            while !current.isSymbol("]"), !current.isSymbol(")") { advance() }
            advance()
        } else {
            guard (current.identifier == "Set" && peek(1).isSymbol("<")) || current.isSymbol("["),
                  (try? skipType()) != nil, tokens[position - 1].isSymbol(">") || tokens[position - 1].isSymbol("]"),
                  source_text(tokens[start].offset, tokens[position - 1].offset).contains("AnyCancellable"),
                  current.isSymbol("("), peek(1).isSymbol(")")
            else {
                position = start
                return false
            }
            advance()
            advance()
        }
        guard current.kind == .end || current.isSymbol(";") else {
            position = start
            return false
        }
        return true
    }
}
