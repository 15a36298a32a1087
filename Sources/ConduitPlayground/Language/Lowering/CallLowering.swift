import SwiftSyntax

/// An operator's call (`.delay(for: 1s, scheduler: RunLoop.main)`, `.sink { ... } receiveValue: { ... }`)
/// as Swift's parser reads it: which arguments there are, their labels, what kind of expression each
/// is, and which closures trail the call are Swift's tree's. What each argument holds is read there by
/// the parser's readings, and must end where Swift ends it.
extension Parser {
    /// The member whose name is the token `name` (`map` in `s.map { $0 }`, `values` in `s.values`), as a call's
    /// reading takes it: nil where Swift's parser reads no member there, reads its call with an error in the call's
    /// own punctuation (a `(` with no `)`), or reads an access that is not called with an error or with argument
    /// labels (`s.map(x:)` names a method: Swift reads no call there, and neither does the playground).
    func readableMemberUse(named name: Token) throws -> (tree: SwiftTree, use: SwiftMemberUse)? {
        guard let (tree, use) = try swiftMemberUse(at: name, .name) else { return nil }
        guard let call = use.call else {
            return use.access.hasError || use.access.declName.argumentNames != nil ? nil : (tree, use)
        }
        // A missing value (`.map(x: )`) is left to `unreadableCall`, which gives swiftc's message for it.
        return Parser.hasWellFormedPunctuation(call) ? (tree, use) : nil
    }

    /// Why the call of the member named by the token `name` cannot be read: swiftc's first error around
    /// it (`.map(\\)`, `.filter({ $0 > 1 )`), or, where Swift's parser finds none, that a call was expected.
    func unreadableCall(named name: Token) throws -> SyntaxError {
        let usage = "a call reads `.\(name.display)(ARGUMENTS)`, with a closure after it if it takes one"
        for start in [swiftPartStart, 0, name.offset].compactMap({ $0 }) {
            guard let tree = treeCache.tree(text: text, tokens: tokens, from: start),
                let node = tree.innermost(holdingTokenAt: name.offset, { $0.hasError ? $0 : nil }),
                let error = tree.firstError(in: node, hint: usage)
            else { continue }
            return error
        }
        return SyntaxError(usage, at: name)
    }

    /// The arguments in `call`'s parentheses, each read where Swift puts it; then moves past the `)`.
    mutating func arguments(of call: FunctionCallExprSyntax, in tree: SwiftTree) throws -> [Argument] {
        var arguments: [Argument] = []
        for element in call.arguments {
            if element.expression.is(MissingExprSyntax.self),
                let error = tree.firstError(in: element, hint: "an argument is a value, such as `.prefix(3)`")
            {
                // `.map(x: )`: swiftc's message.
                throw error
            }
            arguments.append(try argument(element, in: tree))
        }
        if let close = call.rightParen {
            moveToToken(atOrAfter: tree.offset(of: close.endPositionBeforeTrailingTrivia))
        }
        return arguments
    }

    /// The closures trailing `call`: its first (unlabelled) one, and the labelled ones after it
    /// (`receiveValue: { ... }`) as arguments; then moves past the last.
    mutating func trailingClosures(
        of call: FunctionCallExprSyntax, in tree: SwiftTree
    ) throws -> (first: Argument?, labelled: [Argument]) {
        guard let first = call.trailingClosure else { return (nil, []) }
        let firstArgument = try closureArgument(first, label: nil, in: tree)
        var labelled: [Argument] = []
        for extra in call.additionalTrailingClosures {
            let argument = try closureArgument(extra.closure, label: extra.label.text, in: tree)
            labelled.append(Argument(label: argument.label, content: argument.content,
                token: tree.token(covering: extra, kind: argument.token.kind)))
        }
        let last = call.additionalTrailingClosures.last.map { Syntax($0) } ?? Syntax(first)
        moveToToken(atOrAfter: tree.offset(of: last.endPositionBeforeTrailingTrivia))
        return (firstArgument, labelled)
    }

