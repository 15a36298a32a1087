/// `DispatchQueue.global().async { ... }`: unlike the main queue (MainQueue.swift), a global queue
/// is a real thread. Its work runs as the session's owner, as a real-time action does: after the
/// line that queued it, never beside another line, so what it prints arrives as asynchronous
/// output, above the prompt.
extension Interpreter {
    /// `DispatchQueue.global().async { ... }` in a statement or a closure: each time it runs, the
    /// closure (with the arguments of the closures around it) is handed to a global queue.
    func boundGlobalQueueWork(_ syntax: PipelineSyntax) throws -> Expression {
        guard let call = syntax.operators.first, let closure = call.trailingClosure else {
            throw SyntaxError("write `DispatchQueue.global().async { ... }`", at: syntax.operators[0].token)
        }
        let bound = try bind(closure)
        let scheduler = scheduler
        return .bound(
            BoundExpression { [weak self] arguments in
                guard let work = self?.queuedWork(bound, arguments: arguments) else { return .void }
                scheduler.runOnGlobalQueue { [weak self] in
                    work()
                    // What it put on the main queue (`DispatchQueue.main.async`, a group's `notify`) runs
                    // now, as an app's main run loop turns when handed work, not at the next line.
                    self?.runMainQueue()
                }
                return .void
            })
    }
}


extension Interpreter {
    /// `group.notify(queue: .main) { ... }`: when the group's work has all left, the closure (with the
    /// arguments of the closures around it) is put on the main queue, or handed to a global one. The
    /// main queue's work then runs after the line, or, when global work left last, right after that
    /// work (as an app's main run loop turns when it is handed work).
    func boundGroupNotify(_ syntax: PipelineSyntax) throws -> Expression {
        guard case .expression(let receiver) = syntax.source, let call = syntax.operators.first,
            let closure = call.trailingClosure,
            case .expression(.literal(.string(let queue)))? = call.arguments.first?.content
        else { throw SyntaxError("write `group.notify(queue: .main) { ... }`", at: syntax.operators[0].token) }
        let group = try bind(receiver)
        let bound = try bind(closure)
        let scheduler = scheduler
        return .bound(
            BoundExpression { [weak self] arguments in
                let value = try group.evaluate(arguments)
                guard let dispatchGroup = DispatchGroupObject.group(of: value) else {
                    throw PlaygroundError(
                        "`notify(queue:)` is a DispatchGroup's; \(value.kindName) \(value) is not one")
                }
                guard let run = self?.queuedWork(bound, arguments: arguments) else { return .void }
                dispatchGroup.notify {
                    if queue == "global" { scheduler.runOnGlobalQueue(run) } else { scheduler.runOnMainQueue(run) }
                }
                return .void
            })
    }
}
