import SwiftSyntax

/// `RunLoop.main.run(until: DATE)`, which a Swift script writes at its end so that its timers and
/// queued work get time to run (the playground lets its clock run until then, Interpreter+Date.swift), and
/// `group.notify(queue: .main) { ... }`, Dispatch's `DispatchGroup.notify` (the closure runs on that queue
/// once the group's work has all left, Objects/DispatchGroupObject.swift), as Swift's parser reads them:
/// the method called, its labels and its closure are Swift's tree's; the values are read there.
extension Parser {
    /// The name of the call `RunLoop.main.run(until:)` is read as, written as a name no one can type.
    static let runLoopRun = "=runLoopRun"

    /// The word that marks a group's notify in a pipeline's place, written as an operator no one can type.
    static let groupNotify = "=groupNotify"

    /// Reads `.run(until: DATE)` after `RunLoop.main` (`receiver`); nil, reading nothing, when no
    /// `.run` follows. `run()` without a date runs for ever in Swift, and is refused.
    mutating func runLoopRun(after receiver: Expression) throws -> Expression? {
        guard case .member(.name("RunLoop", let token), "main") = receiver, current.isSymbol("."),
            let (tree, use) = try? swiftMemberUse(at: current, .period, where: { $0.call != nil }),
            let call = use.call, use.name.text == "run"
        else { return nil }
        let usage = "write `RunLoop.main.run(until: Date().addingTimeInterval(SECONDS))`, which lets the session's "
            + "timers and queues run for that long"
        let run = tree.token(covering: use.access.declName)
        if !Parser.hasWellFormedPunctuation(call) || call.arguments.hasError,
            let error = tree.firstError(in: call, hint: usage)
        {
            throw error
        }
        guard call.arguments.count == 1, let until = call.arguments.first, until.label?.text == "until",
            call.trailingClosure == nil
        else {
            if call.leftParen != nil, call.arguments.isEmpty, call.trailingClosure == nil {
                throw SyntaxError("`RunLoop.main.run()` runs for ever: a Swift program never gets past it; \(usage)",
                    at: run)
            }
            throw SyntaxError(usage, at: run)
        }
        let date = try read(until.expression, in: tree, as: "the date") { try $0.expression() }
        skip(past: call, in: tree)
        return .namedCall(Parser.runLoopRun, [date], covering(from: token))
    }

    /// Reads `.notify(queue: QUEUE) { ... }` after `receiver`; nil, reading nothing, when no such call
    /// follows. The queue is the main queue (`.main`, `DispatchQueue.main`) or a global one
    /// (`.global()`, `DispatchQueue.global(qos: ...)`), given as the argument `queue` ("main" or "global").
    mutating func groupNotify(after receiver: Expression) throws -> Expression? {
        let start = current
        guard start.isSymbol("."),
            let (tree, use) = try? swiftMemberUse(at: start, .period, where: { $0.call != nil }),
            let call = use.call, use.name.text == "notify", let queue = call.arguments.first,
            queue.label?.text == "queue"
        else { return nil }
        let usage = "write `group.notify(queue: .main) { ... }` (or `queue: .global()`)"
        if !Parser.hasWellFormedPunctuation(call) || call.arguments.hasError,
            let error = tree.firstError(in: call, hint: usage)
        {
            throw error
        }
        let queueStart = tree.token(covering: queue.expression)
        let words = queue.expression.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
            if case .identifier(let word) = token.tokenKind { word } else { nil }
        }
        let kind = words.contains("global") ? "global" : words.last == "main" ? "main" : nil
        guard let kind, call.arguments.count == 1 else { throw SyntaxError(usage, at: queueStart) }
        guard let trailing = call.trailingClosure, call.additionalTrailingClosures.isEmpty else {
            throw SyntaxError(usage, at: tree.token(covering: call))
        }
        advance()
        let name = current
        let closure = try read(trailing, in: tree, as: "the closure") { try $0.closure() }
        let notify = OperatorCall(
            name: Parser.groupNotify, token: name,
            arguments: [Argument(label: "queue", content: .expression(.literal(.string(kind))), token: queueStart)],
            trailingClosure: closure, span: covering(from: start))
        return .pipeline(PipelineSyntax(
            source: .expression(receiver), operators: [notify], text: "notify(queue:)", startOffset: start.offset))
    }
}
