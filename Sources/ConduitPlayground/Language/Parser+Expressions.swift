/// Expressions: values, operators by precedence, members, indexes and literals.
extension Parser {
    /// A value written in a command (`send`, `current`): an expression without closure arguments.
    mutating func valueExpression() throws -> Expression {
        let start = current
        let saved = highestArgument
        let expression = try self.expression()
        if highestArgument != saved {
            throw SyntaxError("`$0` only means something inside a closure `{ ... }`", at: start)
        }
        return expression
    }

    /// Whether the current token is `+=`, `-=`, `*=`, `/=` or `%=`, one operator to Swift's lexer (`SymbolSplit`):
    /// an assignment statement's, not an operator of the expression.
    var atCompoundAssignment: Bool {
        guard case .symbol(let symbol) = current.kind else { return false }
        return TopLevelStatement.compoundAssignments.contains(symbol)
    }

    /// The operation a compound assignment's operator (`+=`) applies (`+`); nil for any other token.
    var compoundOperator: BinaryOperator? {
        guard atCompoundAssignment, case .symbol(let symbol) = current.kind else { return nil }
        return BinaryOperator(rawValue: String(symbol.dropLast()))
    }

    /// At an assignment's `=` or compound operator (`+=`...): reads it and the value after it. A
    /// compound assignment's value is the operation on the target (`count += 1` is `count + 1`).
    mutating func assignedValue(to target: Expression) throws -> Expression {
        let compound = compoundOperator
        advance()
        let value = try expression()
        return compound.map { .binary($0, target, value) } ?? value
    }

    mutating func unary() throws -> Expression {
        if current.identifier == "await", awaitsValue {
            // `await load()`, `await future.value`: the playground's functions give their value at once.
            advance()
            return try unary()
        }
        if current.identifier == "try" {
            // `try f(x)` and `try! f(x)`: an error thrown goes on as it is; `try? f(x)` gives nil for it.
            let keyword = current
            advance()
            if current.isSymbol("!") {
                advance()
            } else if current.isSymbol("?") {
                advance()
                try enter()
                defer { depth -= 1 }
                return .namedCall(Parser.optionalTry, [try unary()], keyword)
            }
            return try unary()
        }
        if current.isSymbol("!") || current.isSymbol("-") {
            guard case .symbol(let op) = current.kind else { return try postfix() }
            let operatorToken = current
            try enter()
            defer { depth -= 1 }
            advance()
            if op == "-", case .duration = current.kind {
                // `-5ms`: the playground's own syntax, which Swift's tree reads as a number.
                throw SyntaxError(
                    "a duration cannot be negative: write how long to wait, such as `5ms` (0 or more)",
                    at: Token(
                        kind: operatorToken.kind, offset: operatorToken.offset,
                        length: current.end - operatorToken.offset
                    )
                )
            }
            return .unary(op, try unary())
        }
        return try postfix()
    }

