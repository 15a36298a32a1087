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
                let scoped = GlobalQueueClosure(
                    bound.scoped(CapturedScope(values: arguments, parent: CapturedScope.current)))
                scheduler.runOnGlobalQueue { [weak self] in
                    do {
                        _ = try scoped.closure.evaluate([])
                    } catch {
                        self?.emit(OutputRecord(kind: .error, text: "error: \(Interpreter.message(of: error))"))
                    }
                }
                return .void
            })
    }
}

/// A bound closure handed to a global queue; it runs only while its thread holds the session.
private struct GlobalQueueClosure: @unchecked Sendable {
    let closure: Closure
    init(_ closure: Closure) { self.closure = closure }
}
