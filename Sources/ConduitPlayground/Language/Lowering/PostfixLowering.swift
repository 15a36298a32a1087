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
    /// Punctuation that may start a postfix, in a statement Swift's parser is not given (longer than 64 KB,
    /// thousands of brackets): nothing says what it is.
    case unreadable
}

extension Parser {
    /// The postfix at the current token, after a value that starts at character `valueStart`, as Swift's parser
    /// reads it: in a tree of the statement parsed already, or else in the tree of the text from the value on,
    /// parsed here (a plain line such as `s.send(1)` parses that one tree). Where Swift reads no postfix node
    /// there, the value ends. Its readings are functions of their own: `postfix`, which calls it, recurses at
    /// every level of nesting, and its frame stays small.
    func postfixShape(valueStart: Int? = nil) -> PostfixShape {
        // Every postfix starts with punctuation: a name, a literal or the line's end ends the value at once.
        guard case .symbol(let symbol) = current.kind, Parser.postfixStarts.contains(symbol) else { return .none }
        return swiftPostfixShape(valueStart: valueStart) ?? .none
    }

    /// The punctuation a postfix starts with: after anything else the value ends, with no tree asked.
    private static let postfixStarts: Set<String> = ["!", "?", "(", "[", "."]

    /// The postfix Swift's parser reads at the current token; nil where Swift reads none there, or where it
    /// reads an error around it.
    @inline(never)
    func swiftPostfixShape(valueStart: Int?) -> PostfixShape? {
        guard current.kind != .end else { return nil }
        // The statement's tree (or its Swift part's) if one is parsed; else, or where that tree reads the
        // playground's own syntax around the value (`func f(x) = Just(x).delay(for: 1s)`), the value's own.
        for tree in treeCache.parsedFoldedTrees(reaching: current.offset) {
            guard let token = tree.token(at: current.offset), token.text.utf8.count == current.length else { continue }
            if let shape = Parser.postfixShape(at: token) { return shape }
        }
        guard let start = valueStart ?? swiftPartStart ?? (treeCache.isEmpty ? 0 : nil),
            treeCache.parsedFoldedTree(from: start) == nil, !treeCache.nestsPastSwiftsLimit
        else { return nil }
        guard let tree = treeCache.foldedTree(text: text, tokens: tokens, from: start) else { return .unreadable }
        guard let token = tree.token(at: current.offset), token.text.utf8.count == current.length else { return nil }
        return Parser.postfixShape(at: token)
    }