    /// A value and what follows it (members, calls, indexes, unwraps, optional chains), each postfix's shape
    /// read by `postfixShape`: Swift's tree's where the statement's is parsed, the tokens' where it is not.
    mutating func postfix() throws -> Expression {
        let start = current.offset
        var expression = try primary()
        let entered = depth
        defer { depth = entered }
        // After `?.` the rest of the chain is skipped on nil, as Swift's optional chaining does.
        var chained = false
        while true {
            let shape = postfixShape(valueStart: start)
            if shape == .forceUnwrap {
                // `names.last!`, Swift's force unwrap written against what it unwraps: the value, or a
                // failure where it is nil.
                try enter()
                advance()
                expression = .call("#unwrap", [expression])
                continue
            }
            if current.isSymbol(".") || current.isSymbol("[") {
                // Each member or index access nests the expression one level deeper.
                try enter()
            }
            if shape == .optionalCall, case .member(let base, let name) = expression {
                // `downloader.onFinish?("file")`: the closure a property holds, called unless nil.
                try enter()
                advance()
                advance()
                expression = .call("." + name, [base] + (try callArguments(of: name)))
                continue
            }
            if shape == .optionalCall, case .optionalMember(let base, let name) = expression {
                // `box?.onChange?(5)`: the closure the property holds, called unless the object is nil.
                try enter()
                advance()
                advance()
                let call = Expression.call("." + name, [base] + (try callArguments(of: name)))
                expression = .conditional(.binary(.equal, base, .literal(.null)), .literal(.null), call)
                chained = true
                continue
            }
            if shape == .call || shape == .optionalCall, Parser.mayHoldClosure(expression) {
                // `completion(result)`, `$0()`, `handlers[0]()`, `handler?()`: the closure it holds, called.
                try enter()
                expression = try closureCall(of: expression, writtenFrom: start)
                continue
            }
            if case .optionalMember(let member, let called) = shape {
                // `$0?.name`: nil stays nil.
                try enter()
                advance()
                advance()
                advance()
                if called, current.isSymbol("(") {
                    // `model.editStandup?.deleteButtonTapped()`: called unless nil.
                    advance()
                    let call = Expression.call("." + member, [expression] + (try callArguments(of: member)))
                    expression = .conditional(.binary(.equal, expression, .literal(.null)), .literal(.null), call)
                    chained = true
                    continue
                }
                expression = .optionalMember(expression, member)
                chained = true
                continue
            }
            if shape == .optionalSubscript {
                // `note.userInfo?["score"]`: the element, or nil when the value is nil.
                try enter()
                advance()
                let element = try subscripted(expression)
                expression = .conditional(.binary(.equal, expression, .literal(.null)), .literal(.null), element)
                chained = true
                continue
            }
            if case .member(let name, let called, let trailingClosure) = shape {
                expression = try member(name, called: called, trailingClosure: trailingClosure, of: expression,
                    chained: chained)
                continue
            }
            switch shape {
            case .tupleElement:
                // `$0.1`: tuple-style access to an element.
                advance()
                guard case .integer(let index) = current.kind else {
                    throw SyntaxError("expected a member name after `.`", at: current)
                }
                advance()
                expression = .index(expression, .literal(.int(index)))
            case .missingMember:
                throw missingMemberError()
            case .unreadable:
                throw SyntaxError(Parser.unreadableStatement, at: current)
            case .subscript:
                expression = try subscripted(expression)
            default:
                return expression
            }
        }
    }

    /// At the `.` of `.name` after `expression` (`shape` says whether a call's arguments or only a trailing
    /// closure follow the name): the member, or the call it starts, read on to its end. A function of its
    /// own, out of `postfix`, which recurses at every level of nesting.
    @inline(never)
    mutating func member(
        _ name: String, called: Bool, trailingClosure: Bool, of expression: Expression, chained: Bool
    ) throws -> Expression {
        if let work = try mainQueueWork(named: name, after: expression) { return work }
        if name == "run", let run = try runLoopRun(after: expression) { return run }
        if name == "notify", let notify = try groupNotify(after: expression) { return notify }
        if trailingClosure, let call = try methodCallWithTrailingClosure(named: name, on: expression) {
            // `model.register { print("one") }`: an object's method given a closure.
            return call
        }
        let closureFollows = trailingClosure && !readingCondition
        // `for await v in subject.values { ... }`: `.values` ends the loop's publisher, as an operator does.
        let callFollows = called || closureFollows || name == "values" && endsAsyncLoopSequence()
        if (OperatorTable.spec(named: name) != nil || Parser.subscriberWords.contains(name)
            || CollectionMethods.chained.contains(name)) && callFollows
            || expression.isPipeline && callFollows || closureFollows || callFollows && name == "values"
        {
            // `Just($0).delay(for: 1s)`: an operator makes the expression a pipeline; so does a
            // collection method (`xs.sorted(by: <)`, `names.removeAll(where: { ... })`), which runs as
            // the value's when what it is called on gives no publisher.
            let dot = current
            advance()
            var call = try operatorCall()
            call.written = Parser.singleLine(source_text(dot.offset, endOfLastToken))
            return .pipeline(appending(call, to: expression))
        }
        advance()
        let token = current
        advance()
        guard called, current.isSymbol("(") else {
            return chained ? .optionalMember(expression, name) : .member(expression, name)
        }
        advance()
        let call = try memberCall(name, at: token, on: expression)
        // `items.first?.name.uppercased()`: after `?.` the call is made only where the chain holds a value.
        return chained ? .conditional(.binary(.equal, expression, .literal(.null)), .literal(.null), call) : call
    }

