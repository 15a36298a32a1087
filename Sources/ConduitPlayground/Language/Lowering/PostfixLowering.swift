import SwiftSyntax

/// What follows a value in an expression (`names.last!`, `handler?()`, `user?.name`, `xs[0]`,
/// `s.map { ... }`, `$0.1`), as Swift's parser reads it: which postfix it is and, for a member, whether
/// it is called with arguments or given only a trailing closure. `postfix` reads each one by this shape;
/// what a call's arguments or an index hold is read where Swift's tree puts them (`swiftCallArguments`,
/// `subscripted`).
enum PostfixShape: Equatable {
    /// `value!`: a force unwrap.
    case forceUnwrap
    /// `value(...)`: the value, a closure, called.
    case call
    /// `value?(...)`: the closure the value holds, called unless it is nil.
    case optionalCall
    /// `value?.name`, called (`value?.name(...)`) or not.
    case optionalMember(name: String, called: Bool)
    /// `value?[index]`.
    case optionalSubscript
    /// `value.name`: called with arguments (`.name(...)`), given only a trailing closure (`.name { ... }`),
    /// or neither.
    case member(name: String, called: Bool, trailingClosure: Bool)
    /// `value.1`: a tuple's element.
    case tupleElement
    /// `value.` with no name after the dot.
    case missingMember
    /// `value[index]`.
    case `subscript`
    /// Nothing that continues the value: the expression ends here.
    case none
}

extension Parser {
    /// The postfix at the current token, after a value: from Swift's tree where the statement's is parsed
    /// already (a plain line such as `s.send(1)` parses none for it), from the tokens where it is not or
    /// where Swift reads no such node there (the playground's own syntax: durations, records, commands).
    /// Its readings are functions of their own: `postfix`, which calls it, recurses at every level of nesting,
    /// and its frame stays small.
    func postfixShape() -> PostfixShape {
        // Every postfix starts with punctuation: a name, a literal or the line's end ends the value at once.
        guard case .symbol = current.kind else { return .none }
        return swiftPostfixShape() ?? handReadPostfixShape()
    }

    /// The postfix Swift's parser reads at the current token, in a tree of the statement parsed already;
    /// nil where none is at hand, or where Swift reads an error around it.
    @inline(never)
    func swiftPostfixShape() -> PostfixShape? {
        guard !treeCache.nestsPastSwiftsLimit, current.kind != .end, let (_, token) = parsedSwiftToken(at: current)
        else { return nil }
        switch token.tokenKind {
        case .exclamationMark:
            guard let unwrap = token.parent?.as(ForceUnwrapExprSyntax.self), !unwrap.hasError else { return nil }
            return .forceUnwrap
        case .postfixQuestionMark:
            return token.parent?.as(OptionalChainingExprSyntax.self).flatMap(Parser.shape(following:))
        case .infixQuestionMark:
            return PostfixShape.none
        case .leftParen:
            guard let call = token.parent?.as(FunctionCallExprSyntax.self) else { return nil }
            return call.leftParen?.id == token.id ? .call : nil
        case .leftSquare:
            guard let index = token.parent?.as(SubscriptCallExprSyntax.self) else { return nil }
            return index.leftSquare.id == token.id ? .subscript : nil
        case .period:
            guard let member = SwiftMemberUse(at: token, .period), member.base != nil else { return nil }
            return Parser.shape(of: member)
        default:
            return nil
        }
    }

    /// What an optional chain's `?` leads to: a call, a member or an index; nil for anything else.
    private static func shape(following chain: OptionalChainingExprSyntax) -> PostfixShape? {
        guard let parent = chain.parent else { return nil }
        if let call = chain.callOfCallee, call.leftParen != nil { return .optionalCall }
        if let member = SwiftMemberUse(base: chain) {
            if member.name.presence == .missing { return .missingMember }
            guard member.name.tokenKind.isIdentifierLike else { return nil }
            return .optionalMember(name: member.name.memberName, called: member.isCalledWithArguments)
        }
        if let index = parent.as(SubscriptCallExprSyntax.self), index.calledExpression.id == chain.id {
            return .optionalSubscript
        }
        return nil
    }

