import SwiftSyntax

/// Sources written as a member of a type or a value, as Swift's parser reads them: `Timer.publish(every:)`,
/// `Publishers.CombineLatest(a, b)` (and `Merge`, `Zip`, `MergeMany`), `[1, 2, 3].publisher`, and the
/// playground's `timer(1s)`. Which member is named, and the call's arguments and labels, are Swift's tree's;
/// what each argument holds is read there by the parser's readings.
extension Parser {
    /// The playground's token of the name `member` accesses, made current.
    private mutating func moveToName(of member: MemberAccessExprSyntax, in tree: SwiftTree) -> Token {
        moveToToken(atOrAfter: tree.offset(of: member.declName.positionAfterSkippingLeadingTrivia))
        return current
    }

    /// `Timer.publish(every: 1.0)` or `Timer.publish(every: 1s, on: .main, in: .common)`: a connectable
    /// publisher ticking at that interval.
    mutating func timerPublishSource() throws -> PipelineSyntax.Source {
        let usage = "write `Timer.publish(every: 1s)`"
        let timer = current
        guard let (_, member) = try swiftMemberUse(at: timer, .base), member.name.text == "publish" else {
            throw SyntaxError(usage, at: position + 1 < tokens.count ? tokens[position + 1] : timer)
        }
        let publish = moveToName(of: member.access, in: try swiftTree())
        guard let (tree, use) = try readableMemberUse(named: publish), let call = use.call else {
            throw try unreadableCall(named: publish)
        }
        guard let every = call.arguments.first, every.label?.text == "every", call.trailingClosure == nil else {
            throw SyntaxError(usage, at: tree.token(covering: call))
        }
        // Swift's `every:` is a TimeInterval, in seconds (`every: 1.0`); `every: 1s` is the playground's.
        let interval = try read(every.expression, in: tree, as: "the interval") {
            try $0.positiveDuration(for: "Timer.publish(every:)", secondsAllowed: true)
        }
        // `on: .main, in: .common` name a run loop; the playground has one clock.
        skip(past: call, in: tree)
        return .timerPublish(nanoseconds: interval)
    }

    /// `timer(1s)`, the playground's ticking source: its one duration, read where Swift puts it.
    mutating func timerSource() throws -> PipelineSyntax.Source {
        let usage = "write `timer(1s)`"
        let word = current
        guard let (tree, call) = try swiftSourceCall(usage: usage) else { throw SyntaxError(usage, at: word) }
        guard call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil,
            call.trailingClosure == nil
        else {
            throw SyntaxError("`timer(...)` needs a positive duration such as `1s`: \(usage)",
                at: tree.token(covering: call))
        }
        let interval = try read(argument.expression, in: tree, as: "the interval") {
            try $0.positiveDuration(for: "timer(...)")
        }
        skip(past: call, in: tree)
        return .timer(nanoseconds: interval)
    }

    /// `[1, 2, 3].publisher`: the array's values, in order (the parser is at its `[`).
    mutating func sequenceSource() throws -> PipelineSyntax.Source {
        let open = current
        let found = try swiftNode(at: open) { (token: TokenSyntax) -> SwiftMemberUse? in
            guard let array = token.parent?.as(ArrayExprSyntax.self), array.leftSquare.id == token.id else {
                return nil
            }
            return SwiftMemberUse(base: array)
        }
        guard case .array(let items) = try primary() else {
            throw SyntaxError("expected an array", at: open)
        }
        guard let (tree, member) = found, member.name.text == "publisher" else {
            throw SyntaxError("an array becomes a source with `.publisher`, for example `[1, 2, 3].publisher`",
                at: current)
        }
        skip(past: member.access, in: tree)
        return .sequence(items)
    }

    /// `Publishers.CombineLatest(a, b)`, `Publishers.Merge(a, b, c)`, `Publishers.Zip(a, b)`, as
    /// Swift may write them: the first publisher with the operator over the others
    /// (`a.combineLatest(b)`), which is what they build. Nil, reading nothing, for anything else.
    mutating func combiningInitialiser() throws -> (PipelineSyntax.Source, [OperatorCall])? {
        guard current.identifier == "Publishers", let (tree, member) = try swiftMemberUse(at: current, .base),
            member.call != nil
        else { return nil }
        let type = member.name.text
        let kinds = ["CombineLatest": "combineLatest", "Merge": "merge", "Zip": "zip", "MergeMany": "merge"]
        let family = String(type.prefix { !$0.isNumber })
        guard let name = kinds[family] else { return nil }
        let start = position
        let typeToken = moveToName(of: member.access, in: tree)
        guard let (tree, use) = try readableMemberUse(named: typeToken), let initialiser = use.call else {
            position = start
            throw try unreadableCall(named: typeToken)
        }
        var arguments = try self.arguments(of: initialiser, in: tree)
        guard arguments.count >= 2, let first = arguments.first else {
            throw SyntaxError("`Publishers.\(type)` combines two publishers or more: `Publishers.\(type)(a, b)`",
                at: typeToken)
        }
        arguments.removeFirst()
        let source: PipelineSyntax.Source
        switch first.content {
        case .name: source = .name(first.token)
        case .expression(let expression): source = .expression(expression)
        default:
            throw SyntaxError("expected a publisher: the name of a subject or pipeline", at: first.token)
        }
        let call = OperatorCall(
            name: name, token: typeToken, arguments: arguments, trailingClosure: nil, span: covering(from: typeToken)
        )
        return (source, [call])
    }

    /// How Swift's parser reads what follows the name at the current token in a pipeline's place: whether it
    /// is called (`search("x")`, `Player()`, `timer(1s)`), given generic arguments (`Result<Int, Error>`),
    /// and the member it is followed by (`objectWillChange` in `player.objectWillChange`).
    func swiftUseOfName() -> (called: Bool, generic: Bool, member: String?) {
        guard let (_, reference) = try? swiftNode(at: current, { (token: TokenSyntax) -> DeclReferenceExprSyntax? in
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), reference.baseName.id == token.id
            else { return nil }
            return reference
        }) else { return (false, false, nil) }
        let generic = reference.parent?.as(GenericSpecializationExprSyntax.self)
        let used = generic.map(Syntax.init) ?? Syntax(reference)
        return (used.callOfCallee != nil, generic != nil, SwiftMemberUse(base: used)?.name.text)
    }
}
