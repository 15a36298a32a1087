import SwiftSyntax

/// `RunLoop.main.run(until: DATE)`, which a Swift script writes at its end so that its timers and
/// queued work get time to run: the playground lets its clock run until then (Interpreter+Date.swift).
extension Parser {
    /// The name of the call `RunLoop.main.run(until:)` is read as, written as a name no one can type.
    static let runLoopRun = "=runLoopRun"

    /// Reads `.run(until: DATE)` after `RunLoop.main` (`receiver`), at the `.` of `.run`, the call as Swift's
    /// parser reads it; nil, reading nothing, for another receiver. `run()` without a date runs for ever in
    /// Swift, and is refused.
    mutating func runLoopRun(after receiver: Expression) throws -> Expression? {
        guard case .member(.name("RunLoop", let token), "main") = receiver else { return nil }
        let usage = "write `RunLoop.main.run(until: Date().addingTimeInterval(SECONDS))`, which lets the session's "
            + "timers and queues run for that long"
        advance()
        let run = current
        guard let use = try swiftMemberUse(named: run) else { throw try unreadableCall(named: run) }
        guard case .called(let tree, let call) = use else { throw SyntaxError(usage, at: run) }
        guard let date = call.arguments.first, call.arguments.count == 1, date.label?.text == "until",
            call.trailingClosure == nil
        else {
            if call.arguments.isEmpty {
                throw SyntaxError("`RunLoop.main.run()` runs for ever: a Swift program never gets past it; \(usage)",
                    at: run)
            }
            throw SyntaxError(usage, at: tree.token(covering: call.arguments))
        }
        let value = try read(date.expression, in: tree, as: "the date") { try $0.expression() }
        skip(past: call, in: tree)
        return .namedCall(Parser.runLoopRun, [value], covering(from: token))
    }
}

/// `group.notify(queue: .main) { ... }`, Dispatch's `DispatchGroup.notify`: the closure runs on that
/// queue once the group's work has all left (Objects/DispatchGroupObject.swift).
extension Parser {
    /// The word that marks a group's notify in a pipeline's place, written as an operator no one can type.
    static let groupNotify = "=groupNotify"

    /// Reads `.notify(queue: QUEUE) { ... }` after `receiver`, at the `.` of `.notify`, the call as Swift's
    /// parser reads it; nil, reading nothing, when Swift reads no such call. The queue is the main queue
    /// (`.main`, `DispatchQueue.main`) or a global one (`.global()`, `DispatchQueue.global(qos: ...)`), given
    /// as the argument `queue` ("main" or "global").
    mutating func groupNotify(after receiver: Expression) throws -> Expression? {
        let start = current
        let dot = position
        advance()
        let name = current
        guard case .called(let tree, let call)? = try swiftMemberUse(named: name),
            let queueArgument = call.arguments.first, queueArgument.label?.text == "queue"
        else {
            position = dot  // not a group's notify: the member is read as any other
            return nil
        }
        let usage = "write `group.notify(queue: .main) { ... }` (or `queue: .global()`)"
        let queueStart = tree.token(covering: queueArgument.expression)
        guard call.arguments.count == 1 else { throw SyntaxError(usage, at: tree.token(covering: call.arguments)) }
        // `.main`, `DispatchQueue.main`, `.global()`, `DispatchQueue.global(qos: .utility)`: the names written.
        let words = queueArgument.expression.tokens(viewMode: .sourceAccurate).compactMap { token in
            if case .identifier = token.tokenKind { token.text } else { nil }
        }
        let queue = words.contains("global") ? "global" : words.last == "main" ? "main" : nil
        guard let queue else { throw SyntaxError(usage, at: queueStart) }
        guard let work = call.trailingClosure, call.additionalTrailingClosures.isEmpty else {
            throw SyntaxError(usage, at: tree.token(covering: call))
        }
        let closure = try read(work, in: tree, as: "the work") { try $0.closure() }
        skip(past: call, in: tree)
        let notify = OperatorCall(
            name: Parser.groupNotify, token: name,
            arguments: [Argument(label: "queue", content: .expression(.literal(.string(queue))), token: queueStart)],
            trailingClosure: closure, span: covering(from: start))
        return .pipeline(PipelineSyntax(
            source: .expression(receiver), operators: [notify], text: "notify(queue:)", startOffset: start.offset))
    }
}
