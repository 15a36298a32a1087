import SwiftSyntax

/// Swift's calls that stand for a command, as Swift's parser reads them: `cancellable.cancel()` and
/// `cancellable?.cancel()` (the `cancel` command), `shared.connect()` (`connect`), and
/// `subject.send(completion: .finished)` or `.failure(...)` (`complete` and `fail`). The call's receiver,
/// method, label and completion are Swift's tree's; a wrong one is swiftc's message.
extension ObjectCommands {
    /// The command a Swift call statement stands for; nil, reading nothing, for any other line.
    static func swiftCallStatement(_ parser: inout Parser) throws -> Statement? {
        // A line naming none of the methods (`cancel`, `connect`) nor the label `send(completion:)` takes is no
        // such call, and parses no tree here (a replayed `s.send(1)` stays fast).
        guard parser.current.identifier != nil,
            parser.tokens.contains(where: { token in
                guard let word = token.identifier else { return false }
                return word == "cancel" || word == "connect" || word == "completion"
            }),
            let (tree, call, method) = parser.swiftCallStatementShape()
        else { return nil }
        let receiver = parser.current
        let hint = method == "send"
            ? "write `\(receiver.display).send(completion: .finished)` or `.failure(\"why\")`"
            : "write `\(receiver.display).\(method)()`"
        if !Parser.hasWellFormedPunctuation(call) || call.arguments.hasError,
            let error = tree.firstError(in: call, hint: hint)
        {
            throw error
        }
        if method == "send" {
            return try completionStatement(&parser, call, receiver: receiver, in: tree)
        }
        // `x.cancel()`, `x?.cancel()`, `shared.connect()`: the statement whole, with nothing passed (the
        // connection's `.store(in: &cancellables)` after it too).
        let statementEnd = call.parent?.parent?.as(FunctionCallExprSyntax.self)
            .flatMap { Parser.connectionStored(by: $0)?.id == call.id ? $0 : nil } ?? call
        let end = tree.offset(of: statementEnd.endPositionBeforeTrailingTrivia)
        guard call.arguments.isEmpty, call.trailingClosure == nil, parser.tokens.count >= 2,
            parser.tokens[parser.tokens.count - 2].end == end, let spec = CommandTable.spec(named: method),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return nil }
        let statement = try spec.parse(&parser, tree.token(covering: member.declName))
        parser.position = parser.tokens.count - 1
        return statement
    }

    /// `send(completion: .finished)` or `send(completion: .failure(ERROR))` to `receiver`: the error as
    /// written, or the message of a string.
    private static func completionStatement(
        _ parser: inout Parser, _ call: FunctionCallExprSyntax, receiver: Token, in tree: SwiftTree
    ) throws -> Statement? {
        guard let completion = call.arguments.first?.expression else { return nil }
        if call.arguments.count > 1, let extra = call.arguments.dropFirst().first {
            throw SyntaxError("close `send(completion: ...)` with `)`", at: tree.token(covering: extra))
        }
        guard let (kind, failed) = Parser.swiftCompletion(completion) else { return nil }
        var failure: String?
        switch kind.baseName.text {
        case "finished" where failed == nil:
            break
        case "failure":
            // `.failure("offline")`, or an error written as Swift names it: `.failure(NetworkError.offline)`.
            guard let failed, failed.arguments.count == 1,
                let error = failed.arguments.first, error.label == nil, failed.trailingClosure == nil
            else {
                throw SyntaxError("write `.failure(\"why\")`", at: tree.token(covering: completion))
            }
            if let literal = error.expression.as(StringLiteralExprSyntax.self),
                let message = literal.representedLiteralValue
            {
                failure = message
            } else {
                let start = tree.offset(of: error.expression.positionAfterSkippingLeadingTrivia)
                let end = tree.offset(of: error.expression.endPositionBeforeTrailingTrivia)
                failure = String(parser.source_text(start, end))
            }
        default:
            throw SyntaxError(
                "a completion is `.finished` or `.failure(\"why\")`", at: tree.token(covering: kind))
        }
        parser.skip(past: call, in: tree)
        return Statement("send") { session in try session.finish(receiver, failure: failure) }
    }
}

