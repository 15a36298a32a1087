import SwiftSyntax

/// Pipelines: the source a pipeline starts from, then its chain of operators.
extension Parser {
    mutating func pipeline() throws -> PipelineSyntax {
        let start = current.offset
        var source: PipelineSyntax.Source
        var operators: [OperatorCall] = []
        var sourceText: String?
        if let combined = try combiningInitialiser() {
            (source, operators) = combined
        } else if startsWithExpression {
            // `player.$currentSong`, `service.search("swift")`, `NotificationCenter.default.publisher(for: "x")`.
            switch try postfix() {
            case .pipeline(let inner):
                source = inner.source
                operators = inner.operators
                sourceText = inner.sourceText
            case let expression:
                source = .expression(expression)
            }
        } else {
            source = try pipelineSource()
        }
        // What the source and each call read as written, cut at the tokens that begin them.
        let sourceEnd = current.offset
        while current.isSymbol(".") {
            let dot = current
            advance()
            var call = try operatorCall()
            call.written = Parser.singleLine(source_text(dot.offset, endOfLastToken))
            operators.append(call)
        }
        let text = Parser.singleLine(source_text(start, endOfLastToken))
        var syntax = PipelineSyntax(source: source, operators: operators, text: text, startOffset: start)
        syntax.sourceText = sourceText ?? Parser.singleLine(
            source_text(start, operators.isEmpty ? endOfLastToken : sourceEnd)).trimmingWhitespaceAndNewlines()
        return syntax
    }

    /// Where the last token read ends (the pipeline's start when none was read).
    var endOfLastToken: Int {
        position > 0 ? tokens[position - 1].offset + tokens[position - 1].length : current.offset
    }

