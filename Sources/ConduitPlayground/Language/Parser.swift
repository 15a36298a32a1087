/// Turns one statement's text into a `Statement`, or a `SyntaxError` that says what was wrong,
/// where, and what would be right.
struct Parser {
    private let tokens: [Token]
    private let text: String
    private var position = 0
    /// Named closure parameters in scope, with their positions.
    private var parameters: [String: Int] = [:]
    private var highestArgument = -1
    /// How deeply the expression being read nests (brackets, operators, closures): each level is a
    /// level of recursion here and when it is evaluated, so it is bounded.
    private var depth = 0
    static let maximumDepth = 200

    /// Every command word, for messages, help and completion.
    static let commands = [
        "subject", "current", "let", "sink", "send", "complete", "fail", "request", "cancel", "subs", "ls",
        "inspect", "trace", "load", "help", "reset", "quit", "exit", "tick", "clock", "marbles", "connect",
    ]

    init(_ text: String) throws {
        self.text = text
        tokens = try Parser.tokens(of: text)
    }

    /// The statement's characters, for the few places that cut text out of it by offset.
    private var characters: [Character] { Array(text) }

    /// All tokens of `text`, ending with `.end`: read byte by byte when it is plain ASCII, as
    /// characters otherwise.
    private static func tokens(of text: String) throws -> [Token] {
        if let bytes = ASCIILexerSource(text) {
            var lexer = Lexer(bytes)
            return try lexer.tokens()
        }
        var lexer = Lexer(CharacterLexerSource(Array(text)))
        return try lexer.tokens()
    }

    /// Parses a whole statement; nothing may follow it.
    static func parse(_ text: String) throws -> Statement {
        // `load` and `help` take free text (a path, a topic), which is not lexed. (A line that
        // starts with any other ASCII character but a blank cannot be one of them.)
        let first = text.utf8.first ?? 0
        let mayTakeFreeText = first >= 0x80 || first == UInt8(ascii: " ") || first == UInt8(ascii: "\t")
            || first == UInt8(ascii: "l") || first == UInt8(ascii: "h")
        let trimmed = mayTakeFreeText ? text.trimmingWhitespace() : ""
        for command in ["load", "help"] where trimmed.hasPrefix(command + " ") {
            var argument = String(trimmed.dropFirst(command.count)).trimmingWhitespace()
            if let comment = argument.range(of: " #") { argument = String(argument[..<comment.lowerBound]).trimmingWhitespace() }
            if argument.count >= 2, argument.hasPrefix("\""), argument.hasSuffix("\"") { argument = String(argument.dropFirst().dropLast()) }
            if command == "load" { return .load(path: argument) }
            return .help(topic: argument.isEmpty ? nil : argument)
        }
        var parser = try Parser(text)
        let statement = try parser.statement()
        try parser.expectEnd()
        return statement
    }

    /// Parses the text of a pipeline alone (as kept by a sink or a `let`).
    static func parsePipeline(_ text: String) throws -> PipelineSyntax {
        var parser = try Parser(text)
        return try parser.pipeline()
    }

    // MARK: Statements

