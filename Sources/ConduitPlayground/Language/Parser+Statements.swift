/// Statements: the command word and what each command takes after it.
extension Parser {
    mutating func statement() throws -> Statement {
        // `lazy var`, `private let`, `final class`: Swift's modifiers change nothing here.
        while let modifier = current.identifier, Parser.declarationModifiers.contains(modifier),
              let next = peek(1).identifier,
              ["let", "var", "func", "class", "struct", "enum", "protocol", "extension"].contains(next)
                || Parser.declarationModifiers.contains(next)
        {
            advance()
        }
        let first = current
        if first.identifier == "PlaygroundPage", peek(1).isSymbol("."), peek(2).identifier == "current",
            peek(3).isSymbol("."), let member = peek(4).identifier,
            ["needsIndefiniteExecution", "finishExecution"].contains(member)
        {
            // The first line of many Combine playgrounds: the session already runs until it is left.
            position = tokens.count - 1
            return Statement("PlaygroundPage") { session in
                session.info("PlaygroundPage.current.\(member): not needed here, the session runs until you leave "
                    + "it; time moves with `tick` (or `clock real`)")
            }
        }
        if first.isSymbol("[") || first.isSymbol("(") || first.isString {
            // `[1, 2].publisher.assign(to: \.volume, on: knob)`: a chain with no name; `"a,b".split(...)`;
            // `(1...5).publisher.sink { ... }`.
            return try ObjectCommands.expressionStatement(&self)
        }
        guard let word = first.identifier else {
            throw SyntaxError(
                "a line starts with a command such as `subject`, `let`, `sink` or `send`; type `help` for the list",
                    at: first)
        }
        // Looked up once: every statement passes here (a replayed `send` line too). A command's spec
        // is a large struct, bound (copied) only where it is used: `if let` in each test below copied it.
        let command = CommandTable.spec(named: word)
        if command != nil, case .end = peek(1).kind, variableWords.contains(word) {
            // `current` alone where the session has a variable `current`: the variable, as Swift reads it.
            return try ObjectCommands.expressionStatement(&self)
        }
        if command != nil, peek(1).isSymbol("."), !Parser.swiftKeywords.contains(word) {
            // `subject.send(1)`: a name that is also a command word, used as Swift code uses it.
            return try ObjectCommands.expressionStatement(&self)
        }
        if command != nil, peek(1).isSymbol("=") || compoundAssignmentFollows, !Parser.swiftKeywords.contains(word),
            let command
        {
            return try commandWordAssignment(command, at: first)
        }
        if command != nil, peek(1).isSymbol("{") || peek(1).isSymbol("(") && currentIsAttachedAhead,
            !Parser.swiftKeywords.contains(word), let command,
            let call = try commandWordTrailingClosure(command, at: first)
        {
            // `load { print("loaded") }`, `load(after: 1) { ... }`: a function of the session named like a command.
            return call
        }
        guard let spec = command else {
            // `break` or `continue` outside a loop: Swift's refusal.
            if word == "break" || word == "continue" { _ = try loopJump() }
            if word.hasPrefix("$") || peek(1).isSymbol(".") || peek(1).isSymbol("(") || peek(1).isSymbol("=")
                || peek(1).isSymbol("?") || peek(1).isSymbol("[") || peek(1).isSymbol("!")
                || compoundAssignmentFollows || word == "Optional" && peek(1).isSymbol("<") {
                // `player.currentSong = "x"`, `print("hi")`, `player.$currentSong.sink { ... }`, `count += 1`,
                // `names[0] = "z"`, `Optional<Int>.some(5).publisher.sink { ... }`.
                return try ObjectCommands.expressionStatement(&self)
            }
            let hint = Suggestion.closest(to: word, in: Parser.commands).map { "; did you mean `\($0)`?" }
                ?? "; type `help` for the list"
            let unknown = SyntaxError("unknown command `\(word)`\(hint)", at: first)
            if peek(1).isSymbol("{") {
                // `register { print("first") }`: a function declared here (or a closure a value holds), given a
                // trailing closure; any other word is no command.
                var asCall = self
                let call = Result {
                    let statement = try ObjectCommands.expressionStatement(&asCall)
                    try asCall.expectEnd()
                    return statement
                }
                position = tokens.count - 1
                return Statement("call") { session in
                    switch session.entries[word] {
                    case .function?, .value?: try call.get().run(session)
                    default: throw unknown
                    }
                }
            }
            if peek(1).kind == .end || peek(1).isSymbol(";") {
                // A name alone (`player`, a binding `volume`) prints what it holds, if it is one.
                advance()
                return Statement("expression") { session in
                    guard let value = session.valueOfName(word) else { throw unknown }
                    session.emit(OutputRecord(kind: .value, text: value))
                }
            }
            throw unknown
        }
        advance()
        return try spec.parse(&self, first)
    }

