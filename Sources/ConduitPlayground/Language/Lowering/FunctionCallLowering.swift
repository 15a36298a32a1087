import SwiftSyntax

/// The arguments of a call of a free function or of a method (`print(a, b)`, `max(1, 2)`,
/// `name.hasPrefix("a")`, `service.load(id: 1) { ... }`) as Swift's parser reads them: which arguments
/// there are, their labels, where each starts and ends, and which closures trail the call are Swift's
/// tree's; what each argument holds is read there by the parser's readings, and must end where Swift
/// ends it.
extension Parser {
    /// The arguments of a call up to its `)` (the parser is just past its `(`), each with its label if
    /// it has one: from Swift's tree where it reads the call, token by token where it does not.
    mutating func labelledCallArguments(of name: String) throws -> [(label: String?, value: Expression)] {
        if let arguments = try swiftCallArguments(of: name) { return arguments }
        return try handReadCallArguments(of: name)
    }

    /// The arguments of the call whose `(` is the token before the current one, read where Swift's
    /// tree puts them, then moved past its `)`; nil (reading nothing) where Swift's parser reads no such
    /// call, or reads an error inside an argument (the playground's own syntax, `f({name: "ace"})`).
    /// Where the call's own punctuation is wrong (`print(1, 2`, `max(x: )`), swiftc's message.
    mutating func swiftCallArguments(of name: String) throws -> [(label: String?, value: Expression)]? {
        guard position > 0, tokens[position - 1].isSymbol("("), !treeCache.nestsPastSwiftsLimit,
            let (tree, call) = swiftCall(at: position - 1)
        else { return nil }
        let usage = "a call reads `\(name)(ARGUMENTS)`, its arguments separated by commas"
        guard Parser.hasWellFormedPunctuation(call) else {
            let error = tree.firstError(in: call, hint: usage) ?? SyntaxError(usage, at: tokens[position - 1])
            // Nested past Swift's parser's limit: the playground's reading says how deep it may nest.
            if error.message.contains("maximum nesting level") {
                treeCache.nestsPastSwiftsLimit = true
                return nil
            }
            throw error
        }
        guard !call.arguments.contains(where: \.expression.hasError), let close = call.rightParen else { return nil }
        var arguments: [(label: String?, value: Expression)] = []
        arguments.reserveCapacity(call.arguments.count)
        for element in call.arguments {
            let label = element.label.map { $0.text.trimmingCharacters(in: ["`"]) }
            let value = try read(element.expression, in: tree, as: "an argument of `\(name)`") { parser in
                // `double(&n)`: a variable passed to an `inout` parameter.
                if parser.current.isSymbol("&") { return try parser.inoutArgumentValue() }
                return try parser.rangeAfter(try parser.expression())
            }
            arguments.append((label, value))
        }
        moveToToken(atOrAfter: tree.offset(of: close.endPositionBeforeTrailingTrivia))
        return arguments
    }

    /// Swift's call that the playground's token at `index` opens (its `(`) or names (the called name,
    /// `Just` in `Just<Int>(1)`, `print` in `print(1)`), with its tree: in the statement's tree, the part's,
    /// or (where Swift reads the statement otherwise, as in a playground command) the text from the callee
    /// on.
    func swiftCall(at index: Int) -> (tree: SwiftTree, call: FunctionCallExprSyntax)? {
        let opens = tokens[index].isSymbol("(")
        return swiftCall(at: index, from: opens && index > 0 ? index - 1 : index) { token in
            opens ? Parser.call(openedBy: token) : Parser.call(named: token)
        }
    }

    /// The call whose `(` is `token`.
    private static func call(openedBy token: TokenSyntax) -> FunctionCallExprSyntax? {
        guard token.tokenKind == .leftParen, let call = token.parent?.as(FunctionCallExprSyntax.self),
            call.leftParen?.id == token.id
        else { return nil }
        return call
    }

    /// The call whose called expression is the name `token` (`f` in `f(1)`), with or without generic
    /// arguments (`Just<Int>(1)`).
    private static func call(named token: TokenSyntax) -> FunctionCallExprSyntax? {
        guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), reference.baseName.id == token.id else {
            return nil
        }
        let called = reference.parent?.as(GenericSpecializationExprSyntax.self).map(Syntax.init) ?? Syntax(reference)
        return called.callOfCallee
    }

    /// What `match` finds for the playground's token at `index` in a tree of Swift's: the statement's, the
    /// part's, or the one of the text from the token at `callee` (if given) on; nil where none has it.
    private func swiftCall(
        at index: Int, from callee: Int?, _ match: (TokenSyntax) -> FunctionCallExprSyntax?
    ) -> (tree: SwiftTree, call: FunctionCallExprSyntax)? {
        let token = tokens[index]
        for start in [0, swiftPartStart, callee.map { tokens[$0].offset }].compactMap({ $0 }) {
            guard let tree = treeCache.foldedTree(text: text, tokens: tokens, from: start),
                let swiftToken = tree.token(at: token.offset), let call = match(swiftToken)
            else { continue }
            return (tree, call)
        }
        return nil
    }

    /// The call Swift reads where the token at `index` (the current one unless given) is a closure's `{`
    /// trailing it (`f(x) { ... }`, `register { ... }`), with its tree; nil where Swift reads no trailing
    /// closure there.
    func swiftCallTrailed(at index: Int? = nil) -> (tree: SwiftTree, call: FunctionCallExprSyntax)? {
        let at = min(index ?? position, tokens.count - 1)
        return swiftCall(at: at, from: at > 0 ? at - 1 : nil) { token in
            guard token.tokenKind == .leftBrace, let closure = token.parent?.as(ClosureExprSyntax.self),
                let call = closure.parent?.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == closure.id
            else { return nil }
            return call
        }
    }

    /// Whether Swift's parser reads the `{` at token `index` as a closure trailing a call of the method
    /// `member` (`model.register { ... }`).
    func swiftReadsMethodCallTrailed(named member: String, at index: Int) -> Bool {
        swiftCallTrailed(at: index)?.call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            == member
    }

    /// The closures trailing the call Swift reads at the current `{`, as values passed after the other
    /// arguments (`fetch { ... } onFailure: { ... }`), each read by the parser where Swift puts it (what is
    /// inside, its own syntax or wrong, is the parser's to read or refuse); nil where Swift reads none there.
    mutating func swiftTrailingClosureValues() throws -> [Expression]? {
        guard let (tree, call) = swiftCallTrailed(), let first = call.trailingClosure else { return nil }
        var closures = [try read(first, in: tree, as: "a trailing closure") { try $0.closureLiteral() }]
        for extra in call.additionalTrailingClosures {
            closures.append(try read(extra.closure, in: tree, as: "a trailing closure") { try $0.closureLiteral() })
        }
        return closures
    }

    /// Whether Swift's parser reads `call`'s own punctuation (its parentheses, its arguments' labels,
    /// colons and commas, and a value for each) without an error; what is inside an argument is not looked at.
    static func hasWellFormedPunctuation(_ call: FunctionCallExprSyntax) -> Bool {
        let present = { (token: TokenSyntax?) in token?.presence != .missing }
        return call.unexpectedBetweenCalledExpressionAndLeftParen == nil
            && call.unexpectedBetweenLeftParenAndArguments == nil && call.unexpectedBetweenArgumentsAndRightParen == nil
            && call.unexpectedBetweenRightParenAndTrailingClosure == nil
            && present(call.leftParen) && present(call.rightParen)
            && call.arguments.allSatisfy {
                present($0.label) && present($0.colon) && present($0.trailingComma)
                    && !$0.expression.is(MissingExprSyntax.self)
            }
    }
}