    private mutating func statement() throws -> Statement {
        let first = current
        guard let word = first.identifier else {
            throw SyntaxError("a line starts with a command such as `subject`, `let`, `sink` or `send`; type `help` for the list", at: first)
        }
        advance()
        switch word {
        // `send` first: a replayed script is mostly sends.
        case "send":
            let name = try existingName(after: "send", usage: "send NAME VALUE")
            guard current.kind != .end else {
                throw SyntaxError("`send` needs a value after the name, for example `send \(name.display) 42`", at: current)
            }
            return .send(name: name, value: try valueExpression())
        case "subject":
            return .subject(name: try newName(after: "subject"))
        case "current":
            let name = try newName(after: "current")
            try expectSymbol("=", "`current \(name.display) = VALUE` gives the subject its first value")
            return .current(name: name, value: try valueExpression())
        case "let":
            let name = try newName(after: "let")
            try expectSymbol("=", "write `let \(name.display) = PIPELINE`, for example `let doubled = numbers.map { $0 * 2 }`")
            return .define(name: name, pipeline: try pipeline())
        case "sink":
            let name = try newName(after: "sink")
            try expectSymbol("=", "write `sink \(name.display) = PIPELINE [demand N]`")
            let chain = try pipeline()
            var demand: Int?
            if current.identifier == "demand" {
                advance()
                demand = try count(what: "a demand")
            }
            return .sink(name: name, pipeline: chain, demand: demand)
        case "complete":
            return .complete(name: try existingName(after: "complete", usage: "complete NAME"))
        case "fail":
            let name = try existingName(after: "fail", usage: "fail NAME \"message\"")
            guard case .string(let message) = current.kind else {
                throw SyntaxError("`fail` needs a message in double quotes, for example `fail \(name.display) \"offline\"`", at: current)
            }
            advance()
            return .fail(name: name, message: message)
        case "request":
            let name = try existingName(after: "request", usage: "request NAME N")
            return .request(name: name, count: try count(what: "`request`"))
        case "cancel":
            return .cancel(name: try existingName(after: "cancel", usage: "cancel NAME"))
        case "subs", "ls":
            return .subs
        case "inspect":
            return .inspect(name: try existingName(after: "inspect", usage: "inspect NAME"))
        case "trace":
            let name = try existingName(after: "trace", usage: "trace NAME [on|off]")
            switch current.identifier {
            case nil where current.kind == .end: return .trace(name: name, on: true)
            case "on"?: advance(); return .trace(name: name, on: true)
            case "off"?: advance(); return .trace(name: name, on: false)
            default: throw SyntaxError("`trace` takes `on` or `off` after the name", at: current)
            }
        case "load":
            let start = current.offset
            guard current.kind != .end else {
                throw SyntaxError("`load` needs a file name, for example `load scripts/examples/first-pipeline.conduit`", at: current)
            }
            if case .string(let path) = current.kind {
                advance()
                return .load(path: path)
            }
            let path = String(characters[start...]).trimmingWhitespace()
            position = tokens.count - 1
            return .load(path: path)
        case "help":
            var topic: String?
            if current.kind != .end {
                topic = String(characters[current.offset...]).trimmingWhitespace()
                position = tokens.count - 1
            }
            return .help(topic: topic)
        case "reset":
            return .reset
        case "quit", "exit":
            return .quit
        case "tick":
            guard case .duration(let nanoseconds) = current.kind else {
                throw SyntaxError("`tick` needs a duration such as `100ms` or `1s`", at: current)
            }
            advance()
            return .tick(nanoseconds: nanoseconds)
        case "clock":
            switch current.identifier {
            case "real"?: advance(); return .clock(realTime: true)
            case "virtual"?: advance(); return .clock(realTime: false)
            default: throw SyntaxError("`clock` takes `real` or `virtual`", at: current)
            }
        case "connect":
            return .connect(name: try existingName(after: "connect", usage: "connect NAME"))
        case "marbles":
            var names: [Token] = []
            while current.identifier != nil {
                names.append(current)
                advance()
            }
            guard !names.isEmpty else {
                throw SyntaxError("`marbles` needs one or more names, for example `marbles query search`", at: current)
            }
            return .marbles(names: names)
        default:
            let hint = Suggestion.closest(to: word, in: Parser.commands).map { "; did you mean `\($0)`?" } ?? "; type `help` for the list"
            throw SyntaxError("unknown command `\(word)`\(hint)", at: first)
        }
    }

    private mutating func newName(after command: String) throws -> Token {
        let token = current
        guard let name = token.identifier else {
            throw SyntaxError("`\(command)` needs a name, for example `\(command) taps`", at: token)
        }
        guard !Parser.commands.contains(name), !Parser.reserved.contains(name) else {
            throw SyntaxError("`\(name)` is a reserved word; choose another name", at: token)
        }
        advance()
        return token
    }

    private mutating func existingName(after command: String, usage: String) throws -> Token {
        let token = current
        guard token.identifier != nil else {
            throw SyntaxError("`\(command)` needs a name: \(usage)", at: token)
        }
        advance()
        return token
    }

    private mutating func count(what: String) throws -> Int {
        guard case .integer(let value) = current.kind else {
            throw SyntaxError("\(what) needs a whole number of values, for example 2", at: current)
        }
        guard value > 0 else {
            throw SyntaxError("\(what) must be at least 1 (a demand of 0 asks for nothing)", at: current)
        }
        advance()
        return value
    }

    private static let reserved: Set<String> = [
        "true", "false", "nil", "just", "empty", "timer", "demand", "in",
        "Just", "Empty", "Fail", "Deferred", "Future", "Record", "Timer",
    ]

