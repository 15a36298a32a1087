/// Operator calls: their arguments, labels, closures and subject factories.
extension Parser {
    mutating func operatorCall() throws -> OperatorCall {
        let nameToken = current
        guard let name = nameToken.identifier else {
            throw SyntaxError("expected an operator name after `.`, for example `.map { $0 * 2 }`", at: nameToken)
        }
        advance()
        let savedGivesNothing = closuresGiveNothing
        closuresGiveNothing = Parser.voidClosureCalls.contains(name)
        defer { closuresGiveNothing = savedGivesNothing }
        var arguments: [Argument] = []
        if current.isSymbol("(") {
            advance()
            arguments = try list(until: ")", what: "the arguments of `\(name)`") { try $0.argument() }
        }
        var closure: Closure?
        // In an `if` condition or a loop's sequence, a `{` after the call opens the block, as in Swift.
        if current.isSymbol("{"), !readingCondition {
            if let factory = try subjectFactory() {
                arguments.append(factory)
            } else {
                // `reduce(into: [:]) { $0[$1, default: 0] += 1 }`: the closure changes its first parameter.
                accumulatesNextClosure = name == "reduce" && arguments.first?.label == "into"
                closure = try self.closure()
            }
        }
        if closure != nil, current.identifier != nil, peek(1).isSymbol(":") {
            try takeLabelledTrailingClosures(of: name, first: &closure, into: &arguments)
        }
        if Parser.closureElementMethods.contains(name) {
            // `handlers.append { print("b") }`, `handlers.insert({ ... }, at: 0)`: the closure is the element.
            arguments = arguments.map(\.closureAsValue) + (closure.map { [Argument(closureValue: $0)] } ?? [])
            closure = nil
        }
        let span = covering(from: nameToken)
        return OperatorCall(name: name, token: nameToken, arguments: arguments, trailingClosure: closure, span: span)
    }

    /// The calls whose closures return `Void` in Swift, which may end with a `let` step; a closure whose value
    /// is used (`map`, `filter`) must give it.
    static let voidClosureCalls: Set<String> = ["forEach", "sink", "handleEvents"]

    /// The label of the parameter a call's first trailing closure takes when labelled trailing
    /// closures follow it, by the call's name.
    static let firstTrailingClosureLabel = ["sink": "receiveCompletion", "handleEvents": "receiveSubscription"]

    /// Swift's multiple trailing closures: `.sink { completion in ... } receiveValue: { value in ... }`;
    /// the first takes the parameter before the labelled ones (`receiveCompletion:` for `sink`). Out of
    /// `operatorCall`, which recurses at every level of nesting, so that its frame stays small.
    mutating func takeLabelledTrailingClosures(
        of name: String, first closure: inout Closure?, into arguments: inout [Argument]
    ) throws {
        let extra = try labelledTrailingClosures()
        guard let first = closure, !extra.isEmpty else { return }
        if let label = Parser.firstTrailingClosureLabel[name] {
            arguments.append(Argument(label: label, content: .closure(first), token: first.token))
            closure = nil
        }
        arguments += extra
    }

    /// The labelled trailing closures after a trailing closure (`receiveValue: { ... }`), as arguments.
    mutating func labelledTrailingClosures() throws -> [Argument] {
        var arguments: [Argument] = []
        while let label = current.identifier, peek(1).isSymbol(":"), peek(2).isSymbol("{") {
            let start = current
            advance()
            advance()
            let closure = try self.closure()
            arguments.append(Argument(label: label, content: .closure(closure), token: covering(from: start)))
        }
        return arguments
    }

