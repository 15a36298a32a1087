import SwiftSyntax

/// `DispatchQueue.main.async { ... }` and `DispatchQueue.main.asyncAfter(deadline: .now() + 1) { ... }`,
/// as a statement or in a closure: the closure is queued on the playground's main queue
/// (Interpreter/MainQueue.swift), later by that many seconds of the session's clock for `asyncAfter`.
/// `DispatchQueue.global().async { ... }` (or `global(qos: .userInitiated)`) runs on a real thread.
extension Parser {
    /// The word that marks main-queue work in a pipeline's place, written as an operator no one can type.
    static let mainQueueWork = "=mainQueue"
    /// The word that marks work for a global queue, a real thread (Interpreter/GlobalQueue.swift).
    static let globalQueueWork = "=globalQueue"

    /// Reads `.async { ... }` or `.asyncAfter(deadline: .now() + SECONDS) { ... }` after
    /// `DispatchQueue.main` (`receiver`), at the `.` of `.word`; nil, reading nothing, when neither follows.
    mutating func mainQueueWork(named word: String, after receiver: Expression) throws -> Expression? {
        if case .member(.name("DispatchQueue", _), "main") = receiver, word == "sync" {
            advance()
            throw SyntaxError(
                "`DispatchQueue.main.sync` waits for the main queue, which is running this line: an app stops "
                    + "there for ever; write `DispatchQueue.main.async { ... }`, which runs after the line",
                at: current)
        }
        if case .name("DispatchQueue", let token) = receiver, word == "global" {
            return try globalQueueWork(from: token)
        }
        guard case .member(.name("DispatchQueue", _), "main") = receiver, word == "async" || word == "asyncAfter"
        else { return nil }
        let start = current
        advance()
        let name = current
        let usage = "`DispatchQueue.main.\(word)` takes its work in braces: "
            + "`DispatchQueue.main.\(word)\(word == "async" ? "" : "(deadline: .now() + 1)") { print(\"later\") }`"
        let (arguments, closure) = try queuedWork(named: name, usage: usage)
        let call = OperatorCall(
            name: Parser.mainQueueWork, token: name, arguments: arguments, trailingClosure: closure,
            span: covering(from: start))
        return .pipeline(PipelineSyntax(
            source: .expression(.literal(.void)), operators: [call], text: "DispatchQueue.main.\(word)",
            startOffset: start.offset))
    }

    /// The work of `async { ... }`, `async(execute: { ... })` or `asyncAfter(deadline: .now() + 1) { ... }`,
    /// whose name is the token `name`, as Swift's parser reads the call: the deadline (for `asyncAfter`) as
    /// an argument, and the closure; then moves past the call.
    private mutating func queuedWork(named name: Token, usage: String) throws -> ([Argument], Closure) {
        guard let (tree, use) = try readableMemberUse(named: name), let call = use.call else {
            throw SyntaxError(usage, at: name)
        }
        var arguments: [Argument] = []
        var work = call.trailingClosure
        for argument in call.arguments {
            switch argument.label?.text {
            case let label? where (label == "deadline" || label == "wallDeadline") && name.identifier == "asyncAfter":
                arguments.append(try deadline(argument, in: tree))
            case "execute" where work == nil:
                work = argument.expression.as(ClosureExprSyntax.self)
                if work == nil { throw SyntaxError(usage, at: tree.token(covering: argument.expression)) }
            default:
                throw SyntaxError(usage, at: tree.token(covering: argument))
            }
        }
        guard let work, call.additionalTrailingClosures.isEmpty,
            name.identifier != "asyncAfter" || !arguments.isEmpty
        else { throw SyntaxError(usage, at: tree.token(covering: call)) }
        let closure = try read(work, in: tree, as: "the work") { try $0.closure() }
        skip(past: call, in: tree)
        return (arguments, closure)
    }

    /// `.global().async { ... }` or `.global(qos: .userInitiated).async { ... }` after `DispatchQueue`
    /// (`token`): the closure as work for a real thread. The quality of service is read and left
    /// aside: every global queue is a thread of Dispatch's.
    private mutating func globalQueueWork(from token: Token) throws -> Expression {
        let usage = "write `DispatchQueue.global().async { ... }` (or `global(qos: .userInitiated)`); a pipeline "
            + "hops to another thread with `.subscribe(on: DispatchQueue.global())`"
        advance()
        guard let (tree, use) = try readableMemberUse(named: current), let global = use.call,
            global.trailingClosure == nil, global.arguments.allSatisfy({ $0.label?.text == "qos" })
        else { throw SyntaxError(usage, at: current) }
        skip(past: global, in: tree)
        guard case .member(let word, _, _) = postfixShape(), word == "async" || word == "asyncAfter" else {
            if case .member("sync", _, _) = postfixShape() {
                advance()
                throw SyntaxError("`DispatchQueue.global().sync` is not run here: \(usage)", at: current)
            }
            throw SyntaxError(usage, at: current)
        }
        advance()
        let name = current
        let delayedUsage = "`DispatchQueue.global().asyncAfter` takes its work in braces: "
            + "`DispatchQueue.global().asyncAfter(deadline: .now() + 1) { print(\"later\") }`"
        let (arguments, closure) = try queuedWork(named: name, usage: word == "async" ? usage : delayedUsage)
        // `asyncAfter`: work for later waits on the session's clock, as the main queue's does (`tick`,
        // `RunLoop.main.run(until:)` let it fall due), and then runs alone, so what it prints and sends
        // keeps the clock's order.
        let call = OperatorCall(
            name: word == "async" ? Parser.globalQueueWork : Parser.mainQueueWork, token: name,
            arguments: arguments, trailingClosure: closure, span: covering(from: token))
        return .pipeline(PipelineSyntax(
            source: .expression(.literal(.void)), operators: [call], text: "DispatchQueue.global().\(word)",
            startOffset: token.offset))
    }

    /// `deadline: .now() + SECONDS`: the seconds as an argument (`.now()` alone is 0, and
    /// `.milliseconds(N)`, `.seconds(N)` are read as Dispatch's intervals).
    private mutating func deadline(_ argument: LabeledExprSyntax, in tree: SwiftTree) throws -> Argument {
        let usage = "write `DispatchQueue.main.asyncAfter(deadline: .now() + 1) { ... }` (seconds after now)"
        let span = tree.token(covering: argument)
        func isNow(_ node: ExprSyntax) -> Bool {
            guard let call = node.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
                let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil
            else { return false }
            return member.declName.baseName.text == "now"
        }
        if isNow(argument.expression) {
            return Argument(label: "deadline", content: .expression(.literal(.int(0))), token: span)
        }
        guard let sum = argument.expression.as(InfixOperatorExprSyntax.self), isNow(sum.leftOperand),
            sum.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+"
        else { throw SyntaxError(usage, at: span) }
        let scales = ["seconds": 1.0, "milliseconds": 1e-3, "microseconds": 1e-6, "nanoseconds": 1e-9]
        if let interval = sum.rightOperand.as(FunctionCallExprSyntax.self), interval.arguments.count == 1,
            let member = interval.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
            let scale = scales[member.declName.baseName.text], let amount = interval.arguments.first
        {
            let value = try read(amount.expression, in: tree, as: "the interval") { try $0.expression() }
            return Argument(
                label: "deadline", content: .expression(.binary(.times, value, .literal(.double(scale)))), token: span)
        }
        let seconds = try read(sum.rightOperand, in: tree, as: "the seconds") { try $0.expression() }
        return Argument(label: "deadline", content: .expression(seconds), token: span)
    }
}
