/// Closures as values, as completion handlers use them: a closure written where a value goes
/// (`completion: { print($0) }`, `return { total += amount; return total }`, `[{ print("a") }]`), a
/// trailing closure given to a function declared in the session (`load(1) { user in ... }`,
/// `register { ... }`), and a call of a closure a parameter, a variable or an element holds
/// (`completion(result)`, `$0()`, `handlers[0]()`, `onChange?(3)`).
extension Parser {
    /// The marker operator of a closure written as a value: the session binds it to an expression that
    /// makes a `ClosureValue` each time it runs, capturing the arguments of the body around it.
    static let closureLiteral = "=closureValue"
    /// The function that calls a closure value: its arguments are the closure, how the call names it
    /// (for messages), then the closure's own arguments.
    static let closureCall = "#callClosure"

    /// The methods whose closure arguments are elements, not functions they call: `[() -> Void]`'s
    /// `handlers.append { ... }`.
    static let closureElementMethods: Set<String> = ["append", "insert"]

    /// `{ ... }` where a value goes, at its `{`: a closure value.
    mutating func closureLiteral() throws -> Expression {
        Parser.closureLiteral(try closure())
    }

    /// The closure value `closure` stands for where a value goes.
    static func closureLiteral(_ closure: Closure) -> Expression {
        let call = OperatorCall(
            name: Parser.closureLiteral, token: closure.token, arguments: [], trailingClosure: closure,
            span: closure.token)
        return .pipeline(PipelineSyntax(
            source: .expression(.literal(.void)), operators: [call], text: "{ ... }",
            startOffset: closure.token.offset))
    }

    /// Whether the closure value `syntax` stands for is one written in braces (`closureLiteral`).
    static func isClosureLiteral(_ syntax: PipelineSyntax) -> Bool {
        syntax.operators.count == 1 && syntax.operators[0].name == closureLiteral
    }

    /// The trailing closures after a call's `)` or a function's name (`load(1) { ... }`, `register { ... }`,
    /// `fetch { ... } onFailure: { ... }`), as values passed after the other arguments: the ones Swift's
    /// parser reads trailing the call; none unless a `{` on the same line follows, outside a condition
    /// (where it opens the block). In a statement Swift's parser is not given (over 64 KB), the one closure.
    mutating func trailingClosureValues() throws -> [Expression] {
        guard current.isSymbol("{"), !readingCondition, currentOnSameLine, !looksLikeRecord() else { return [] }
        if let closures = try swiftTrailingClosureValues() { return closures }
        guard treeCache.tree(text: text, tokens: tokens) == nil else { return [] }
        return [try closureLiteral()]
    }

    /// Words a block in braces follows, which are never a function given a trailing closure.
    static let blockWords: Set<String> = [
        "do", "repeat", "defer", "catch", "else", "switch", "while", "where", "get", "set", "willSet", "didSet",
        "try", "await", "throws", "async", "rethrows",
    ]

    /// Whether the type written is a closure's (`() -> Void`, `((Int) -> Void)?`, `@escaping (String) -> Void`),
    /// not a collection of closures (`[() -> Void]`), whose elements a property holds as values.
    static func isFunctionType(_ written: String) -> Bool {
        let type = written.trimmingWhitespace()
        return type.contains("->") && (type.hasPrefix("(") || type.hasPrefix("@"))
    }

    /// Whether the type written is an optional closure's (`((Int) -> Void)?`): a variable of it holds a value
    /// that `NAME = nil` empties and `NAME?(...)` calls unless nil, not a function.
    static func isOptionalFunctionType(_ written: String) -> Bool {
        let type = written.trimmingWhitespace()
        return type.hasSuffix("?") && type.hasPrefix("(") && isFunctionType(type)
    }

    /// `.NAME { ... }` after a dotted name (`model.register { print("one") }`) where `NAME` is no
    /// operator, subscriber or collection method (nor `values`, which `for await` reads): the call of a
    /// method given a trailing closure, which the session resolves as `model.register(...)`. Nil
    /// (reading nothing) for anything else. At the `.` of `.member`, which a closure trails (`postfixShape`).
    mutating func methodCallWithTrailingClosure(named member: String, on expression: Expression) throws
        -> Expression?
    {
        guard !readingCondition, OperatorTable.spec(named: member) == nil, !Parser.subscriberWords.contains(member),
            !CollectionMethods.chained.contains(member), member != "values"
        else { return nil }
        let path = Parser.dottedName(of: expression)
        // In a method, `service.load { ... }` is `self.service`'s method.
        guard path != nil || selfReference != nil && Parser.isRootedAtArgument(expression) else { return nil }
        let dot = position
        advance()
        advance()
        // Swift's parser reads `.NAME { ... }` as the method's call given the closures (braces holding a
        // record, the playground's own syntax, are not a closure).
        guard !looksLikeRecord(), swiftReadsMethodCallTrailed(named: member, at: position) else {
            position = dot
            return nil
        }
        let closures = try swiftTrailingClosureValues() ?? []
        guard let path else { return .call("." + member, [expression] + closures) }
        return .namedCall(path.name + "." + member, closures, covering(from: path.token))
    }

    /// Whether nothing but blanks stands between the token before this one and this one.
    var currentOnSameLine: Bool {
        guard position > 0 else { return true }
        let previous = tokens[position - 1]
        return !source_text(previous.offset + previous.length, current.offset).contains("\n")
    }

    /// Whether `expression` may hold a closure that `(...)` right after it calls: a parameter or a step
    /// of the body, an element, an unwrapped value, or what a call (`adder(2)(3)`) gave.
    static func mayHoldClosure(_ expression: Expression) -> Bool {
        switch expression {
        case .argument, .variable, .captured, .index, .namedCall: return true
        case .call(let name, _): return name == "#unwrap" || name == closureCall
        default: return false
        }
    }

    /// Whether `expression` is `f?(...)`: a call of the closure `f` holds unless it is nil; or `box?.hi()`,
    /// a method called through an optional chain.
    static func isOptionalClosureCall(_ expression: Expression) -> Bool {
        switch expression {
        case .conditional(_, .literal(.null), .call(closureCall, _)), .conditional(_, .literal(.null), .namedCall):
            return true
        case .conditional(.binary(.equal, _, .literal(.null)), .literal(.null), .call(let name, _)):
            return name.hasPrefix(".")
        default:
            return false
        }
    }

    /// `(ARGUMENTS)` after `callee`, at `(` (or at `?` of `?(`, which calls it unless it is nil):
    /// a call of the closure it holds; `start` is where `callee` is written, for messages.
    mutating func closureCall(of callee: Expression, writtenFrom start: Int) throws -> Expression {
        let written = String(source_text(start, current.offset)).trimmingWhitespace()
        let optional = current.isSymbol("?")
        if optional { advance() }
        advance()
        let arguments = try callArguments(of: written) + (try trailingClosureValues())
        let call = Expression.call(Parser.closureCall, [callee, .literal(.string(written))] + arguments)
        guard optional else { return call }
        return .conditional(.binary(.equal, callee, .literal(.null)), .literal(.null), call)
    }
}

extension Argument {
    /// A closure given as a value: the closure value it makes.
    init(closureValue closure: Closure) {
        self.init(label: nil, content: .expression(Parser.closureLiteral(closure)), token: closure.token)
    }

    /// The argument with a closure it holds read as a value (`handlers.append({ ... })`); any other as it is.
    var closureAsValue: Argument {
        guard case .closure(let closure) = content else { return self }
        return Argument(label: label, content: .expression(Parser.closureLiteral(closure)), token: token)
    }
}
