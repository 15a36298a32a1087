/// Statements: the command word and what each command takes after it.
extension Parser {
    mutating func statement() throws -> Statement {
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

    mutating func newName(after command: String) throws -> Token {
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
