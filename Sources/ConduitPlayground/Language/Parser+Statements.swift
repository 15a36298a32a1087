/// Statements: the command word and what each command takes after it.
extension Parser {
    /// The top-level statement from the current token on, read by a parser in the state `Parser.parse` makes
    /// (a reading that fails is undone with `restarted(at:)`): the command table reads a command's line; Swift's
    /// tree says what the rest is.
    mutating func statement() throws -> Statement {
        let first = current
        guard let word = first.identifier else {
            if first.isSymbol("[") || first.isSymbol("(") || first.isString {
                // `[1, 2].publisher.assign(to: \.volume, on: knob)`: a chain with no name; `"a,b".split(...)`;
                // `(1...5).publisher.sink { ... }`.
                return try ObjectCommands.expressionStatement(&self)
            }
            throw SyntaxError(
                "a line starts with a command such as `subject`, `let`, `sink` or `send`; type `help` for the list",
                    at: first)
        }
        // Looked up once: every statement passes here (a replayed `send` line too). A command's spec
        // is a large struct, bound (copied) only where it is used.
        if let command = CommandTable.spec(named: word) { return try commandStatement(command, word, at: first) }
        return try swiftStatement(word, at: first)
    }

    /// The statement whose first word is the command `spec`'s: the command, as the command table reads it,
    /// unless Swift's tree reads the word used as Swift code uses a name (`subject.send(1)`, `current = 3`,
    /// `load { ... }`), where the word may name something of the session's.
    private mutating func commandStatement(_ spec: CommandSpec, _ word: String, at first: Token) throws -> Statement {
        // The command table's reading first: a line it reads to its end is the command (`send s 1`), with no
        // tree parsed. A command that takes free text (`load`, `help`) reads any line, and a word the session
        // holds a variable of (`var current = 1`) may be that variable: Swift's tree decides those.
        if spec.freeText == nil, !variableWords.contains(word) {
            let start = position
            advance()
            if let statement = try? spec.parse(&self, first), atStatementEnd { return statement }
            self = restarted(at: start)
        }
        if !TopLevelStatement.keywords.contains(word) {
            switch topLevelStatement() {
            case .name? where variableWords.contains(word):
                // `current` alone where the session has a variable `current`: the variable, as Swift reads it.
                return try ObjectCommands.expressionStatement(&self)
            case .expression?:
                // `subject.send(1)`: a name that is also a command word, used as Swift code uses it.
                return try ObjectCommands.expressionStatement(&self)
            case .assignment?:
                return try commandWordAssignment(spec, at: first)
            case .call?, .trailingClosureCall?:
                // `load { print("loaded") }`, `load(after: 1) { ... }`: a function of the session named like a
                // command.
                if let call = try commandWordTrailingClosure(spec, at: first) { return call }
            default:
                break
            }
        }
        advance()
        return try spec.parse(&self, first)
    }

    /// A parser of the same statement at token `index`, in the state a top-level statement's reading starts from
    /// (what a reading that failed there changed is undone), sharing its tokens and Swift's trees: the hot lines
    /// (`send s 1`, `s.send(1)`) are read on the parser itself, without a copy kept aside for a failure.
    func restarted(at index: Int) -> Parser {
        var parser = Parser(text: text, tokens: tokens, trees: treeCache)
        parser.variableWords = variableWords
        parser.position = index
        return parser
    }

    /// Whether the reading is at the end of the statement (or at the `;` ending it).
    var atStatementEnd: Bool {
        current.kind == .end || current.isSymbol(";")
    }

    /// The statement whose first word is no command: Swift code (`print("hi")`, `player.volume = 5`, a
    /// declaration with modifiers), the value of a name alone, or an unknown command. Read as Swift's expression
    /// statement first, which decides the lines it reads to their end (`s.send(1)`, with no tree parsed); Swift's
    /// tree decides the rest by what it reads there.
    private mutating func swiftStatement(_ word: String, at first: Token) throws -> Statement {
        if word == "PlaygroundPage", let member = playgroundPageMember() {
            // The first line of many Combine playgrounds: the session already runs until it is left.
            position = tokens.count - 1
            return Statement("PlaygroundPage") { session in
                session.info("PlaygroundPage.current.\(member): not needed here, the session runs until you leave "
                    + "it; time moves with `tick` (or `clock real`)")
            }
        }
        let start = position
        let read = Result { try ObjectCommands.expressionStatement(&self) }
        if case .success(let statement) = read, atStatementEnd, !Parser.mayName(word, statement) { return statement }
        let asSwift = self
        self = restarted(at: start)
        guard let kind = topLevelStatement() else {
            // Too long for Swift's parser (a megabyte string): what the playground's reading said; a word alone
            // followed by more (`nonsense yyy…`) is no command.
            let statement = try read.get()
            if !asSwift.atStatementEnd, Parser.mayName(word, statement) { throw unknownCommand(word, at: first) }
            self = asSwift
            return statement
        }
        switch kind {
        case .modifiedDeclaration(let offset):
            // `lazy var`, `private let`, `final class`: Swift's modifiers change nothing here.
            guard let keyword = tokens.firstIndex(where: { $0.offset == offset }),
                let name = tokens[keyword].identifier, CommandTable.isCommand(name)
            else { throw unknownCommand(word, at: first) }
            position = keyword
            return try statement()
        case .loopJump:
            // `break` or `continue` outside a loop: Swift's refusal.
            _ = try loopJump()
            throw unknownCommand(word, at: first)
        case .name where !word.hasPrefix("$"):
            // A name alone (`player`, a binding `volume`) prints what it holds, if it is one.
            advance()
            let unknown = unknownCommand(word, at: first)
            return Statement("expression") { session in
                guard let value = session.valueOfName(word) else { throw unknown }
                session.emit(OutputRecord(kind: .value, text: value))
            }
        case .trailingClosureCall:
            // `register { print("first") }`: a function declared here (or a closure a value holds), given a
            // trailing closure; any other word is no command.
            let unknown = unknownCommand(word, at: first)
            let ended = asSwift.atStatementEnd
            let call = read.flatMap { statement in
                ended ? .success(statement) : Result { try asSwift.expectEnd(); return statement }
            }
            position = tokens.count - 1
            return Statement("call") { session in
                switch session.entries[word] {
                case .function?, .value?: try call.get().run(session)
                default: throw unknown
                }
            }
        case .name, .call, .assignment, .expression:
            // `player.currentSong = "x"`, `print("hi")`, `count += 1`, `names[0] = "z"`: the reading's statement
            // (what follows it is refused where the statement's end is expected), or its error.
            let statement = try read.get()
            self = asSwift
            return statement
        case .other:
            throw unknownCommand(word, at: first)
        }
    }

    /// Whether `statement`, read as an expression statement, is the first word `word` alone or a call of it,
    /// whose meaning depends on what Swift's tree reads (`register { ... }` calls a function the session may
    /// not have; `player` alone prints what it holds). A call of a member (`s.send(1)`) is neither.
    private static func mayName(_ word: String, _ statement: Statement) -> Bool {
        guard statement.command == "expression", case .expression(let expression)? = statement.pipeline?.source
        else { return false }
        switch expression {
        case .name(let name, _), .namedCall(let name, _, _): return name == word
        default: return false
        }
    }

    /// The error for a first word that is no command, with the nearest command's word if one is near.
    private func unknownCommand(_ word: String, at first: Token) -> SyntaxError {
        let hint = Suggestion.closest(to: word, in: Parser.commands).map { "; did you mean `\($0)`?" }
            ?? "; type `help` for the list"
        return SyntaxError("unknown command `\(word)`\(hint)", at: first)
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