    /// A member access's shape: a tuple's element, a name missing, or a member called, given a closure
    /// or neither.
    private static func shape(of member: SwiftMemberUse) -> PostfixShape? {
        let name = member.name
        if name.presence == .missing { return .missingMember }
        if case .integerLiteral = name.tokenKind { return .tupleElement }
        guard name.tokenKind.isIdentifierLike, member.access.declName.argumentNames == nil else { return nil }
        if member.isCalledWithArguments {
            return .member(name: name.memberName, called: true, trailingClosure: false)
        }
        return .member(name: name.memberName, called: false, trailingClosure: member.trailingClosure != nil)
    }

    /// Swift's token at the playground's `token`, in a tree parsed already for the statement or the part
    /// being read (none is parsed here), written the same.
    func parsedSwiftToken(at token: Token) -> (tree: SwiftTree, token: TokenSyntax)? {
        for start in [0, swiftPartStart].compactMap({ $0 }) {
            guard let tree = treeCache.parsedFoldedTree(from: start), let found = tree.token(at: token.offset),
                found.text.utf8.count == token.length
            else { continue }
            return (tree, found)
        }
        return nil
    }

    /// Whether the member at the current `.` is the sequence of a `for await` loop (`subject.values` in
    /// `for await v in subject.values { ... }`), as Swift's tree of the statement reads it.
    @inline(never)
    func endsAsyncLoopSequence() -> Bool {
        parsedSwiftMemberUse(at: current, .period)?.isAsyncLoopSequence ?? false
    }

    /// At a `.` (or the `?` of `?.`) with no name after it: swiftc's message where the statement's tree is
    /// parsed, followed by what the playground reads there; the playground's own where it is not.
    @inline(never)
    func missingMemberError() -> SyntaxError {
        let hint = "expected a member name after `.`"
        if let (tree, token) = parsedSwiftToken(at: current), let parent = token.parent,
            let error = tree.firstError(in: parent, hint: hint)
        {
            return error
        }
        return SyntaxError(hint, at: peek(1))
    }

    /// At a `.` where a value starts (`.metal`, `.init(x: 1)`): whether the member Swift's type inference
    /// names there is called with arguments; nil where no name follows the dot.
    @inline(never)
    func implicitMemberCalled() -> Bool? {
        if let member = parsedSwiftMemberUse(at: current, .period), member.base == nil,
            member.name.tokenKind.isIdentifierLike, member.name.presence == .present
        {
            return member.isCalledWithArguments
        }
        guard peek(1).identifier != nil else { return nil }
        return peek(2).isSymbol("(")
    }

    /// At `await`: whether it awaits the value after it (`await load()`), as Swift's tree reads it where the
    /// statement's is parsed; from the tokens, unless the line or a bracket ends after it.
    var awaitsValue: Bool {
        if let (_, token) = parsedSwiftToken(at: current), token.tokenKind == .keyword(.await) {
            return token.parent?.is(AwaitExprSyntax.self) ?? false
        }
        return peek(1).kind != .end && !peek(1).isSymbol(")")
    }

    /// The postfix read from the tokens, for a statement whose tree is not parsed (or Swift's parser is not
    /// given): a `!`, `?` or `(` written against the value, a `.` and what follows it, a `[`.
    @inline(never)
    func handReadPostfixShape() -> PostfixShape {
        let next = peek(1)
        if current.isSymbol("!") { return currentIsAttached ? .forceUnwrap : .none }
        if current.isSymbol("(") { return currentIsAttached ? .call : .none }
        if current.isSymbol("?"), currentIsAttached {
            if next.isSymbol("(") { return .optionalCall }
            if next.isSymbol("[") { return .optionalSubscript }
            guard next.isSymbol("."), let name = peek(2).identifier else { return .none }
            return .optionalMember(name: name, called: peek(3).isSymbol("("))
        }
        if current.isSymbol(".") {
            if case .integer = next.kind { return .tupleElement }
            guard let name = next.identifier else { return .missingMember }
            let after = peek(2)
            return .member(name: name, called: after.isSymbol("("), trailingClosure: after.isSymbol("{"))
        }
        return current.isSymbol("[") ? .subscript : .none
    }
}

extension TokenSyntax {
    /// A member's name as the playground's tokens spell it: without the backticks of an escaped one.
    fileprivate var memberName: String { text.trimmingCharacters(in: ["`"]) }
}

extension TokenKind {
    /// Whether the token is a name (an identifier or a keyword Swift accepts as a member's name).
    fileprivate var isIdentifierLike: Bool {
        switch self {
        case .identifier, .keyword, .dollarIdentifier: true
        default: false
        }
    }
}
