import SwiftSyntax

/// How Swift's parser reads a name in an expression whose reading depends on what follows it (`Double.pi`, a
/// constant; `super.init(...)`, the superclass's initialiser; `Timer.publish(...)`, a source; `cold(...)`,
/// `promise(...)`, calls): the node the name is part of, from the statement's tree. Asked only for the few words
/// whose reading it changes, so that a line of plain names parses no tree for it.
extension Parser {
    /// The expression Swift reads the name at the current token as (`DeclReferenceExprSyntax`, `SuperExprSyntax`),
    /// in the statement's tree, the command's Swift part's, or the text from the name on read alone (where Swift
    /// reads the statement otherwise, as in a playground command); nil where none reads one there.
    func swiftNameUse() -> (tree: SwiftTree, name: ExprSyntax)? {
        swiftNameUse(of: current)
    }

    /// The expression Swift reads the name `token` as, as `swiftNameUse()` finds it for the current token;
    /// `readAlone: false` leaves out the text from the name on read alone (a tree parsed for that name only).
    func swiftNameUse(of token: Token, readAlone: Bool = true) -> (tree: SwiftTree, name: ExprSyntax)? {
        guard let written = token.identifier else { return nil }
        for start in [0, swiftPartStart, readAlone ? token.offset : nil].compactMap({ $0 }) {
            guard let tree = treeCache.tree(text: text, tokens: tokens, from: start),
                let swiftToken = tree.token(at: token.offset), swiftToken.text == written,
                let name = swiftToken.parent?.as(ExprSyntax.self)
            else { continue }
            return (tree, name)
        }
        return nil
    }

    /// The member Swift reads accessed on the name at the current token (`Double.pi`, `Timer.publish`,
    /// `super.init`); nil where Swift reads none there.
    func swiftMemberOfName() -> (tree: SwiftTree, use: SwiftMemberUse)? {
        guard let (tree, name) = swiftNameUse(), let use = SwiftMemberUse(base: name) else { return nil }
        return (tree, use)
    }

    /// Whether Swift reads the name at the current token as called with parentheses (`promise(.success(1))`,
    /// `cold("-a-|")`).
    func swiftReadsNameCalled() -> Bool {
        swiftNameUse()?.name.callOfCallee?.leftParen != nil
    }

    /// Whether Swift reads a `<` after the name at the current token: generic arguments (`Optional<Int>`,
    /// `Result<Int, Error>`), or, where no type and `>` close them (`Optional<Int.none`, `Optional<>`), the
    /// operator `<` (or `<>`) with the name on its left, so that the reading of the arguments says what is missing.
    func swiftNameTakesAngle() -> Bool {
        guard let (_, name) = swiftNameUse() else { return false }
        if let specialised = name.parent?.as(GenericSpecializationExprSyntax.self) {
            return specialised.expression.id == name.id
        }
        // `Optional<>.none`: the operator `<>`, written against the name and a dot, is a postfix one.
        let angles: Set = ["<", "<>"]
        if let postfix = name.parent?.as(PostfixOperatorExprSyntax.self) {
            return postfix.expression.id == name.id && angles.contains(postfix.operator.text)
        }
        // The tree is not folded: the name is an element of a sequence, and the operator the next one.
        guard let sequence = name.parent?.as(ExprListSyntax.self),
            let index = sequence.firstIndex(where: { $0.id == name.id })
        else { return false }
        let next = sequence.index(after: index)
        guard next != sequence.endIndex, let written = sequence[next].as(BinaryOperatorExprSyntax.self) else {
            return false
        }
        return angles.contains(written.operator.text)
    }

    /// How Swift reads what follows the name just read (the token before the current one): a call of it
    /// (`print(x)`, `load(1) { ... }`), a call of the closure it holds unless it is nil (`onDone?()`), or
    /// neither (`.none`). Swift's tree is asked only where a `(` or a `?` follows the name, so that a line of
    /// plain names (`send s x`) parses none for it. Where Swift's parser is not given the text (too long, nested
    /// past its limit), a `(` written against the name calls it. A `(` may have
    /// the text from the name on parsed alone, as the call's reading does; a `?` (`a?.b`, `a ? b : c`) only the
    /// statement's or the part's tree, so that thousands of them in a long line parse no tree each.
    func swiftNameFollower() -> PostfixShape {
        guard position > 0, current.isSymbol("(") || current.isSymbol("?") else { return .none }
        guard !treeCache.nestsPastSwiftsLimit,
            let (_, name) = swiftNameUse(of: tokens[position - 1], readAlone: current.isSymbol("("))
        else {
            // No tree reads the name: a statement nested past Swift's parser's limit, whose calls the playground's
            // reading refuses at its own limit. Swift's lexer says whether the `(` is written against the name.
            return current.isSymbol("(") && currentIsAttached ? .call : .none
        }
        var callee = Syntax(name)
        var isOptional = false
        if let chain = name.parent?.as(OptionalChainingExprSyntax.self), chain.expression.id == name.id {
            callee = Syntax(chain)
            isOptional = true
        }
        guard let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id,
            call.leftParen?.presence == .present
        else { return .none }
        return isOptional ? .optionalCall : .call
    }
}
