import SwiftSyntax

/// A member access as Swift's parser reads it (`s.map { $0 }`, `Timer.publish(every: 1)`, `RunLoop.main.run(until:
/// d)`, `subject.values`): the access, its base, its name, and the call it is the callee of, if any, found from one
/// of its tokens (the `.`, the member's name, or the name it is a member of). The one answer to "which member is used
/// at this token, and is it called?", so that each reading does not walk Swift's tree its own way to it.
struct SwiftMemberUse {
    /// Which of the access's tokens a reading starts from.
    enum Anchor {
        /// The `.` (`.run` in `RunLoop.main.run(until: d)`; `.main`, an implicit member's, too).
        case period
        /// The member's name (`map` in `s.map { $0 }`).
        case name
        /// The name of the base (`Timer` in `Timer.publish(every: 1)`).
        case base
    }

    /// The access: `base.name`, or `.name` where Swift's type inference supplies the base.
    let access: MemberAccessExprSyntax
    /// The call whose callee the access is: with arguments in parentheses, with only closures trailing it
    /// (`s.map { $0 }`), or both.
    let call: FunctionCallExprSyntax?

    /// The use of `access`.
    init(_ access: MemberAccessExprSyntax) {
        self.access = access
        call = access.callOfCallee
    }

    /// The member used at `token`, which is the access's `anchor`; nil where Swift's parser reads no member there.
    init?(at token: TokenSyntax, _ anchor: Anchor) {
        switch anchor {
        case .period:
            guard let access = token.parent?.as(MemberAccessExprSyntax.self), access.period.id == token.id else {
                return nil
            }
            self.init(access)
        case .name:
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), reference.baseName.id == token.id,
                let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id
            else { return nil }
            self.init(access)
        case .base:
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), reference.baseName.id == token.id
            else { return nil }
            self.init(base: reference)
        }
    }

    /// The member accessed on `base` (`pi` on `Double`, `publisher` on `[1, 2, 3]`); nil where `base` is not
    /// the base of an access.
    init?(base: some SyntaxProtocol) {
        guard let access = base.parent?.as(MemberAccessExprSyntax.self), access.base?.id == base.id else {
            return nil
        }
        self.init(access)
    }

    /// What the member is accessed on; nil for an implicit member (`.main`).
    var base: ExprSyntax? { access.base }

    /// The member's name as written (`map`, `publish`, `` `default` ``), or `1` for a tuple's element.
    var name: TokenSyntax { access.declName.baseName }

    /// Whether the member is called with arguments in parentheses (`.send(1)`, `.run(until: d)`), not only
    /// given a trailing closure.
    var isCalledWithArguments: Bool { call?.leftParen != nil }

    /// The closure trailing the call, if one does (`s.map { $0 }`, `.notify(queue: .main) { ... }`).
    var trailingClosure: ClosureExprSyntax? { call?.trailingClosure }

    /// Whether the access is the sequence of a `for await` loop (`subject.values` in
    /// `for await v in subject.values { ... }`).
    var isAsyncLoopSequence: Bool {
        guard let loop = access.parent?.as(ForStmtSyntax.self) else { return false }
        return loop.awaitKeyword != nil && loop.sequence.id == access.id
    }
}

extension SyntaxProtocol {
    /// The call Swift's parser reads this expression as the callee of (`f` in `f(1)`, `s.map` in `s.map { $0 }`),
    /// with arguments in parentheses or only closures trailing it; nil where it is not called.
    var callOfCallee: FunctionCallExprSyntax? {
        guard let call = parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == id else { return nil }
        return call
    }
}

extension Parser {
    /// The member Swift's parser reads used at the playground's `token` (the access's `anchor`) and accepted by
    /// `accepted`, with the statement's folded tree, parsed here if it is not yet (`swiftNode`: the command's Swift
    /// part, then the text from the token on, where the statement's tree reads none); nil where none is read.
    /// Fails, with its message, for a statement Swift's parser is not given.
    func swiftMemberUse(
        at token: Token, _ anchor: SwiftMemberUse.Anchor, where accepted: (SwiftMemberUse) -> Bool = { _ in true }
    ) throws -> (tree: SwiftTree, use: SwiftMemberUse)? {
        let found = try swiftNode(at: token) { swiftToken -> SwiftMemberUse? in
            SwiftMemberUse(at: swiftToken, anchor).flatMap { accepted($0) ? $0 : nil }
        }
        return found.map { ($0.tree, $0.node) }
    }

    /// The member Swift's parser reads used at the playground's `token` (the access's `anchor`), in a tree parsed
    /// already for the statement or the part being read; nil, parsing nothing, where none is at hand (a hot line
    /// such as `s.send(1)` takes a tree only where one is).
    func parsedSwiftMemberUse(at token: Token, _ anchor: SwiftMemberUse.Anchor) -> SwiftMemberUse? {
        parsedSwiftToken(at: token).flatMap { SwiftMemberUse(at: $0.token, anchor) }
    }
}
