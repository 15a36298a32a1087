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
        parsedSwiftMemberUse(at: current, .period)?.isAsyncLoopSequence ?? false
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
        guard let (_, token) = swiftToken(at: current, parsingFrom: current.offset),
            let member = SwiftMemberUse(at: token, .period), member.base == nil,
            member.name.tokenKind.isIdentifierLike, member.name.presence == .present
        else { return nil }
        return member.isCalledWithArguments
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