    // MARK: Pipelines

    mutating func pipeline() throws -> PipelineSyntax {
        let start = current.offset
        let source = try pipelineSource()
        var operators: [OperatorCall] = []
        while current.isSymbol(".") {
            advance()
            operators.append(try operatorCall())
        }
        let end = position > 0 ? tokens[position - 1].offset + tokens[position - 1].length : start
        let text = String(source_text(start, end))
        return PipelineSyntax(source: source, operators: operators, text: text)
    }

    private func source_text(_ start: Int, _ end: Int) -> Substring {
        let all = characters
        return Substring(String(all[min(start, all.count)..<min(max(end, start), all.count)]))
    }

    private mutating func pipelineSource() throws -> PipelineSyntax.Source {
        let token = current
        switch token.kind {
        case .identifier("just"), .identifier("Just"):
            let word = token.display
            advance()
            try expectSymbol("(", "write `\(word)(VALUE)`")
            let value = try expression()
            try expectSymbol(")", "close `\(word)(` with `)`")
            return .just(value)
        case .identifier("empty"):
            advance()
            return .empty(completeImmediately: true)
        case .identifier("Empty"):
            advance()
            var completes = true
            if current.isSymbol("(") {
                advance()
                if current.identifier == "completeImmediately" {
                    advance()
                    try expectSymbol(":", "write `Empty(completeImmediately: false)`")
                    switch current.identifier {
                    case "true"?: completes = true
                    case "false"?: completes = false
                    default: throw SyntaxError("`completeImmediately:` takes true or false", at: current)
                    }
                    advance()
                }
                try expectSymbol(")", "write `Empty()` or `Empty(completeImmediately: false)`")
            }
            return .empty(completeImmediately: completes)
        case .identifier("fail"), .identifier("Fail"):
            let word = token.display
            advance()
            try expectSymbol("(", "write `\(word)(\"why\")`")
            if current.identifier == "error", tokens[position + 1].isSymbol(":") {
                advance()
                advance()
            }
            guard case .string(let message) = current.kind else {
                throw SyntaxError("`\(word)(...)` needs a message in double quotes, for example `\(word)(error: \"offline\")`", at: current)
            }
            advance()
            try expectSymbol(")", "close `\(word)(` with `)`")
            return .fail(message)
        case .identifier("Timer"):
            advance()
            guard current.isSymbol("."), tokens[position + 1].identifier == "publish" else {
                throw SyntaxError("write `Timer.publish(every: 1s)`", at: current)
            }
            advance()
            advance()
            try expectSymbol("(", "write `Timer.publish(every: 1s)`")
            guard current.identifier == "every", tokens[position + 1].isSymbol(":") else {
                throw SyntaxError("write `Timer.publish(every: 1s)`", at: current)
            }
            advance()
            advance()
            let interval = try positiveDuration(for: "Timer.publish(every:)")
            // `on: .main, in: .common` name a run loop; the playground has one clock.
            while current.isSymbol(",") {
                advance()
                _ = try argument()
            }
            try expectSymbol(")", "close `Timer.publish(` with `)`")
            return .timerPublish(nanoseconds: interval)
        case .identifier("Deferred"):
            advance()
            try expectSymbol("{", "write `Deferred { PIPELINE }`, for example `Deferred { just(1) }`")
            let inner = try pipeline()
            try expectSymbol("}", "close `Deferred {` with `}`")
            return .deferred(inner)
        case .identifier("Future"):
            advance()
            var delay: Int64 = 0
            if current.isSymbol("(") {
                advance()
                guard current.identifier == "after", tokens[position + 1].isSymbol(":") else {
                    throw SyntaxError("write `Future { VALUE }` or `Future(after: 1s) { VALUE }`", at: current)
                }
                advance()
                advance()
                delay = try positiveDuration(for: "Future(after:)")
                try expectSymbol(")", "close `Future(` with `)`")
            }
            let open = current
            try expectSymbol("{", "write `Future { VALUE }`: the value the promise is fulfilled with")
            let value = try valueExpression()
            guard current.isSymbol("}") else {
                throw SyntaxError("expected `}` to close the `Future {` opened here", at: open)
            }
            advance()
            return .future(value, delay: delay)
        case .identifier("Record"):
            advance()
            let usage = "write `Record(output: [1, 2], completion: .finished)` or `completion: .failure(\"why\")`"
            try expectSymbol("(", usage)
            guard current.identifier == "output", tokens[position + 1].isSymbol(":") else {
                throw SyntaxError(usage, at: current)
            }
            advance()
            advance()
            guard current.isSymbol("[") else {
                throw SyntaxError("`output:` takes an array of values; \(usage)", at: current)
            }
            guard case .array(let items) = try primary() else {
                throw SyntaxError(usage, at: token)
            }
            var failure: String?
            if current.isSymbol(",") {
                advance()
                guard current.identifier == "completion", tokens[position + 1].isSymbol(":"), tokens[position + 2].isSymbol(".") else {
                    throw SyntaxError(usage, at: current)
                }
                advance()
                advance()
                advance()
                switch current.identifier {
                case "finished"?:
                    advance()
                case "failure"?:
                    advance()
                    try expectSymbol("(", usage)
                    guard case .string(let message) = current.kind else {
                        throw SyntaxError("`.failure(...)` needs a message in double quotes", at: current)
                    }
                    failure = message
                    advance()
                    try expectSymbol(")", usage)
                default:
                    throw SyntaxError("the completion is `.finished` or `.failure(\"why\")`", at: current)
                }
            }
            try expectSymbol(")", usage)
            return .record(items, failure: failure)
        case .identifier("timer"):
            advance()
            try expectSymbol("(", "write `timer(1s)`")
            let interval = try positiveDuration(for: "timer(...)")
            try expectSymbol(")", "close `timer(` with `)`")
            return .timer(nanoseconds: interval)
        case .identifier:
            advance()
            return .name(token)
        case .symbol("["):
            guard case .array(let items) = try primary() else {
                throw SyntaxError("expected an array", at: token)
            }
            guard current.isSymbol("."), tokens[position + 1].identifier == "publisher" else {
                throw SyntaxError("an array becomes a source with `.publisher`, for example `[1, 2, 3].publisher`", at: current)
            }
            advance()
            advance()
            return .sequence(items)
        default:
            throw SyntaxError(
                "a pipeline starts with a name, `just(V)`, `[1, 2, 3].publisher`, `empty`, `fail(\"why\")`, `timer(1s)`, or `Just`, `Empty`, `Fail`, `Deferred`, `Future`, `Record`, `Timer.publish` (`help sources`)",
                at: token
            )
        }
    }

