import Conduit

/// The commands of pipelines, sinks and demand: `let`, `sink`, `request`, `cancel`, `connect`.
enum PipelineCommands {
    static let all: [CommandSpec] = [
        CommandSpec(
            "let", aliases: ["var"], usage: "let (or var) NAME = PIPELINE",
            summary: "names a pipeline (a source and a chain of operators, written as in Swift) or a value "
                + "(`let offset = 10`; a `var` may change, `help values`); "
                + "a line starting with `.` continues the statement before it; a chain ending in `.sink { ... }` "
                + "or `.assign(...)` subscribes, as Swift keeps the AnyCancellable (`NAME.cancel()` cancels it)",
            example: "let doubled = numbers.map { $0 * 2 }", arguments: [.newName, .pipeline]
        ) { parser, word in
            // `let results: AnyPublisher<[String], Never> = ...`: the type is Swift's, the values carry theirs.
            let head = try parser.declarationHead(of: word)
            let declaredType = head.declaredType
            let name: Token
            switch head.names {
            case .tuple(let names): return try parser.tupleDeclaration(word, names: names)
            case .group(let group):
                // `let a = 1, b = "x"`: each name declared in turn, as `let NAME = VALUE` declares one.
                try parser.expectEnd()
                return Statement(word.display) { session in
                    for (name, type, written) in group {
                        try session.defineValue(
                            name, written: written, isConstant: word.display == "let", declaredType: type)
                    }
                }
            case .one(let token): name = token
            }
            if word.display == "var", declaredType.hasSuffix("?"), parser.current.kind == .end
                || parser.current.isSymbol(";")
            {
                // `var cancellable: AnyCancellable?`: an optional variable starts as nil, as Swift's does.
                let written = PipelineSyntax(
                    source: .expression(.literal(.null)), operators: [], text: "nil",
                    startOffset: parser.current.offset)
                return Statement(word.display, defines: name, pipeline: written) { session in
                    try session.defineValue(name, written: written, isConstant: false, declaredType: declaredType)
                }
            }
            if !declaredType.isEmpty, parser.current.kind == .end || parser.current.isSymbol(";") {
                throw SyntaxError(
                    "`\(word.display) \(name.display): \(declaredType)` needs a value here, as a top-level Swift "
                        + "variable does: write `\(word.display) \(name.display): \(declaredType) = VALUE`",
                    at: parser.current)
            }
            if !head.hasValue {
                try parser.expectSymbol(
                    "=", "write `\(word.display) \(name.display) = PIPELINE` or `= VALUE`, for example "
                        + "`let doubled = numbers.map { $0 * 2 }` or `var count = 0`")
            }
            let storeStart = parser.current
            if parser.skipCancellableStore(declaredType: declaredType) {
                // `var cancellables = Set<AnyCancellable>()`: the AnyCancellables `.store(in: &cancellables)`
                // puts there (each subscription is also kept by its name, which `subs` lists).
                let isConstant = word.display == "let"
                let type = !declaredType.isEmpty ? declaredType
                    : storeStart.identifier == "Set" ? "Set<AnyCancellable>" : "[AnyCancellable]"
                return Statement(word.display, defines: name) { session in
                    try session.defineValue(name, .array([]), isConstant: isConstant, typeName: type)
                }
            }
            if let subject = try parser.swiftSubject() {
                // `let taps = PassthroughSubject<String, Never>()`, as Swift writes it.
                return Statement(word.display, defines: name) { session in
                    try session.makeSubject(name, initial: subject)
                }
            }
            if let pipeline = parser.current.identifier, let method = parser.swiftConnectCall(),
                let connect = CommandTable.spec(named: "connect")
            {
                // `let connection = shared.connect()`: connects, and names the connection, whose
                // `cancel()` disconnects.
                let connecting = try connect.parse(&parser, method)
                parser.position = parser.tokens.count - 1
                return Statement(word.display) { session in
                    try connecting.run(session)
                    session.connectionNames[name.display] = pipeline
                }
            }
            if let shared = try parser.sharedDeclaration() {
                // `let room = Postgres("postgres://localhost/workshop")`,
                // `let prices = room.channel("prices", of: Int.self)`.
                try parser.expectEnd()
                return Statement(word.display, defines: name) { session in
                    try session.defineShared(name, shared)
                }
            }
            let isConstant = word.display == "let"
            let valueStart = parser.position
            let highestArgument = parser.highestArgument
            var parsed: PipelineSyntax?
            var pipelineError: Error?
            // `Int.max`, `Double.pi`: a constant of Swift's number types, not the operator `max` on a pipeline.
            // Only a value starting with such a type's name asks Swift's tree which member follows it.
            let startsWithConstant = parser.current.identifier.flatMap { type -> Value? in
                guard SwiftConstants.hasConstants(of: type), let (_, use) = parser.swiftMemberOfName() else {
                    return nil
                }
                return SwiftConstants.value(of: type, use.name.text)
            } != nil
            if !startsWithConstant,
                parser.current.isSymbol("[") || parser.current.isSymbol("(") || !Parser.startsValue(parser.current)
            {
                // What starts with a literal (`5`, `"a"`, `nil`, `-1`) is a value; `[1, 2].publisher` and
                // `(1...5).publisher` are not.
                do {
                    let pipeline = try parser.pipeline()
                    if parser.current.kind == .end || parser.current.isSymbol(";") { parsed = pipeline }
                } catch {
                    pipelineError = error
                }
            }
            guard let syntax = parsed else {
                // `let x = 5`, `var names = ["a", "b"]`, `let total = price * 2`: a value, as Swift's.
                let first = parser.tokens[valueStart]
                // `Timer.publish(...)` is a publisher or nothing: its own error says what was wrong.
                if let pipelineError, first.identifier == "Timer" { throw pipelineError }
                parser.position = valueStart
                parser.highestArgument = highestArgument
                if first.isSymbol("{"), !parser.looksLikeRecord() {
                    // `let add = { (a: Int, b: Int) -> Int in a + b }`: a function, called as one (`add(1, 2)`).
                    let signature = try parser.signatureOfClosure()
                    let closure = try parser.closure()
                    try parser.expectEnd()
                    if Parser.isOptionalFunctionType(declaredType) {
                        // `var handler: ((Int) -> Void)? = { ... }`: an optional holding the closure, which
                        // `handler = nil` empties and `handler?(1)` calls unless it is nil, as Swift's.
                        let literal = Parser.closureLiteral(closure)
                        return Statement(word.display, defines: name) { session in
                            let value = try session.constant(literal, at: name)
                            try session.defineValue(name, value, isConstant: isConstant, typeName: declaredType)
                        }
                    }
                    let parameters = signature?.parameterNames ?? (0..<closure.parameterCount).map { "$\($0)" }
                    // `(v: Double) -> Double`: its arguments and result are converted to the types written.
                    let types = signature?.parameterTypes.map { written in
                        written.map(ValueType.init(written:)).flatMap { $0.isKnownPlainType ? $0 : nil } ?? .value
                    }
                    // `let make: () -> State = { .idle }`: the type written for the name says what it returns.
                    let returnType = (signature?.returnType ?? Parser.returnType(ofFunctionType: declaredType))
                        .map(ValueType.init(written:))
                    let text = parser.text.trimmingWhitespace()
                    return Statement(word.display, defines: name) { session in
                        try session.declareFunction(
                            name, parameters: parameters, parameterTypes: types ?? parameters.map { _ in .value },
                            returnType: returnType, body: closure.body, text: text, isVariable: word.display == "var")
                    }
                }
                let expression: Expression
                do {
                    expression = try parser.valueExpression()
                    try parser.expectEnd()
                } catch {
                    if let pipelineError, !Parser.startsValue(first) { throw pipelineError }
                    throw error
                }
                let end = parser.tokens[max(parser.position - 1, valueStart)]
                let written = PipelineSyntax(
                    source: .expression(expression), operators: [],
                    text: Parser.singleLine(parser.source_text(first.offset, end.offset + end.length)),
                    startOffset: first.offset)
                return Statement(word.display, defines: name, pipeline: written) { session in
                    try session.defineValue(
                        name, written: written, isConstant: isConstant, declaredType: declaredType)
                }
            }
            if let last = syntax.operators.last, Parser.subscriberWords.contains(last.name) {
                // `let cancellable = subject.sink { ... }`: the subscription, named as a sink.
                return Statement(word.display, defines: name, pipeline: syntax) { session in
                    try session.subscribeSink(name, to: syntax, demand: nil)
                }
            }
            return Statement(word.display, defines: name, pipeline: syntax) { session in
                let optionalVariable = !isConstant && declaredType.hasSuffix("?")
                if try session.defineInstance(name, from: syntax) {
                    // `var b: Box? = Box()`: `b = nil` lets go of the object.
                    if optionalVariable { session.optionalObjectVariables.insert(name.display) }
                    return
                }
                if try session.defineReference(
                    name, from: syntax, asVariable: optionalVariable, optional: declaredType.hasSuffix("?"))
                { return }
                if try session.defineBinding(name, from: syntax) { return }
                session.building = name.display
                defer { session.building = nil }
                var built = syntax
                switch try session.definedValue(of: syntax) {
                case .value(let value)?:
                    var typeName: String?
                    var staticType: ValueType?
                    if case .expression(let source) = syntax.source {
                        if syntax.operators.isEmpty {
                            typeName = session.structName(of: source) ?? session.closureType(of: source)
                        }
                        // `let m = Int("4")` is an `Int?`, as Swift types it, though it holds 4.
                        staticType = session.checker.type(
                            of: syntax.operators.isEmpty ? source : .pipeline(syntax), arguments: [])
                    } else if case .name(let token) = syntax.source,
                        let path = token.identifier?.split(separator: ".")
                    {
                        // `let f = xs.first`, `let n = p.count`: a value's member or method, as Swift types it
                        // (an `Int?`).
                        let root = Expression.name(String(path[0]), token)
                        let member = path.dropFirst().reduce(root) { Expression.member($0, String($1)) }
                        let chain = PipelineSyntax(source: .expression(member), operators: syntax.operators,
                            text: syntax.text)
                        staticType = session.checker.type(
                            of: syntax.operators.isEmpty ? member : .pipeline(chain), arguments: [])
                    }
                    try session.defineValue(
                        name, value, isConstant: isConstant, typeName: declaredType.isEmpty ? typeName : declaredType,
                        staticType: staticType)
                    return
                case .publisher(let made)?:
                    // `let p = fetch(id: 2)`: the publisher made once (a function that makes a `Future`
                    // runs its closure once, as Swift's does), with the chain written after it.
                    built = PipelineSyntax(source: .expression(.literal(made)), operators: syntax.operators,
                        text: syntax.text, startOffset: syntax.startOffset)
                case nil:
                    // Built from what was written, so that what its source reads is known (`subs`, loops).
                    break
                }
                let chain = ChainState()
                let publisher = try session.build(built, chain: chain)
                var entry = PipelineEntry(publisher: publisher, syntax: syntax, length: session.chainLength(of: syntax))
                entry.sequence = chain.sequence
                entry.eager = chain.eager
                try session.define(name, as: .pipeline(entry))
                session.remember(chain, as: name.display)
            }
        },
        CommandSpec(
            "sink", usage: "sink NAME = PIPELINE [demand N]",
            summary: "subscribes: prints each value as `NAME ← value`, and the completion; "
                + "`demand N` asks for only N values at first",
            example: "sink out = [1, 2, 3].publisher demand 2", arguments: [.newName, .pipeline]
        ) { parser, word in
            let name = try parser.newName(after: "sink")
            try parser.expectSymbol("=", "write `sink \(name.display) = PIPELINE [demand N]`")
            let syntax = try parser.pipeline()
            var demand: Int?
            if parser.current.identifier == "demand" {
                parser.advance()
                demand = try parser.count(what: "a demand")
            }
            return Statement(word.display, defines: name, pipeline: demand == nil ? syntax : nil) { session in
                try session.subscribeSink(name, to: syntax, demand: demand)
            }
        },
        CommandSpec(
            "request", usage: "request NAME N",
            summary: "asks a sink's subscription for N more values (back-pressure)",
            example: "request out 1", arguments: [.sink, .literal]
        ) { parser, word in
            let name = try parser.existingName(after: "request", usage: "request NAME N")
            let count = try parser.count(what: "`request`")
            return Statement(word.display) { session in
                let sink = try session.sinkEntry(name, for: "request")
                if !sink.request(.max(count)) {
                    session.info("\(name.display) is \(sink.state.label): nothing to request")
                }
            }
        },
        CommandSpec(
            "cancel", usage: "cancel NAME", summary: "cancels a sink's subscription",
            example: "cancel out", arguments: [.sinkOrPipeline]
        ) { parser, word in
            let written = try parser.existingName(after: "cancel", usage: "cancel NAME")
            return Statement(word.display) { session in
                // `connection.cancel()` for `let connection = shared.connect()`: `shared` disconnects.
                let name = session.connectionNames[written.display].map {
                    Token(kind: .identifier($0), offset: written.offset, length: written.length)
                } ?? written
                if case .pipeline? = session.entries[name.display], let connection = session.connections[name.display] {
                    guard connection.isConnected else {
                        session.info("\(name.display) is not connected")
                        return
                    }
                    connection.disconnect()
                    session.info("\(name.display) disconnected")
                    return
                }
                if case .value(let held)? = session.entries[name.display] {
                    // `var cancellable: AnyCancellable?` given a subscription: its AnyCancellable; nil does nothing.
                    if case .object(let object) = held.value, object.methods["cancel"] != nil {
                        _ = try object.call("cancel", [])
                        return
                    }
                    if held.value == .null { return }
                }
                let sink = try session.sinkEntry(name, for: "cancel")
                guard sink.isLive else {
                    session.info("\(name.display) is already \(sink.state.label)")
                    return
                }
                sink.cancel()
                session.info("\(name.display) cancelled")
            }
        },
        CommandSpec(
            "connect", usage: "connect NAME",
            summary: "connects a connectable pipeline (`.makeConnectable()`, `.multicast()`, `Timer.publish`); "
                + "`cancel NAME` disconnects it",
            example: "connect shared", arguments: [.sinkOrPipeline]
        ) { parser, word in
            let name = try parser.existingName(after: "connect", usage: "connect NAME")
            return Statement(word.display) { session in
                guard let entry = session.entries[name.display] else {
                    throw session.unknown(name, expected: "pipeline")
                }
                guard let connection = session.connections[name.display] else {
                    throw SyntaxError(
                        "`\(name.display)` is a \(entry.kindName) with nothing to connect; `connect` starts a "
                            + "connectable publisher: `.makeConnectable()`, `.multicast()` or `Timer.publish(every:)`",
                        at: name
                    )
                }
                guard !connection.isConnected else {
                    session.info("\(name.display) is already connected")
                    return
                }
                session.info("\(name.display) connected")
                connection.connect()
            }
        },
    ]
}

