import Conduit
import Foundation

/// The playground's main queue: what `DispatchQueue.main.async { ... }` and
/// `receive(on: DispatchQueue.main)` (or `RunLoop.main`) put on it runs after the line that queued
/// it has finished, in order, as an app's main run loop turns after the code that queued the work
/// returns (`before / after / got 1`, not `before / got 1 / after`).
final class MainQueue: Sendable {
    private let pending = LockedValue<[@Sendable () -> Void]>([])

    /// Queues `work` to run at the end of the current line.
    func enqueue(_ work: @escaping @Sendable () -> Void) {
        pending.withLock { $0.append(work) }
    }

    /// Takes what waits, in the order it was queued.
    func takeAll() -> [@Sendable () -> Void] {
        pending.withLock { queued in
            defer { queued = [] }
            return queued
        }
    }

    /// Whether anything waits.
    var isEmpty: Bool { pending.withLock { $0.isEmpty } }
}

/// `DispatchQueue.main` or `RunLoop.main` as a pipeline's scheduler (`receive(on:)`): a value is
/// queued on the session's main queue; work for later (`delay`, `debounce`) waits on the session's
/// clock as before. In real time (`clock real`) everything goes to the session's scheduler.
struct MainQueueScheduler: Scheduler, @unchecked Sendable {
    typealias SchedulerTimeType = SessionScheduler.SchedulerTimeType
    typealias SchedulerOptions = Never

    let base: SessionScheduler

    var now: SchedulerTimeType { base.now }
    var minimumTolerance: SchedulerTimeType.Stride { base.minimumTolerance }

    func schedule(options: Never?, _ action: @escaping () -> Void) {
        let work = UncheckedAction(action)
        base.runOnMainQueue { work.run() }
    }

    func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
        _ action: @escaping () -> Void) {
        base.schedule(after: date, tolerance: tolerance, options: nil, action)
    }

    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: Never?, _ action: @escaping () -> Void
    ) -> Cancellable {
        base.schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
    }
}

/// An engine action handed to the main queue: it runs on the thread that runs the session's lines,
/// as the engine's own scheduling of it expects.
private struct UncheckedAction: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

extension Interpreter {
    /// The most work items one line's turn of the main queue runs: work that queues itself again
    /// for ever stops here, with a message.
    static let mainQueueLimit = 10_000

    /// Runs what the main queue holds, and what that work queues in turn, with what then falls due
    /// on the virtual clock at this moment; an error in a work item is reported and the rest runs.
    func runMainQueue() {
        var ran = 0
        while !scheduler.mainQueue.isEmpty {
            for work in scheduler.mainQueue.takeAll() {
                work()
                ran += 1
            }
            if !scheduler.isRealTime {
                scheduler.virtual.advance(to: scheduler.virtual.now, limit: Interpreter.actionsPerTick)
            }
            if ran >= Interpreter.mainQueueLimit, !scheduler.mainQueue.isEmpty {
                _ = scheduler.mainQueue.takeAll()
                emit(OutputRecord(
                    kind: .error,
                    text: "error: the main queue ran \(ran) work items queued by this line and more kept coming "
                        + "(work that queues itself again): stopped"))
                return
            }
        }
    }

    /// `DispatchQueue.main.async { ... }` in a statement or a closure: each time it runs, the closure
    /// (with the arguments of the closures around it) is queued on the main queue.
    func boundMainQueueWork(_ syntax: PipelineSyntax) throws -> Expression {
        guard let call = syntax.operators.first, let closure = call.trailingClosure else {
            throw SyntaxError("write `DispatchQueue.main.async { ... }`", at: syntax.operators[0].token)
        }
        let bound = try bind(closure)
        let delay = try call.arguments.first.map { argument -> Expression in
            guard case .expression(let expression) = argument.content else {
                throw SyntaxError("`asyncAfter(deadline:)` takes `.now() + SECONDS`", at: argument.token)
            }
            return try bind(expression)
        }
        let scheduler = scheduler
        return .bound(
            BoundExpression { [weak self] arguments in
                guard let run = self?.queuedWork(bound, arguments: arguments) else { return .void }
                guard let delay else {
                    scheduler.runOnMainQueue(run)
                    return .void
                }
                let seconds = try delay.evaluate(arguments)
                guard let number = seconds.numeric, number >= 0, number < 1e9 else {
                    throw PlaygroundError(
                        "`asyncAfter(deadline: .now() + SECONDS)` waits 0 or more seconds, not \(seconds)")
                }
                let date = scheduler.now.advanced(by: .nanoseconds(Int(number * 1e9)))
                scheduler.schedule(after: date, tolerance: .nanoseconds(0), options: nil) {
                    scheduler.runOnMainQueue(run)
                }
                return .void
            })
    }
}

/// A bound closure handed to a queue; it runs only while its thread holds the session.
private struct QueuedClosure: @unchecked Sendable {
    let closure: Closure
    init(_ closure: Closure) { self.closure = closure }
}

extension Interpreter {
    /// `closure`, with the arguments of the closures around it (`arguments`), as work for a queue (the
    /// main queue, a global one, a group's `notify`): a failure in it is the session's error line.
    func queuedWork(_ closure: Closure, arguments: [Value]) -> @Sendable () -> Void {
        let scoped = QueuedClosure(closure.scoped(CapturedScope(values: arguments, parent: CapturedScope.current)))
        return { [weak self] in
            do {
                _ = try scoped.closure.evaluate([])
            } catch {
                self?.emit(OutputRecord(kind: .error, text: "error: \(Interpreter.message(of: error))"))
            }
        }
    }
}