    /// A positive duration such as `1s`; `what` names the place in the message.
    private mutating func positiveDuration(for what: String) throws -> Int64 {
        guard case .duration(let interval) = current.kind, interval > 0 else {
            throw SyntaxError("`\(what)` needs a positive duration such as `1s`", at: current)
        }
        advance()
        return interval
    }

    private mutating func operatorCall() throws -> OperatorCall {
        let nameToken = current
        guard let name = nameToken.identifier else {
            throw SyntaxError("expected an operator name after `.`, for example `.map { $0 * 2 }`", at: nameToken)
        }
        advance()
        var arguments: [Argument] = []
        if current.isSymbol("(") {
            advance()
            while !current.isSymbol(")") {
                arguments.append(try argument())
                if current.isSymbol(",") {
                    advance()
                } else if !current.isSymbol(")") {
                    throw SyntaxError("expected `,` or `)` in the arguments of `\(name)`", at: current)
                }
            }
            advance()
        }
        var closure: Closure?
        if current.isSymbol("{") {
            if let factory = try subjectFactory() {
                arguments.append(factory)
            } else {
                closure = try self.closure()
            }
        }
        let last = tokens[position - 1]
        let span = Token(kind: nameToken.kind, offset: nameToken.offset, length: last.offset + last.length - nameToken.offset)
        return OperatorCall(name: name, token: nameToken, arguments: arguments, trailingClosure: closure, span: span)
    }