    /// Just past the `(` of `.name(` after `expression` (`token` is the name's): the call of a method of the
    /// value, of an object or of a type, read to its `)` and the closures trailing it.
    mutating func memberCall(_ member: String, at token: Token, on expression: Expression) throws -> Expression {
        // `service.search($0)`, `parent.objectWillChange.send()`: a call the session resolves.
        if Methods.names.contains(member) {
            // `$0.isMultiple(of: 2)`, `name.hasPrefix("a")`: a method of the value.
            let arguments = try callArguments(of: member)
            return .call("." + member, [expression] + arguments)
        }
        guard let path = Parser.dottedName(of: expression) else {
            if member == "send" {
                // `self.didChange.send()`, `objectWillChange.send()` in an observer: a subject's send.
                let arguments = try sendArguments(at: token)
                return .call(".send", [expression] + arguments)
            }
            if Parser.isVariable(expression) || selfReference != nil
                || NumberFormatterObject.methodNames.contains(member),
                !current.isSymbol(")") || Parser.isVariable(expression)
            {
                // `self.standupTapped(standup: s)` in a method, `formatter.string(for: n)` in a
                // function: the object's method (`service.load(id: 1) { ... }` given a closure).
                let arguments = try callArguments(of: member) + (try trailingClosureValues())
                return .call("." + member, [expression] + arguments)
            }
            guard current.isSymbol(")") else {
                return try extensionMethodCall(member, on: expression, at: token)
            }
            advance()
            return .member(expression, member)
        }
        if member == "random", ["Int", "Double", "Bool"].contains(path.name) {
            // `Int.random(in: 1...6)`, `Bool.random()`.
            let arguments = try callArguments(of: path.name + ".random")
            return .call("#random", [.literal(.string(path.name))] + arguments)
        }
        let arguments = member == "send"
            ? try sendArguments(at: token)
            : try callArguments(of: path.name + "." + member) + (try trailingClosureValues())
        let span = Token(kind: token.kind, offset: path.token.offset, length: covering(from: path.token).length)
        return .namedCall(path.name + "." + member, arguments, span)
    }

    mutating func primary() throws -> Expression {
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
        case .interpolatedString(let parts):
            return try interpolatedString(parts)
        case .dollar(let index):
            advance()
            highestArgument = max(highestArgument, index)
            if index == 0, let slot = accumulatorSlot { return .variable(.argument(slot)) }
            if index == 0, promiseNames.contains("$0"), current.isSymbol("(") {
                // `Future { $0(.success(42)) }`: the promise is the closure's `$0`.
                return try promiseCall(.argument(0), named: "$0")
            }
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
            return try named(name, at: token)
        case .symbol("."):
            guard let called = implicitMemberCalled() else {
                throw SyntaxError("expected a value, not `\(token.display)`", at: token)
            }
            if called { return try implicitMemberCall() }
            // `.metal`, an enum case whose type Swift infers: its name, as the text "metal" (in the
            // enum's own methods, its case: `return .green` in `Light`'s).
            advance()
            let nameToken = current
            let name = nameToken.identifier ?? ""
            advance()
            if enclosingEnumCases.contains(name), let type = enclosingTypeName {
                return .member(.name(type, nameToken), name)
            }
            return .literal(.string(name))
        case .symbol("("):
            return try parenthesized()
        case .symbol("["):
            return try collectionLiteral()
        case .symbol("{") where !looksLikeRecord():
            // `completion: { print($0) }`, `return { total += amount; return total }`: a closure value.
            return try closureLiteral()
        case .symbol("{"):
            advance()
            let fields = try list(until: "}", what: "the record") { parser -> (String, Expression) in
                guard let name = parser.current.identifier else {
                    throw SyntaxError(
                        "a record field is `name: value`, for example `{name: \"ace\", rank: 1}`"
                            + Parser.closureAsValueNote, at: parser.current
                    )
                }
                parser.advance()
                try parser.expectSymbol(":", "a record field is `name: value`" + Parser.closureAsValueNote)
                return (name, try parser.expression())
            }
            return .record(fields)
        case .end:
            throw SyntaxError("the line ends where a value was expected", at: token)
        default:
            throw SyntaxError("expected a value, not `\(token.display)`", at: token)
        }
    }
}