extension Parser {
    /// The call statement Swift's parser reads at the current token, if it is `NAME.METHOD(...)` or
    /// `NAME?.METHOD(...)` with METHOD `cancel` or `connect`, or `NAME.send(completion: ...)`: the tree, the
    /// call and the method's name.
    func swiftCallStatementShape() -> (SwiftTree, FunctionCallExprSyntax, String)? {
        guard let tree = treeCache.foldedTree(text: text, tokens: tokens),
            let item = tree.tree.statements.first(where: {
                tree.offset(of: $0.positionAfterSkippingLeadingTrivia) == current.offset
            }),
            var call = item.item.as(FunctionCallExprSyntax.self),
            var member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil,
            var base = member.base
        else { return nil }
        if let stored = Parser.connectionStored(by: call) {
            // `shared.connect().store(in: &cancellables)`: the connection, which the session keeps as it keeps
            // every connection (`cancel NAME` disconnects it).
            call = stored
            guard let inner = stored.calledExpression.as(MemberAccessExprSyntax.self), let innerBase = inner.base
            else { return nil }
            (member, base) = (inner, innerBase)
        }
        let method = member.declName.baseName.text
        let reference = base.as(DeclReferenceExprSyntax.self)
            ?? (method == "send" ? nil : base.as(OptionalChainingExprSyntax.self)?.expression
                .as(DeclReferenceExprSyntax.self))
        guard let reference, reference.argumentNames == nil,
            method == "cancel" || method == "connect"
                || method == "send" && call.arguments.first?.label?.text == "completion"
        else { return nil }
        return (tree, call, method)
    }

    /// The `connect()` call whose connection `call` stores (`shared.connect().store(in: &cancellables)`);
    /// nil for any other call.
    static func connectionStored(by call: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
        guard let store = call.calledExpression.as(MemberAccessExprSyntax.self),
            store.declName.baseName.text == "store", call.arguments.count == 1, let set = call.arguments.first,
            set.label?.text == "in", set.expression.is(InOutExprSyntax.self), call.trailingClosure == nil,
            let connect = store.base?.as(FunctionCallExprSyntax.self),
            connect.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "connect"
        else { return nil }
        return connect
    }

    /// The case a completion names as Swift's parser reads it (`finished` in `.finished`, `failure` in
    /// `.failure(ERROR)`), with the failure's call where it is one; nil for any other expression.
    static func swiftCompletion(
        _ expression: ExprSyntax
    ) -> (kind: DeclReferenceExprSyntax, call: FunctionCallExprSyntax?)? {
        let call = expression.as(FunctionCallExprSyntax.self)
        guard let member = (call?.calledExpression ?? expression).as(MemberAccessExprSyntax.self), member.base == nil
        else { return nil }
        return (member.declName, call)
    }

    /// At `NAME` in `let connection = NAME.connect()`: the token of `connect` where Swift's parser reads
    /// that call, with nothing after it; nil, parsing no tree, on a line that does not name `connect`.
    func swiftConnectCall() -> Token? {
        guard current.identifier != nil, tokens.count >= 2, tokens.contains(where: { $0.identifier == "connect" }),
            let (tree, member) = try? swiftMemberUse(at: current, .base), member.name.text == "connect",
            member.access.declName.argumentNames == nil, let call = member.call, call.arguments.isEmpty,
            call.trailingClosure == nil, member.isCalledWithArguments, !call.hasError,
            tokens[tokens.count - 2].end == tree.offset(of: call.endPositionBeforeTrailingTrivia)
        else { return nil }
        return tree.token(covering: member.access.declName)
    }
}