    private mutating func argument() throws -> Argument {
        var label: String?
        let start = current
        if let name = current.identifier, tokens[position + 1].isSymbol(":") {
            label = name
            advance()
            advance()
        }
        let token = current
        if token.isSymbol("{"), let factory = try subjectFactory() {
            return Argument(label: label, content: factory.content, token: factory.token)
        }
        switch token.kind {
        case .duration(let nanoseconds):
            advance()
            return Argument(label: label, content: .duration(nanoseconds), token: token)
        case .symbol("\\"):
            // A key path `\.name.first` is the closure `{ $0.name.first }`.
            advance()
            var body = Expression.argument(0)
            let entered = depth
            defer { depth = entered }
            while current.isSymbol("."), let member = tokens[position + 1].identifier {
                try enter()
                advance()
                advance()
                body = .member(body, member)
            }
            guard case .member = body else {
                throw SyntaxError("a key path reads `\\.name`, for example `.map(\\.name)`", at: current)
            }
            let last = tokens[position - 1]
            let span = Token(kind: token.kind, offset: token.offset, length: last.offset + last.length - token.offset)
            return Argument(label: label, content: .closure(Closure(body: body, parameterCount: 1, token: span)), token: span)
        case .identifier(let name) where name.first?.isUppercase == true && !Parser.reserved.contains(name)
            && tokens[position + 1].isSymbol("(") && tokens[position + 2].isSymbol(")"):
            // `JSONEncoder()`, `JSONDecoder()`: Swift objects made without arguments.
            advance()
            advance()
            advance()
            let span = Token(kind: token.kind, offset: token.offset, length: tokens[position - 1].offset + 1 - token.offset)
            return Argument(label: label, content: .swiftName(name + "()"), token: span)
        case .identifier(let name) where name.first?.isUppercase == true && !Parser.reserved.contains(name) && tokens[position + 1].isSymbol("."):
            // `Error.self`, `DispatchQueue.main`, `RunLoop.main`: Swift names with no playground meaning.
            advance()
            var written = name
            while current.isSymbol("."), let member = tokens[position + 1].identifier {
                written += "." + member
                advance()
                advance()
            }
            let last = tokens[position - 1]
            let span = Token(kind: token.kind, offset: token.offset, length: last.offset + last.length - token.offset)
            return Argument(label: label, content: .swiftName(written), token: span)
        case .symbol(".") where tokens[position + 1].identifier != nil:
            // An enumeration case such as `.dropOldest`, or `.byTime(1s)` with arguments.
            try enter()
            defer { depth -= 1 }
            advance()
            let name = current
            advance()
            guard current.isSymbol("(") else {
                return Argument(label: label, content: .name(name.identifier ?? ""), token: name)
            }
            advance()
            var arguments: [Argument] = []
            while !current.isSymbol(")") {
                arguments.append(try argument())
                if current.isSymbol(",") {
                    advance()
                } else if !current.isSymbol(")") {
                    throw SyntaxError("expected `,` or `)` in the arguments of `.\(name.identifier ?? "")`", at: current)
                }
            }
            advance()
            let last = tokens[position - 1]
            let span = Token(kind: name.kind, offset: token.offset, length: last.offset + last.length - token.offset)
            return Argument(label: label, content: .enumCase(name.identifier ?? "", arguments), token: span)
        case .symbol("{") where !looksLikeRecord():
            return Argument(label: label, content: .closure(try closure()), token: token)
        case .identifier(let name) where !Parser.reserved.contains(name) && !tokens[position + 1].isSymbol("(")
            && (tokens[position + 1].isSymbol(",") || tokens[position + 1].isSymbol(")")):
            advance()
            return Argument(label: label, content: .name(name), token: token)
        default:
            let expression = try self.expression()
            var content = Argument.Content.expression(expression)
            if case .symbol(let op) = current.kind, op == "..." || op == "..<" {
                advance()
                var upper: Expression?
                if !current.isSymbol(")") && !current.isSymbol(",") {
                    upper = try self.expression()
                } else if op == "..<" {
                    throw SyntaxError("`..<` needs an upper bound, for example `2..<4`", at: current)
                }
                content = .range(expression, upper, closed: op == "...")
            }
            let last = tokens[position - 1]
            let span = Token(kind: token.kind, offset: token.offset, length: last.offset + last.length - token.offset)
            _ = start
            return Argument(label: label, content: content, token: span)
        }
    }

