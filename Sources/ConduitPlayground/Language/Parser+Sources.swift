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
        guard let word = current.identifier else { return false }
        let isVariable = variableWords.contains(word)
        guard isVariable || (!Parser.reserved.contains(word) || word.first?.isUppercase == true)
            && !Parser.sourceWords.contains(word) && word != "Timer"
        else { return false }
        if word.hasPrefix("$") { return true }
        let use = swiftUseOfName()
        // `timer(1s)` is the playground's source, unless the session has a variable `timer`.
        if word == "timer", use.called, !isVariable { return false }
        if use.called || word == "Result" && use.generic { return true }
        guard let member = use.member else { return false }
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
            return try timerPublishSource()
        case .identifier("Deferred"):
            advance()
            try skipGenericArguments()
            if let made = try deferredClosure() { return made }
            try expectSymbol("{", "write `Deferred { PIPELINE }`, for example `Deferred { just(1) }`")
            let inner = try pipeline()
            try expectSymbol("}", "close `Deferred {` with `}`")
            return .deferred(inner)
        case .identifier("Future"):
            return try futureSource()
        case .identifier("Record"):
            return try recordSource()
        case .identifier("cold") where swiftUseOfName().called:
            // `cold(...)`; a name `cold` alone is a subject's or pipeline's.
            return .cold(try coldSource())
        case .identifier("timer") where swiftUseOfName().called:
            // `timer(1s)`; a name `timer` alone is the session's (`let timer = Timer.publish(...)`).
            return try timerSource()
        case .identifier:
            advance()
            return .name(token)
        case .symbol("["):
            return try sequenceSource()
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
}