extension Parser {
    /// `5.times(3)`: a method an extension may have given the value's type, found (or refused, in
    /// Swift's words by the checker) once the session knows its type; a near miss of a value's own
    /// method is refused here. A function of its own, out of `postfix`, which recurses at every level
    /// of nesting: its frame stays small (see `maximumDepth`).
    mutating func extensionMethodCall(_ member: String, on expression: Expression, at token: Token) throws
        -> Expression
    {
        if let typo = Methods.names.first(where: { Suggestion.editDistance(member, $0) <= 2 }) {
            throw SyntaxError("values have no method `.\(member)(...)`; did you mean `.\(typo)(...)`?", at: token)
        }
        return .call("." + member, [expression] + (try callArguments(of: member)))
    }

    /// `self` where an observer's body is read: its parameter, or the enclosing observer's in a
    /// closure inside it; nil elsewhere.
    var selfReference: Expression? {
        if let index = parameters["self"] {
            return variables.contains(index) ? .variable(.argument(index)) : .argument(index)
        }
        for (distance, scope) in enclosingParameters.reversed().enumerated() {
            if let index = scope["self"] { return capturedName(level: distance + 1, index: index) }
        }
        return nil
    }

    /// The words that start a publisher inside an expression.
    static let sourceWords: Set<String> = ["Just", "Fail", "Empty", "Future", "Record", "Deferred", "just", "fail",
        "cold"]
    /// Subscribers that end a chain written as an expression: `player.$currentSong.sink { ... }`.
    static let subscriberWords: Set<String> = ["sink", "assign", "store", "subscribe"]

    /// The arguments of a call up to its `)`, labels (`query:`) read and dropped, as Swift's
    /// labels only name what the position already says.
    mutating func callArguments(of name: String) throws -> [Expression] {
        try labelledCallArguments(of: name).map(\.value)
    }

    /// The arguments of a subject's `send(...)` inside an expression: a value, or none; a completion
    /// (`send(completion: .finished)`) is refused, where `.finished` would otherwise read as a value.
    mutating func sendArguments(at token: Token) throws -> [Expression] {
        if atLabel("completion") {
            throw SyntaxError(
                "`send(completion:)` ends a subject from a line of its own, such as "
                    + "`subject.send(completion: .finished)`; inside a closure or an observer, `send` takes a value",
                at: token
            )
        }
        return try labelledCallArguments(of: "send").map(\.value)
    }

    /// The arguments of a call up to its `)`, each with its label if it has one, read token by token: for
    /// a call whose arguments hold the playground's own syntax (`f({name: "ace"})`), which Swift's tree reads
    /// as an error, or one nested past Swift's parser's limit; `swiftCallArguments` reads the others.
    mutating func handReadCallArguments(of name: String) throws -> [(label: String?, value: Expression)] {
        try list(until: ")", what: "the call of `\(name)`") { parser -> (label: String?, value: Expression) in
            let label = parser.swiftArgumentLabel(parsing: false)
            if label != nil {
                parser.advance()
                parser.advance()
            }
            let value = try parser.argumentValue()
            // With no tree at hand (the replay's `s.send(x)`, a statement Swift's parser is not given), a name that
            // a `:` follows is the argument's label.
            guard label == nil, case .name(let word, _) = value, parser.current.isSymbol(":") else {
                return (label, value)
            }
            parser.advance()
            return (word, try parser.argumentValue())
        }
    }