    /// A chain written over several lines, as one line for `subs` and `inspect`: a line starting
    /// with `.` joins the one before it directly, any other with a blank.
    static func singleLine(_ text: Substring) -> String {
        guard text.contains("\n") else { return String(text) }
        var result = ""
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty { continue }
            if !result.isEmpty, !trimmed.hasPrefix(".") { result += " " }
            result += trimmed
        }
        return result
    }

    /// Whether the pipeline starts with an expression rather than a name or a source word: a call
    /// (`search("x")`, `Player()`), `$property`, or a member that is not an operator
    /// (`player.$currentSong`, `player.objectWillChange`).
    var startsWithExpression: Bool {
        // `(1...5).publisher`: a parenthesised value with a chain.
        if current.isSymbol("(") { return true }
        guard let word = current.identifier, variableWords.contains(word)
            || (!Parser.reserved.contains(word) || word.first?.isUppercase == true)
                && !Parser.sourceWords.contains(word) && word != "Timer" && (word != "timer" || !peek(1).isSymbol("("))
        else { return false }
        if word.hasPrefix("$") || peek(1).isSymbol("(") || word == "Result" && peek(1).isSymbol("<") { return true }
        guard peek(1).isSymbol("."), let member = peek(2).identifier else { return false }
        return OperatorTable.spec(named: member) == nil && !Parser.subscriberWords.contains(member)
    }

    func source_text(_ start: Int, _ end: Int) -> Substring {
        let all = characters
        return Substring(String(all[min(start, all.count)..<min(max(end, start), all.count)]))
    }

    mutating func pipelineSource() throws -> PipelineSyntax.Source {
        let token = current
        if let word = token.identifier, variableWords.contains(word) {
            // `empty.append(1)` where the session has a variable `empty`: that variable.
            advance()
            return .name(token)
        }
        switch token.kind {
        case .identifier("just"), .identifier("Just"):
            return try justSource(named: token.display)
        case .identifier("empty"):
            advance()
            return .empty(completeImmediately: true)
        case .identifier("Empty"):
            return try emptySource()
        case .identifier("fail"), .identifier("Fail"):
            return try failSource(named: token.display)
        case .identifier("Timer"):
            advance()
            guard current.isSymbol("."), peek(1).identifier == "publish" else {
                throw SyntaxError("write `Timer.publish(every: 1s)`", at: current)
            }
            let publish = peek(1)
            advance()
            guard case .called(let tree, let call)? = try swiftMemberUse(named: publish) else {
                throw try unreadableCall(named: publish)
            }
            guard let every = call.arguments.first, every.label?.text == "every", call.trailingClosure == nil else {
                throw SyntaxError("write `Timer.publish(every: 1s)`", at: tree.token(covering: call))
            }
            // Swift's `every:` is a TimeInterval, in seconds (`every: 1.0`); `every: 1s` is the playground's.
            let interval = try read(every.expression, in: tree, as: "the interval") {
                try $0.positiveDuration(for: "Timer.publish(every:)", secondsAllowed: true)
            }
            // `on: .main, in: .common` name a run loop; the playground has one clock.
            skip(past: call, in: tree)
            return .timerPublish(nanoseconds: interval)
        case .identifier("Deferred"):
            advance()
            try skipGenericArguments()
            if let made = try deferredClosure() { return made }
            try expectSymbol("{", "write `Deferred { PIPELINE }`, for example `Deferred { just(1) }`")
            let inner = try pipeline()
            try expectSymbol("}", "close `Deferred {` with `}`")
            return .deferred(inner)
        case .identifier("Future"):
            advance()
            if current.isSymbol("<") {
                // `Future<Int, Never> { promise in ... }`: the types are Swift's; the values carry their own.
                try skipType()
            }
            if let promised = try promiseFuture() { return promised }
            var delay: Int64 = 0
            if current.isSymbol("(") {
                advance()
                guard takeLabel("after") else {
                    throw SyntaxError("write `Future { VALUE }` or `Future(after: 1s) { VALUE }`", at: current)
                }
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
            try skipGenericArguments()
            let usage = "write `Record(output: [1, 2], completion: .finished)` or `completion: .failure(\"why\")`"
            try expectSymbol("(", usage)
            guard takeLabel("output") else {
                throw SyntaxError(usage, at: current)
            }
            guard current.isSymbol("[") else {
                throw SyntaxError("`output:` takes an array of values; \(usage)", at: current)
            }
            guard case .array(let items) = try primary() else {
                throw SyntaxError(usage, at: token)
            }
            var failure: String?
            if current.isSymbol(",") {
                advance()
                guard atLabel("completion"), peek(2).isSymbol(".") else {
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
        case .identifier("cold") where peek(1).isSymbol("("):
            // `cold(...)`; a name `cold` alone is a subject's or pipeline's.
            return .cold(try coldSource())
        case .identifier("timer") where peek(1).isSymbol("("):
            // `timer(1s)`; a name `timer` alone is the session's (`let timer = Timer.publish(...)`).
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
            guard current.isSymbol("."), peek(1).identifier == "publisher" else {
                throw SyntaxError("an array becomes a source with `.publisher`, for example `[1, 2, 3].publisher`",
                    at: current)
            }
            advance()
            advance()
            return .sequence(items)
        default:
            throw SyntaxError(
                "a pipeline starts with a name, `just(V)`, `[1, 2, 3].publisher`, `empty`, `fail(\"why\")`, "
                    + "`timer(1s)`, `cold(\"-a-|\")`, or `Just`, `Empty`, `Fail`, `Deferred`, `Future`, `Record`, "
                    + "`Timer.publish` "
                        + "(`help sources`)",
                at: token
            )
        }
    }

    /// A positive duration such as `1s`; `what` names the place in the message.
    mutating func positiveDuration(for what: String, secondsAllowed: Bool = false) throws -> Int64 {
        var interval: Int64 = 0
        switch current.kind {
        case .duration(let nanoseconds): interval = nanoseconds
        case .integer(let seconds) where secondsAllowed && seconds > 0 && seconds < 1_000_000_000:
            interval = Int64(seconds) * 1_000_000_000
        case .decimal(let seconds) where secondsAllowed && seconds > 0 && seconds < 1_000_000_000:
            interval = Int64((seconds * 1e9).rounded())
        default: break
        }
        guard interval > 0 else {
            let example = secondsAllowed ? "`1.0` (seconds) or `1s`" : "`1s`"
            throw SyntaxError("`\(what)` needs a positive duration such as \(example)", at: current)
        }
        advance()
        return interval
    }

    /// `Publishers.CombineLatest(a, b)`, `Publishers.Merge(a, b, c)`, `Publishers.Zip(a, b)`, as
    /// Swift may write them: the first publisher with the operator over the others
    /// (`a.combineLatest(b)`), which is what they build. Nil, reading nothing, for anything else.
    mutating func combiningInitialiser() throws -> (PipelineSyntax.Source, [OperatorCall])? {
        guard current.identifier == "Publishers", peek(1).isSymbol("."), let type = peek(2).identifier,
              peek(3).isSymbol("(")
        else { return nil }
        let kinds = ["CombineLatest": "combineLatest", "Merge": "merge", "Zip": "zip", "MergeMany": "merge"]
        let family = String(type.prefix { !$0.isNumber })
        guard let name = kinds[family] else { return nil }
        let typeToken = peek(2)
        guard case .called(let tree, let initialiser)? = try swiftMemberUse(named: typeToken) else {
            throw try unreadableCall(named: typeToken)
        }
        var arguments = try self.arguments(of: initialiser, in: tree)
        guard arguments.count >= 2, let first = arguments.first else {
            throw SyntaxError("`Publishers.\(type)` combines two publishers or more: `Publishers.\(type)(a, b)`",
                at: typeToken)
        }
        arguments.removeFirst()
        let source: PipelineSyntax.Source
        switch first.content {
        case .name: source = .name(first.token)
        case .expression(let expression): source = .expression(expression)
        default:
            throw SyntaxError("expected a publisher: the name of a subject or pipeline", at: first.token)
        }
        let call = OperatorCall(
            name: name, token: typeToken, arguments: arguments, trailingClosure: nil, span: covering(from: typeToken)
        )
        return (source, [call])
    }
}
