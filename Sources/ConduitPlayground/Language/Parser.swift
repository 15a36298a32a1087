/// Turns one statement's text into a `Statement`, or a `SyntaxError` that says what was wrong,
/// where, and what would be right.
struct Parser {
    private let tokens: [Token]
    private let text: String
    private var position = 0
    /// Named closure parameters in scope, with their positions.
    private var parameters: [String: Int] = [:]
    private var highestArgument = -1

    /// Every command word, for messages, help and completion.
    static let commands = [
        "subject", "current", "let", "sink", "send", "complete", "fail", "request", "cancel", "subs", "ls",
        "inspect", "trace", "load", "help", "reset", "quit", "exit", "tick", "clock", "marbles",
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
        case "send":
            let name = try existingName(after: "send", usage: "send NAME VALUE")
            guard current.kind != .end else {
                throw SyntaxError("`send` needs a value after the name, for example `send \(name.display) 42`", at: current)
            }
            return .send(name: name, value: try valueExpression())
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
                throw SyntaxError("`load` needs a file name, for example `load scripts/examples/first.conduit`", at: current)
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

    private static let reserved: Set<String> = ["true", "false", "nil", "just", "empty", "timer", "demand", "in"]

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
        case .identifier("just"):
            advance()
            try expectSymbol("(", "write `just(VALUE)`")
            let value = try expression()
            try expectSymbol(")", "close `just(` with `)`")
            return .just(value)
        case .identifier("empty"):
            advance()
            return .empty
        case .identifier("fail"):
            advance()
            try expectSymbol("(", "write `fail(\"why\")`")
            guard case .string(let message) = current.kind else {
                throw SyntaxError("`fail(...)` needs a message in double quotes", at: current)
            }
            advance()
            try expectSymbol(")", "close `fail(` with `)`")
            return .fail(message)
        case .identifier("timer"):
            advance()
            try expectSymbol("(", "write `timer(1s)`")
            guard case .duration(let interval) = current.kind, interval > 0 else {
                throw SyntaxError("`timer(...)` needs a positive duration such as `1s`", at: current)
            }
            advance()
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
                "a pipeline starts with a name, `just(V)`, `[1, 2, 3].publisher`, `empty`, `fail(\"why\")` or `timer(1s)`",
                at: token
            )
        }
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
            closure = try self.closure()
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
        switch token.kind {
        case .duration(let nanoseconds):
            advance()
            return Argument(label: label, content: .duration(nanoseconds), token: token)
        case .symbol(".") where tokens[position + 1].identifier != nil:
            // An enumeration case such as `.dropOldest`, or `.byTime(1s)` with arguments.
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
            let last = tokens[position - 1]
            let span = Token(kind: token.kind, offset: token.offset, length: last.offset + last.length - token.offset)
            _ = start
            return Argument(label: label, content: .expression(expression), token: span)
        }
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
        let condition = try binary(level: 0)
        guard current.isSymbol("?") else { return condition }
        advance()
        let whenTrue = try expression()
        try expectSymbol(":", "the ternary operator reads `condition ? a : b`")
        let whenFalse = try expression()
        return .conditional(condition, whenTrue, whenFalse)
    }

    private static let precedence: [[String]] = [
        ["||"], ["&&"], ["==", "!=", "<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"],
    ]

    private mutating func binary(level: Int) throws -> Expression {
        guard level < Parser.precedence.count else { return try unary() }
        var left = try binary(level: level + 1)
        while case .symbol(let op) = current.kind, Parser.precedence[level].contains(op) {
            advance()
            let right = try binary(level: level + 1)
            left = .binary(op, left, right)
        }
        return left
    }

    private mutating func unary() throws -> Expression {
        if current.isSymbol("!") || current.isSymbol("-") {
            guard case .symbol(let op) = current.kind else { return try postfix() }
            advance()
            return .unary(op, try unary())
        }
        return try postfix()
    }

    private mutating func postfix() throws -> Expression {
        var expression = try primary()
        while true {
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
                    let hint = Suggestion.closest(to: name, in: Functions.all.map(\.name)).map { "; did you mean `\($0)`?" } ?? ""
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