    /// One argument of a call: its label and what it is, by the kind of expression Swift reads there.
    private mutating func argument(_ element: LabeledExprSyntax, in tree: SwiftTree) throws -> Argument {
        let label = element.label.map { $0.text.trimmingCharacters(in: ["`"]) }
        let expression = element.expression
        let start = tree.offset(of: expression.positionAfterSkippingLeadingTrivia)
        moveToToken(atOrAfter: start)
        let token = current
        let span = tree.token(covering: expression, kind: token.kind)
        if let closure = expression.as(ClosureExprSyntax.self) {
            return try closureArgument(closure, label: label, in: tree)
        }
        if let reference = expression.as(InOutExprSyntax.self) {
            // `assign(to: &player.$currentSong)`, `store(in: &cancellables)`.
            let target = try read(reference.expression, in: tree, as: "the in-out argument") { try $0.postfix() }
            return Argument(label: label, content: .reference(target), token: span)
        }
        if case .duration(let nanoseconds) = token.kind,
            token.end == tree.offset(of: expression.endPositionBeforeTrailingTrivia)
        {
            advance()
            return Argument(label: label, content: .duration(nanoseconds), token: token)
        }
        if let keyPath = expression.as(KeyPathExprSyntax.self) {
            return Argument(label: label, content: .closure(try keyPathClosure(keyPath, in: tree)), token: span)
        }
        if let content = try shapedArgument(expression, in: tree) {
            skip(past: expression, in: tree)
            return Argument(label: label, content: content, token: span)
        }
        if let caseArgument = try enumCaseArgument(expression, label: label, in: tree) {
            return caseArgument
        }
        if let range = try rangeArgument(expression, in: tree) {
            return Argument(label: label, content: range, token: span)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            case .identifier(let name) = reference.baseName.tokenKind, let content = bareName(name)
        {
            advance()
            return Argument(label: label, content: content, token: span)
        }
        let value = try read(expression, in: tree, as: "an argument") { try $0.expression() }
        return Argument(label: label, content: .expression(value), token: span)
    }

    /// What an argument of a shape the playground takes whole is: `Int.init` (the initialiser as a
    /// function), `JSONEncoder()`, a Swift name such as `DispatchQueue.main` or `Error.self`, an
    /// operator as a function (`reduce(0, +)`); nil for any other expression.
    private func shapedArgument(_ expression: ExprSyntax, in tree: SwiftTree) throws -> Argument.Content? {
        let span = tree.token(covering: expression)
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            case .binaryOperator(let symbol) = reference.baseName.tokenKind, let op = BinaryOperator(rawValue: symbol)
        {
            // `reduce(0, +)`, `max(by: <)`: `{ $0 + $1 }`.
            let body = Expression.binary(op, .argument(0), .argument(1))
            return .closure(Closure(body: body, parameterCount: 2, token: span))
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
            let type = Parser.swiftTypeName(member.base)
        {
            // `compactMap(Int.init)`, `map(String.init)`: `{ Int($0) }`.
            return .closure(Closure(body: .namedCall(type, [.argument(0)], span), parameterCount: 1, token: span))
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let type = Parser.swiftTypeName(call.calledExpression)
        {
            // `JSONEncoder()`, `JSONDecoder()`: Swift objects made without arguments; `DispatchQueue(label: "q")`,
            // a scheduler (the session has one clock, whatever its arguments say).
            if call.arguments.isEmpty { return .swiftName(type + "()") }
            if Parser.schedulerTypes.contains(type) { return .swiftName(type + "(…)") }
        }
        if let written = Parser.swiftQualifiedName(expression) {
            // `Error.self`, `DispatchQueue.main`, `DispatchQueue.global(qos: .background)`: names with no
            // playground meaning (the session has one clock, whatever a scheduler's arguments say).
            return .swiftName(written)
        }
        if let closure = expression.as(ClosureExprSyntax.self), Parser.isSubjectFactory(closure) {
            return .subjectFactory
        }
        return nil
    }

    /// Swift's types of schedulers, which a pasted chain may make in an argument (`DispatchQueue(label: "q")`).
    private static let schedulerTypes: Set<String> = ["DispatchQueue", "OperationQueue", "RunLoop"]

    /// `Name` for a reference to a capitalised name the playground gives no meaning of its own (a
    /// Swift type); nil for anything else.
    private static func swiftTypeName(_ expression: ExprSyntax?) -> String? {
        guard let reference = expression?.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            case .identifier(let name) = reference.baseName.tokenKind, name.first?.isUppercase == true,
            !Parser.reserved.contains(name)
        else { return nil }
        return name
    }

    /// `Type.member.member`, with `(…)` for a call at its end: a Swift name written in a pasted chain.
    private static func swiftQualifiedName(_ expression: ExprSyntax) -> String? {
        var called = false
        var node = expression
        if let call = node.as(FunctionCallExprSyntax.self), call.trailingClosure == nil {
            called = true
            node = call.calledExpression
        }
        var members: [String] = []
        while let member = node.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil,
            let base = member.base
        {
            members.insert(member.declName.baseName.text, at: 0)
            node = base
        }
        guard !members.isEmpty, let type = swiftTypeName(node) else { return nil }
        return ([type] + members).joined(separator: ".") + (called ? "(…)" : "")
    }

    /// Whether `closure` is `{ PassthroughSubject<Int, Never>() }` (or `CurrentValueSubject`), the
    /// factory `multicast` takes.
    static func isSubjectFactory(_ closure: ClosureExprSyntax) -> Bool {
        guard closure.signature == nil, closure.statements.count == 1,
            let first = closure.statements.first?.item.firstToken(viewMode: .sourceAccurate)
        else { return false }
        return first.text == "PassthroughSubject" || first.text == "CurrentValueSubject"
    }

    /// A closure given as an argument, or trailing a call; `{ PassthroughSubject<Int, Never>() }` is
    /// the subject factory `multicast` takes.
    private mutating func closureArgument(
        _ closure: ClosureExprSyntax, label: String?, in tree: SwiftTree
    ) throws -> Argument {
        let span = tree.token(covering: closure, kind: .symbol("{"))
        if Parser.isSubjectFactory(closure) {
            skip(past: closure, in: tree)
            return Argument(label: label, content: .subjectFactory, token: span)
        }
        let read = try self.read(closure, in: tree, as: "a closure") { try $0.closure() }
        return Argument(label: label, content: .closure(read), token: span)
    }

    /// A key path `\.name.first`, as the closure `{ $0.name.first }`.
    private mutating func keyPathClosure(_ keyPath: KeyPathExprSyntax, in tree: SwiftTree) throws -> Closure {
        let span = tree.token(covering: keyPath, kind: .symbol("\\"))
        var body = Expression.argument(0)
        let entered = depth
        defer { depth = entered }
        for component in keyPath.components {
            guard keyPath.root == nil, let property = component.component.as(KeyPathPropertyComponentSyntax.self),
                property.declName.argumentNames == nil, property.genericArgumentClause == nil
            else {
                throw SyntaxError("a key path reads `\\.name`, for example `.map(\\.name)`",
                    at: tree.token(covering: component))
            }
            try enter()
            body = .member(body, property.declName.baseName.text)
        }
        guard case .member = body else {
            throw SyntaxError("a key path reads `\\.name`, for example `.map(\\.name)`", at: span)
        }
        skip(past: keyPath, in: tree)
        return Closure(body: body, parameterCount: 1, token: span)
    }

    /// An enumeration's case, `.dropOldest`, or with arguments, `.byTime(1s)`; nil for anything else.
    private mutating func enumCaseArgument(
        _ expression: ExprSyntax, label: String?, in tree: SwiftTree
    ) throws -> Argument? {
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.argumentNames == nil
        {
            skip(past: member, in: tree)
            let name = tree.token(covering: member.declName)
            return Argument(label: label, content: .enumCase(member.declName.baseName.text, []), token: name)
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.argumentNames == nil, call.leftParen != nil
        else { return nil }
        try enter()
        defer { depth -= 1 }
        let arguments = try self.arguments(of: call, in: tree)
        let name = tree.token(covering: member.declName)
        let span = tree.token(covering: call, kind: name.kind)
        return Argument(label: label, content: .enumCase(member.declName.baseName.text, arguments), token: span)
    }

    /// `2...`, a range with no upper bound, as `output(in:)` takes; nil for any other expression (a range
    /// with both bounds is an expression of its own).
    private mutating func rangeArgument(_ expression: ExprSyntax, in tree: SwiftTree) throws -> Argument.Content? {
        if let postfix = expression.as(PostfixOperatorExprSyntax.self), postfix.operator.text == "..." {
            let lower = try read(postfix.expression, in: tree, as: "the range's lower bound") { try $0.expression() }
            skip(past: postfix, in: tree)
            return .range(lower, nil, closed: true)
        }
        return nil
    }

    /// A bare name given as an argument: a subject or a pipeline, or in an object's methods its own
    /// property (`taps.combineLatest(isOn)`, `$username`); nil for a name read as a value (a closure's
    /// parameter, a reserved word that is no variable).
    private func bareName(_ name: String) -> Argument.Content? {
        guard !Parser.reserved.contains(name) || variableWords.contains(name), !isClosureParameter(name) else {
            return nil
        }
        if selfMembers.contains(name) || name.hasPrefix("$") && selfMembers.contains(String(name.dropFirst())),
            let receiver = selfReference
        {
            return .expression(.member(receiver, name))
        }
        return .name(name)
    }
}