    /// The postfix Swift's tree reads at `token`; nil where it reads none there.
    private static func postfixShape(at token: TokenSyntax) -> PostfixShape? {
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
            guard let member = token.parent?.as(MemberAccessExprSyntax.self), member.base != nil,
                member.period.id == token.id
            else { return nil }
            return Parser.shape(of: member)
        default:
            return nil
        }
    }

    /// What an optional chain's `?` leads to: a call, a member or an index; nil for anything else.
    private static func shape(following chain: OptionalChainingExprSyntax) -> PostfixShape? {
        guard let parent = chain.parent else { return nil }
        if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == chain.id,
            call.leftParen != nil
        {
            return .optionalCall
        }
        if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == chain.id {
            if member.declName.baseName.presence == .missing { return .missingMember }
            guard member.declName.baseName.tokenKind.isIdentifierLike else { return nil }
            let name = member.declName.baseName.memberName
            return .optionalMember(name: name, called: calledWithArguments(member) != nil)
        }
        if let index = parent.as(SubscriptCallExprSyntax.self), index.calledExpression.id == chain.id {
            return .optionalSubscript
        }
        return nil
    }

    /// A member access's shape: a tuple's element, a name missing, or a member called, given a closure
    /// or neither.
    private static func shape(of member: MemberAccessExprSyntax) -> PostfixShape? {
        let name = member.declName.baseName
        if name.presence == .missing { return .missingMember }
        if case .integerLiteral = name.tokenKind { return .tupleElement }
        guard name.tokenKind.isIdentifierLike, member.declName.argumentNames == nil else { return nil }
        if calledWithArguments(member) != nil {
            return .member(name: name.memberName, called: true, trailingClosure: false)
        }
        let call = member.parent?.as(FunctionCallExprSyntax.self)
        let trailed = call.map { $0.calledExpression.id == member.id && $0.trailingClosure != nil } ?? false
        return .member(name: name.memberName, called: false, trailingClosure: trailed)
    }

    /// The call of `callee` with its arguments in parentheses right after it (`.name(...)`), if Swift's
    /// parser reads one.
    private static func calledWithArguments(_ callee: some ExprSyntaxProtocol) -> FunctionCallExprSyntax? {
        guard let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id,
            call.leftParen?.presence == .present
        else { return nil }
        return call
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

    /// Swift's token at the playground's `token`: in a tree parsed already, or else in the tree of the text
    /// from character `start` on (the statement's, or the command's Swift part's, when no start is given),
    /// parsed here; nil where Swift's parser is not given the text (thousands of brackets, 64 KB).
    func swiftToken(at token: Token, parsingFrom start: Int?) -> (tree: SwiftTree, token: TokenSyntax)? {
        if let found = parsedSwiftToken(at: token) { return found }
        return parsedOrParsedHere(token: token, from: start ?? swiftPartStart ?? 0)
    }

    /// Swift's token at the playground's `token` in the tree of the text from character `start` on, parsed
    /// here unless it is already.
    private func parsedOrParsedHere(token: Token, from start: Int) -> (tree: SwiftTree, token: TokenSyntax)? {
        guard !treeCache.nestsPastSwiftsLimit, let tree = treeCache.foldedTree(text: text, tokens: tokens, from: start),
            let found = tree.token(at: token.offset), found.text.utf8.count == token.length
        else { return nil }
        return (tree, found)
    }

    /// Whether the member at the current `.` is the sequence of a `for await` loop (`subject.values` in
    /// `for await v in subject.values { ... }`), as Swift's tree of the statement reads it.
    @inline(never)
    func endsAsyncLoopSequence() -> Bool {
        guard let (_, token) = parsedSwiftToken(at: current),
            let member = token.parent?.as(MemberAccessExprSyntax.self), let loop = member.parent?.as(ForStmtSyntax.self)
        else { return false }
        return loop.awaitKeyword != nil && loop.sequence.id == member.id
    }

    /// At a `.` (or the `?` of `?.`) with no name after it: swiftc's message, followed by what the playground
    /// reads there.
    @inline(never)
    func missingMemberError() -> SyntaxError {
        let hint = "expected a member name after `.`"
        if let (tree, token) = swiftToken(at: current, parsingFrom: nil), let parent = token.parent,
            let error = tree.firstError(in: parent, hint: hint)
        {
            return error
        }
        return SyntaxError(hint, at: current)
    }

    /// At a `.` where a value starts (`.metal`, `.init(x: 1)`): whether the member Swift's type inference
    /// names there is called with arguments; nil where Swift reads no name after the dot.
    @inline(never)
    func implicitMemberCalled() -> Bool? {
        guard let (_, token) = swiftToken(at: current, parsingFrom: current.offset), token.tokenKind == .period,
            let member = token.parent?.as(MemberAccessExprSyntax.self), member.base == nil,
            member.period.id == token.id, member.declName.baseName.tokenKind.isIdentifierLike,
            member.declName.baseName.presence == .present
        else { return nil }
        return Parser.calledWithArguments(member) != nil
    }

    /// At `await`: whether it awaits the value after it (`await load()`), as Swift's tree reads it.
    var awaitsValue: Bool {
        guard let (_, token) = swiftToken(at: current, parsingFrom: current.offset),
            token.tokenKind == .keyword(.await)
        else { return false }
        return token.parent?.is(AwaitExprSyntax.self) ?? false
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