extension Parser {
    /// Whether `token` can only start a value, never a pipeline: a literal, `[`, `(`, `{`, `-`, `!`.
    static func startsValue(_ token: Token) -> Bool {
        switch token.kind {
        case .integer, .decimal, .string: return true
        case .identifier(let word): return ["true", "false", "nil"].contains(word)
        default: return ["[", "(", "{", "-", "!"].contains { token.isSymbol($0) }
        }
    }
}

extension Interpreter {
    /// `let NAME = VALUE` written as an expression (`let x = 5`, `let total = price * 2`): a value,
    /// or a pipeline if the expression gives a publisher (`let p = flag ? a : b`).
    func defineValue(_ name: Token, written syntax: PipelineSyntax, isConstant: Bool, declaredType: String) throws {
        guard case .expression(var expression) = syntax.source else { return }
        if case .namedCall(".init", let arguments, let token) = expression, classes[declaredType] != nil {
            // `let p: Point = .init(x: 1, y: 2)`: the initialiser of the type written, as Swift infers it.
            expression = .namedCall(declaredType, arguments, token)
        }
        if ValueType(written: declaredType).isOptional, syntax.text.trimmingWhitespace() == ".none" {
            // `let gone: Int? = .none`: Optional's case for nil, as Swift infers it from the type written.
            expression = .literal(.null)
        }
        building = name.display
        defer { building = nil }
        let start = Token(kind: .end, offset: syntax.startOffset, length: max(1, syntax.text.count))
        if !declaredType.isEmpty, let message = TypeMismatch.conversion(
            from: checker.type(of: expression, arguments: []), to: ValueType(written: declaredType),
            as: "specified type"
        ) {
            throw SyntaxError(message, offset: syntax.startOffset, length: max(1, syntax.text.utf16.count))
        }
        let checked = try checkedBind(expression, in: syntax)
        let value = try located(at: start) { try checked.evaluate([]) }
        guard case .publisher = value else {
            try defineValue(
                name, value, isConstant: isConstant,
                typeName: declaredType.isEmpty ? structName(of: expression) ?? closureType(of: expression)
                    : declaredType, staticType: checker.type(of: expression, arguments: []))
            return
        }
        let chain = ChainState()
        let publisher = try build(syntax, chain: chain)
        var entry = PipelineEntry(publisher: publisher, syntax: syntax, length: chainLength(of: syntax))
        entry.sequence = chain.sequence
        entry.eager = chain.eager
        try define(name, as: .pipeline(entry))
        remember(chain, as: name.display)
    }