    mutating func argument() throws -> Argument {
        var label: String?
        let start = current
        if let name = current.identifier, peek(1).isSymbol(":") {
            label = name
            advance()
            advance()
        }
        let token = current
        if token.isSymbol("{"), let factory = try subjectFactory() {
            return Argument(label: label, content: factory.content, token: factory.token)
        }
        switch token.kind {
        case .symbol("&"):
            // `assign(to: &player.$currentSong)`, `store(in: &cancellables)`.
            advance()
            let target = try postfix()
            return Argument(label: label, content: .reference(target), token: covering(from: token))
        case .duration(let nanoseconds):
            advance()
            return Argument(label: label, content: .duration(nanoseconds), token: token)
        case .symbol("\\"):
            // A key path `\.name.first` is the closure `{ $0.name.first }`.
            advance()
            var body = Expression.argument(0)
            let entered = depth
            defer { depth = entered }
            while current.isSymbol("."), let member = peek(1).identifier {
                try enter()
                advance()
                advance()
                body = .member(body, member)
            }
            guard case .member = body else {
                throw SyntaxError("a key path reads `\\.name`, for example `.map(\\.name)`", at: current)
            }
            let span = covering(from: token)
            return Argument(label: label, content: .closure(Closure(body: body, parameterCount: 1, token: span)),
                token: span)
        case .identifier(let name) where name.first?.isUppercase == true && peek(1).isSymbol(".")
            && peek(2).identifier == "init" && !peek(3).isSymbol("("):
            // `compactMap(Int.init)`, `map(String.init)`: the initialiser as a function, `{ Int($0) }`.
            advance()
            advance()
            advance()
            let span = covering(from: token)
            let body = Expression.namedCall(name, [.argument(0)], span)
            return Argument(label: label, content: .closure(Closure(body: body, parameterCount: 1, token: span)),
                token: span)
        case .identifier(let name) where name.first?.isUppercase == true && !Parser.reserved.contains(name)
            && peek(1).isSymbol("(") && peek(2).isSymbol(")"):
            // `JSONEncoder()`, `JSONDecoder()`: Swift objects made without arguments.
            advance()
            advance()
            advance()
            let span = covering(from: token)
            return Argument(label: label, content: .swiftName(name + "()"), token: span)
        case .identifier(let name) where name.first?.isUppercase == true && !Parser.reserved.contains(name) && peek(
            1).isSymbol("."):
            // `Error.self`, `DispatchQueue.main`, `RunLoop.main`: Swift names with no playground meaning.
            advance()
            var written = name
            while current.isSymbol("."), let member = peek(1).identifier {
                written += "." + member
                advance()
                advance()
            }
            if current.isSymbol("(") {
                // `DispatchQueue.global()`, `DispatchQueue.global(qos: .background)`,
                // `ImmediateScheduler.shared`: a scheduler made by a call; its arguments say nothing
                // the session's one clock could use.
                let open = current
                var nesting = 0
                repeat {
                    if current.isSymbol("(") { nesting += 1 }
                    if current.isSymbol(")") { nesting -= 1 }
                    guard current.kind != .end else {
                        throw SyntaxError("expected `)` to close the `(` opened here", at: open)
                    }
                    advance()
                } while nesting > 0
                written += "(…)"
            }
            let span = covering(from: token)
            return Argument(label: label, content: .swiftName(written), token: span)
        case .symbol(".") where peek(1).identifier != nil:
            // An enumeration case such as `.dropOldest`, or `.byTime(1s)` with arguments.
            try enter()
            defer { depth -= 1 }
            advance()
            let name = current
            advance()
            guard current.isSymbol("(") else {
                return Argument(label: label, content: .enumCase(name.identifier ?? "", []), token: name)
            }
            advance()
            let arguments = try list(until: ")", what: "the arguments of `.\(name.identifier ?? "")`") {
                try $0.argument()
            }
            let span = covering(from: token, kind: name.kind)
            return Argument(label: label, content: .enumCase(name.identifier ?? "", arguments), token: span)
        case .symbol(let symbol) where BinaryOperator(rawValue: symbol) != nil
            && (peek(1).isSymbol(",") || peek(1).isSymbol(")")):
            // `reduce(0, +)`, `max(by: <)`: an operator passed as a function is `{ $0 + $1 }`.
            advance()
            let body = Expression.binary(BinaryOperator(rawValue: symbol) ?? .plus, .argument(0), .argument(1))
            return Argument(label: label, content: .closure(Closure(body: body, parameterCount: 2, token: token)),
                token: token)
        case .symbol("{") where !looksLikeRecord():
            return Argument(label: label, content: .closure(try closure()), token: token)
        case .identifier(let name) where (!Parser.reserved.contains(name) || variableWords.contains(name))
            && !peek(1).isSymbol("(")
            && (peek(1).isSymbol(",") || peek(1).isSymbol(")")) && !isClosureParameter(name):
            advance()
            if selfMembers.contains(name) || name.hasPrefix("$") && selfMembers.contains(String(name.dropFirst())),
                let receiver = selfReference
            {
                // `taps.combineLatest(isOn)` in an initialiser or a method: the object's own `isOn` (and
                // `$username`, its property's publisher).
                return Argument(label: label, content: .expression(.member(receiver, name)), token: token)
            }
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
            let span = covering(from: token)
            _ = start
            return Argument(label: label, content: content, token: span)
        }
    }

    /// Whether `name` is a parameter of the closure being read or of one around it: a value
    /// (`xs.contains(x)`), not the name of a subject or pipeline.
    func isClosureParameter(_ name: String) -> Bool {
        parameters[name] != nil || enclosingParameters.contains { $0[name] != nil }
    }

    /// `{ PassthroughSubject<Int, Never>() }` (or `CurrentValueSubject...`), the factory `multicast`
    /// takes: read up to its `}` as an argument; nil (reading nothing) for any other brace.
    mutating func subjectFactory() throws -> Argument? {
        guard current.isSymbol("{"), let word = peek(1).identifier,
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
    func looksLikeRecord() -> Bool {
        let next = peek(1)
        if next.isSymbol("}") { return true }
        return next.identifier != nil && peek(2).isSymbol(":")
    }
}