    /// `{ PassthroughSubject<Int, Never>() }` (or `CurrentValueSubject...`), the factory `multicast`
    /// takes: read up to its `}` as an argument; nil (reading nothing) for any other brace.
    private mutating func subjectFactory() throws -> Argument? {
        guard current.isSymbol("{"), let word = tokens[position + 1].identifier,
              word == "PassthroughSubject" || word == "CurrentValueSubject"
        else { return nil }
        let open = current
        var nesting = 0
        while current.kind != .end {
            if current.isSymbol("{") { nesting += 1 }
            if current.isSymbol("}") {
                nesting -= 1
                if nesting == 0 { break }
            }
            advance()
        }
        guard current.isSymbol("}") else {
            throw SyntaxError("expected `}` to close the closure opened here", at: open)
        }
        let span = Token(kind: open.kind, offset: open.offset, length: current.offset + 1 - open.offset)
        advance()
        return Argument(label: nil, content: .subjectFactory, token: span)
    }

    /// After `{`: a record has `name:` or is `{}`; anything else is a closure.
    private func looksLikeRecord() -> Bool {
        let next = tokens[position + 1]
        if next.isSymbol("}") { return true }
        return next.identifier != nil && tokens[position + 2].isSymbol(":")
    }

    private mutating func closure() throws -> Closure {
        let open = current
        try expectSymbol("{", "a closure starts with `{`")
        let savedParameters = parameters
        let savedHighest = highestArgument
        parameters = [:]
        highestArgument = -1
        defer {
            parameters = savedParameters
            highestArgument = savedHighest
        }
        // Named parameters: `{ a, b in ... }`.
        var lookahead = position
        var names: [String] = []
        while let name = tokens[lookahead].identifier {
            names.append(name)
            if tokens[lookahead + 1].isSymbol(",") {
                lookahead += 2
            } else {
                break
            }
        }
        if !names.isEmpty, tokens[lookahead + 1].identifier == "in" {
            for (index, name) in names.enumerated() { parameters[name] = index }
            position = lookahead + 2
        }
        guard !current.isSymbol("}") else {
            throw SyntaxError("this closure is empty; write what it returns, for example `{ $0 * 2 }`", at: current)
        }
        let body = try expression()
        guard current.isSymbol("}") else {
            throw SyntaxError("expected `}` to close the closure opened here", at: open)
        }
        let close = current
        advance()
        let count = max(parameters.count, highestArgument + 1)
        let span = Token(kind: open.kind, offset: open.offset, length: close.offset + 1 - open.offset)
        return Closure(body: body, parameterCount: count, token: span)
    }

    // MARK: Expressions

    /// A value written in a command (`send`, `current`): an expression without closure arguments.
    private mutating func valueExpression() throws -> Expression {
        let start = current
        let saved = highestArgument
        let expression = try self.expression()
        if highestArgument != saved {
            throw SyntaxError("`$0` only means something inside a closure `{ ... }`", at: start)
        }
        return expression
    }

    mutating func expression() throws -> Expression {
        try enter()
        defer { depth -= 1 }
        let condition = try binary(level: 0)
        guard current.isSymbol("?") else { return condition }
        advance()
        let whenTrue = try expression()
        try expectSymbol(":", "the ternary operator reads `condition ? a : b`")
        let whenFalse = try expression()
        return .conditional(condition, whenTrue, whenFalse)
    }

    private static let precedence: [[BinaryOperator]] = [
        [.or], [.and], [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual], [.plus, .minus], [.times, .divide, .remainder],
    ]

    private mutating func binary(level: Int) throws -> Expression {
        guard level < Parser.precedence.count else { return try unary() }
        var left = try binary(level: level + 1)
        let entered = depth
        defer { depth = entered }
        while case .symbol(let symbol) = current.kind, let op = BinaryOperator(rawValue: symbol), Parser.precedence[level].contains(op) {
            // Each operator nests the expression so far one level deeper.
            try enter()
            advance()
            let right = try binary(level: level + 1)
            left = .binary(op, left, right)
        }
        return left
    }

    private mutating func unary() throws -> Expression {
        if current.isSymbol("!") || current.isSymbol("-") {
            guard case .symbol(let op) = current.kind else { return try postfix() }
            try enter()
            defer { depth -= 1 }
            advance()
            return .unary(op, try unary())
        }
        return try postfix()
    }