    /// Whether `+=`, `-=`, `*=`, `/=` or `%=` follows the first word: `count += 1`.
    var compoundAssignmentFollows: Bool {
        guard case .symbol(let symbol) = peek(1).kind, ["+", "-", "*", "/", "%"].contains(symbol) else { return false }
        return peek(2).isSymbol("=") && peek(2).offset == peek(1).offset + 1
    }

    /// The rest of the statement as free text (a path, a topic), trimmed; nil at the end.
    mutating func restOfLine() -> String? {
        guard current.kind != .end else { return nil }
        let rest = String(characters[current.offset...]).trimmingWhitespace()
        position = tokens.count - 1
        return rest
    }

    /// The names up to the end of the statement (`marbles a b c`), at least one.
    mutating func names(after command: String, usage: String) throws -> [Token] {
        var names: [Token] = []
        while current.identifier != nil {
            names.append(current)
            advance()
        }
        guard !names.isEmpty else {
            throw SyntaxError("`\(command)` needs one or more names, for example `\(usage)`", at: current)
        }
        return names
    }

    /// One of `words`, returned; anything else fails with `message`.
    mutating func oneOf(_ words: [String], _ message: String) throws -> String {
        guard let word = current.identifier, words.contains(word) else {
            throw SyntaxError(message, at: current)
        }
        advance()
        return word
    }

    mutating func newName(after command: String) throws -> Token {
        let token = current
        guard let name = token.identifier else {
            throw SyntaxError("`\(command)` needs a name, for example `\(command) taps`", at: token)
        }
        // A command word may name something (`let subject = PassthroughSubject<Int, Never>()`, as
        // Swift code often does); Swift's own keywords may not.
        // A source word Swift code uses as a name (`var empty: [Int] = []`) may be a `let`'s or a `var`'s.
        let nameable = command == "let" && Parser.nameableSourceWords.contains(name)
        guard !Parser.swiftKeywords.contains(name), !Parser.reserved.contains(name) || nameable else {
            throw SyntaxError("`\(name)` is a reserved word; choose another name", at: token)
        }
        advance()
        return token
    }

    mutating func existingName(after command: String, usage: String) throws -> Token {
        let token = current
        guard token.identifier != nil else {
            throw SyntaxError("`\(command)` needs a name: \(usage)", at: token)
        }
        advance()
        return token
    }

    mutating func count(what: String) throws -> Int {
        guard case .integer(let value) = current.kind else {
            throw SyntaxError("\(what) needs a whole number of values, for example 2", at: current)
        }
        guard value > 0 else {
            throw SyntaxError("\(what) must be at least 1 (a demand of 0 asks for nothing)", at: current)
        }
        advance()
        return value
    }
}

extension Parser {
    /// `a.b` or `a?.b` on the left of `=`: the object's expression and the property's name.
    static func assignedMember(_ expression: Expression) -> (Expression, String)? {
        switch expression {
        case .member(let base, let property), .optionalMember(let base, let property): return (base, property)
        default: return nil
        }
    }
}