    /// A call's argument after its label: `&NAME` (`double(&n)`, a variable passed to an `inout` parameter, read
    /// in a function of its own, since arguments nest as deeply as calls do), or a value, which may be a range.
    private mutating func argumentValue() throws -> Expression {
        if current.isSymbol("&") { return try inoutArgumentValue() }
        return try rangeAfter(try expression())
    }

    /// What a record's message adds, for braces read as a record (they start with `NAME:`) that may
    /// have been meant as a closure.
    static let closureAsValueNote = "; braces that start with `NAME:` hold a record (a closure names its "
        + "parameters before `in`: `{ name in ... }`)"

    /// `&NAME` in a call's arguments: a variable passed to an `inout` parameter (`double(&n)`).
    mutating func inoutArgumentValue() throws -> Expression {
        let ampersand = current
        advance()
        guard current.identifier != nil else {
            throw SyntaxError("`&` passes a variable to an `inout` parameter: write `&NAME`", at: ampersand)
        }
        return .call(Parser.inoutArgument, [try postfix()])
    }

    /// `lower...upper` or `lower..<upper` where a range is a value (`(1...5)`, `random(in: 1...6)`):
    /// the range made of `lower` and the bound after the operator; `lower` itself if none follows.
    mutating func rangeAfter(_ lower: Expression) throws -> Expression {
        guard case .symbol(let op) = current.kind, op == "..." || op == "..<" else { return lower }
        let operatorToken = current
        advance()
        guard !current.isSymbol(")"), !current.isSymbol(",") else {
            throw SyntaxError(
                "a range here needs both bounds, such as `1...5` or `0..<3` (`\(op)` has no upper bound)",
                at: operatorToken)
        }
        return .call("#range", [lower, try expression(), .literal(.bool(op == "..."))])
    }

    /// `a.b.c` written as names only, as one dotted name and where it starts.
    static func dottedName(of expression: Expression) -> (name: String, token: Token)? {
        switch expression {
        case .name(let name, let token): return (name, token)
        case .member(let base, let member):
            guard let path = dottedName(of: base) else { return nil }
            return (path.name + "." + member, path.token)
        default: return nil
        }
    }

    /// `expression.operator(...)`: the pipeline it makes, or the pipeline it extends.
    func appending(_ call: OperatorCall, to expression: Expression) -> PipelineSyntax {
        let end = call.span.offset + call.span.length
        if case .pipeline(let syntax) = expression {
            let start = syntax.startOffset
            var longer = PipelineSyntax(
                source: syntax.source, operators: syntax.operators + [call], text: String(source_text(start, end)),
                startOffset: start
            )
            longer.sourceText = syntax.sourceText
            return longer
        }
        let start = Parser.startOffset(of: expression) ?? call.token.offset
        var syntax = PipelineSyntax(
            source: .expression(expression), operators: [call], text: String(source_text(start, end)),
            startOffset: start
        )
        // The source is what stands before the call's `.`, which comes right before its name.
        syntax.sourceText = Parser.singleLine(source_text(start, call.token.offset - 1)).trimmingWhitespaceAndNewlines()
        return syntax
    }

    /// Where an expression's text starts, when it can be told.
    static func startOffset(of expression: Expression) -> Int? {
        switch expression {
        case .name(_, let token), .namedCall(_, _, let token): return token.offset
        case .member(let base, _), .optionalMember(let base, _), .index(let base, _): return startOffset(of: base)
        case .pipeline(let syntax): return syntax.startOffset
        default: return nil
        }
    }
}