    private mutating func postfix() throws -> Expression {
        var expression = try primary()
        let entered = depth
        defer { depth = entered }
        while true {
            if current.isSymbol(".") || current.isSymbol("[") {
                // Each member or index access nests the expression one level deeper.
                try enter()
            }
            if current.isSymbol(".") {
                let next = tokens[position + 1]
                guard let member = next.identifier else {
                    if case .integer(let index) = next.kind {
                        // `$0.1`: tuple-style access to an element.
                        advance()
                        advance()
                        expression = .index(expression, .literal(.int(index)))
                        continue
                    }
                    throw SyntaxError("expected a member name after `.`", at: next)
                }
                advance()
                advance()
                expression = .member(expression, member)
            } else if current.isSymbol("[") {
                advance()
                let index = try self.expression()
                try expectSymbol("]", "close the index with `]`")
                expression = .index(expression, index)
            } else {
                return expression
            }
        }
    }

    private mutating func primary() throws -> Expression {
        let token = current
        switch token.kind {
        case .integer(let value):
            advance()
            return .literal(.int(value))
        case .decimal(let value):
            advance()
            return .literal(.double(value))
        case .string(let value):
            advance()
            return .literal(.string(value))
        case .dollar(let index):
            advance()
            highestArgument = max(highestArgument, index)
            return .argument(index)
        case .identifier("true"):
            advance()
            return .literal(.bool(true))
        case .identifier("false"):
            advance()
            return .literal(.bool(false))
        case .identifier("nil"):
            advance()
            return .literal(.null)
        case .identifier(let name):
            if let index = parameters[name] {
                advance()
                return .argument(index)
            }
            if tokens[position + 1].isSymbol("(") {
                guard Functions.all.contains(where: { $0.name == name }) else {
                    let hint = Suggestion.closest(to: name, in: Functions.all.map(\.name)).map { "; did you mean `\($0)`?" } ?? "; `help functions` lists them"
                    throw SyntaxError("unknown function `\(name)`\(hint)", at: token)
                }
                advance()
                advance()
                var arguments: [Expression] = []
                while !current.isSymbol(")") {
                    arguments.append(try expression())
                    if current.isSymbol(",") { advance() } else if !current.isSymbol(")") {
                        throw SyntaxError("expected `,` or `)` in the call of `\(name)`", at: current)
                    }
                }
                advance()
                return .call(name, arguments)
            }
            throw SyntaxError(
                "`\(name)` means nothing here: inside a closure use `$0` (or name the parameters: `{ x in x * 2 }`), and write strings in double quotes",
                at: token
            )
        case .symbol("("):
            advance()
            let inner = try expression()
            try expectSymbol(")", "close the parenthesis with `)`")
            return inner
        case .symbol("["):
            advance()
            var items: [Expression] = []
            while !current.isSymbol("]") {
                items.append(try expression())
                if current.isSymbol(",") { advance() } else if !current.isSymbol("]") {
                    throw SyntaxError("expected `,` or `]` in the array", at: current)
                }
            }
            advance()
            return .array(items)
        case .symbol("{"):
            advance()
            var fields: [(String, Expression)] = []
            while !current.isSymbol("}") {
                guard let name = current.identifier else {
                    throw SyntaxError("a record field is `name: value`, for example `{name: \"ace\", rank: 1}`", at: current)
                }
                advance()
                try expectSymbol(":", "a record field is `name: value`")
                fields.append((name, try expression()))
                if current.isSymbol(",") { advance() } else if !current.isSymbol("}") {
                    throw SyntaxError("expected `,` or `}` in the record", at: current)
                }
            }
            advance()
            return .record(fields)
        case .end:
            throw SyntaxError("the line ends where a value was expected", at: token)
        default:
            throw SyntaxError("expected a value, not `\(token.display)`", at: token)
        }
    }

    // MARK: Tokens

    /// One level deeper; fails past `maximumDepth`, pointing at where it happened.
    private mutating func enter() throws {
        depth += 1
        guard depth <= Parser.maximumDepth else {
            throw SyntaxError(
                "this expression nests too deeply: at most \(Parser.maximumDepth) levels of brackets, operators and accesses (split it into steps)",
                at: current
            )
        }
    }

    private var current: Token { tokens[position] }

    private mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    private mutating func expectSymbol(_ symbol: String, _ help: String) throws {
        guard current.isSymbol(symbol) else {
            throw SyntaxError("expected `\(symbol)`: \(help)", at: current)
        }
        advance()
    }

    private func expectEnd() throws {
        let token = current
        guard token.kind == .end || token.isSymbol(";") else {
            throw SyntaxError("unexpected `\(token.display)` after the end of the command", at: token)
        }
    }
}

import Foundation