    /// `sink NAME = PIPELINE [demand N]`: builds the pipeline and subscribes a sink that prints
    /// what it receives (or, ending in `.assign(to:on:)`, writes it into a subject).
    func subscribeSink(
        _ name: Token, to written: PipelineSyntax, demand: Int?, forwardingTo loop: ForwardedSubscriber? = nil
    ) throws {
        try checker.checkTypes(of: written)
        var syntax = written
        var assign: ForwardedSubscriber? = loop
        // The subject this sink writes into (`.assign(to: \.value, on:)`, `.subscribe(SUBJECT)`).
        var target: String?
        building = name.display
        defer { building = nil }
        var store: Expression?
        if let last = syntax.operators.last, last.name == "store" {
            // `.store(in: &cancellables)`: kept by its name, and its AnyCancellable put in the set.
            if case .reference(let target)? = last.arguments.first?.content { store = target }
            syntax = PipelineSyntax(source: syntax.source, operators: syntax.operators.dropLast(), text: syntax.text)
        }
        defer { if let store { storeCancellable(of: name.display, in: store) } }
        if let last = syntax.operators.last, endsInSubscriber(last) {
            guard demand == nil else {
                throw SyntaxError(
                    "`\(last.name)` asks for every value itself; `demand` goes with a sink that prints", at: last.token
                )
            }
            syntax = PipelineSyntax(source: syntax.source, operators: syntax.operators.dropLast(), text: syntax.text)
            if last.name == "assign", last.arguments.first.map(\.isReference) ?? false {
                try assignToPublished(last, upstream: syntax, name: name)
                return
            }
            assign = try subscriber(for: last, upstream: syntax)
            if last.name == "subscribe", case .name(let subject)? = last.arguments.first?.content { target = subject }
        } else if let last = syntax.operators.last, last.name == "assign" {
            guard demand == nil else {
                throw SyntaxError(
                    "`assign` asks for every value itself; `demand` goes with a sink that prints", at: last.token
                )
            }
            syntax = PipelineSyntax(source: syntax.source, operators: syntax.operators.dropLast(), text: syntax.text)
            assign = ForwardedSubscriber(Subscribers.Assign(object: try assignTarget(of: last, upstream: syntax),
                keyPath: \.value))
            if last.arguments.count == 2, case .name(let subject) = last.arguments[1].content { target = subject }
        }
        let chain = ChainState()
        let publisher = try build(syntax, chain: chain)
        try checkRedefinable(name)
        let sink = PlaygroundSink(
            name: name.display,
            pipelineText: Interpreter.oneLine(syntax.text),
            initialDemand: demand.map { .max($0) } ?? .unlimited,
            emit: { [weak self, name = name.display] record in
                // A hidden sink's output waits for `reveal` (predict, then reveal).
                guard let self, !self.predictions.isHidden(name) else { return }
                self.emit(record)
            },
            stamp: { [weak self] in self?.stamp ?? "" },
            recorder: recorder,
            assign: assign,
            writesInto: target,
            failureIsNever: (try? checker.stageTypes(of: syntax, arguments: []))?.last?.failure == .never,
            admit: { [budget = scheduler.budget, name = name.display] value in
                budget.admission(of: value, through: name)
            },
            describe: { [weak table = structMethods] error in table?.failureText(of: error) ?? error.message }
        )
        // What the sink's own closure reads counts too: `drop received` is refused while
        // `.sink { received.append($0) }` appends into it.
        try define(name, as: .sink(sink), syntax: syntax, alsoReads: written.namesRead)
        remember(chain, as: name.display)
        let ledgers = subjectLedgers.count
        publisher.subscribe(sink)
        subjectLedgers.claim(since: ledgers, for: name.display)
    }
}

extension Interpreter {
    /// A statement written over several lines as one line: `.operator` lines join without a
    /// space, others with one.
    static func oneLine(_ text: String) -> String {
        guard text.contains("\n") else { return text }
        var result = ""
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty { continue }
            if !result.isEmpty, !trimmed.hasPrefix(".") { result += " " }
            result += trimmed
        }
        return result
    }
}

extension Interpreter {
    /// Whether a chain's last call is a subscriber the sink hands its values to: `.sink { }`,
    /// `.subscribe(SUBJECT)`, `.assign(to: &OBJECT.$PROPERTY)` or `.assign(to: \\.PROPERTY, on: OBJECT)`
    /// (`.assign(to: \\.value, on: SUBJECT)` is read by `assignTarget`).
    func endsInSubscriber(_ last: OperatorCall) -> Bool {
        switch last.name {
        case "sink": return true
        case "subscribe": return last.arguments.first?.label == nil
        case "assign":
            let isReference = last.arguments.first.map(\.isReference) ?? false
            return isReference || last.arguments.count == 2 && !assignsToSubject(last)
        default: return false
        }
    }
}
