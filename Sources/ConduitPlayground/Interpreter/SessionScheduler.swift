import Conduit
import ConduitTesting
import Dispatch
import Foundation

/// The scheduler every time operator of a session runs on: the virtual clock by default (time
/// moves with `tick`), or real time (`clock real`), where actions run on a background queue.
/// Both count time in nanoseconds since the session started, so output can be stamped `@400ms`.
final class SessionScheduler: Scheduler, @unchecked Sendable {
    typealias SchedulerTimeType = VirtualTimeScheduler.SchedulerTimeType
    typealias SchedulerOptions = Never

    /// The virtual clock; a new one after `restart()`.
    var virtual: VirtualTimeScheduler { lock.withLock { currentVirtual } }
    private var currentVirtual = VirtualTimeScheduler()
    /// What one step may do; real-time actions are each a step of their own.
    let budget = EvaluationBudget()
    /// Who holds the session: a real-time action waits for the line being evaluated, and runs alone.
    let owner = SessionOwner()
    /// The playground's main queue (`DispatchQueue.main.async`), run after each line.
    let mainQueue = MainQueue()
    /// Whether `tick` is moving the virtual clock: then main-queue work runs at the moment it was
    /// queued, after the action that queued it, as a run loop turns while time passes.
    var isTicking: Bool {
        get { lock.withLock { ticking } }
        set { lock.withLock { ticking = newValue } }
    }
    private var ticking = false

    /// Runs `work` on the playground's main queue: after the current line, at this moment of a
    /// `tick`, or on the real-time queue in real time.
    func runOnMainQueue(_ work: @escaping @Sendable () -> Void) {
        if isRealTime || isTicking {
            schedule(options: nil, work)
        } else {
            mainQueue.enqueue(work)
        }
    }

    /// Runs `work` on a thread of Dispatch's global queue, as `DispatchQueue.global().async` does. It
    /// holds the session as a real-time action does (after the line being run), so what it prints
    /// arrives as asynchronous output, above the prompt.
    func runOnGlobalQueue(_ work: @escaping @Sendable () -> Void) {
        let run = UncheckedWork(guarded(work))
        DispatchQueue.global().async(group: globalWork) { run.body() }
    }

    /// Waits until the work handed to global queues has run (at most `seconds`): at the end of the
    /// input, so that what it prints is not lost. Lets go of the session meanwhile.
    func finishGlobalWork(within seconds: Double) {
        let group = globalWork
        owner.releasing { _ = group.wait(timeout: .now() + seconds) }
    }

    /// The work handed to global queues and not yet run.
    private let globalWork = DispatchGroup()
    /// Told when a real-time action was stopped by the budget.
    private let stopped = LockedValue<(@Sendable (EvaluationBudget.Report) -> Void)?>(nil)
    private let queue = DispatchQueue(label: "conduit.playground.realtime")
    private let lock = NSLock()
    private var realTimeStart: DispatchTime?
    /// Real-time offset: virtual time already elapsed when real time was switched on.
    private var offset = 0
    /// Real-time work not done yet: one-time actions still to run, and repeating ones not cancelled.
    private let waiting = LockedValue((actions: 0, timers: 0))

    /// What still waits on the real clock: one-time actions (a delay, a debounce) and timers.
    var realTimeWaiting: (actions: Int, timers: Int) { waiting.withLock { $0 } }

    var isRealTime: Bool { lock.withLock { realTimeStart != nil } }

    /// The wall-clock moment (seconds since 1970) at which the session's time was 0: `Date()` is
    /// this moment plus the session's time (Interpreter+Date.swift).
    var startDate: Double { lock.withLock { wallClockStart } }
    private var wallClockStart = Date().timeIntervalSince1970

    /// Starts time again at 0: a fresh virtual clock (what the old one had scheduled is dropped),
    /// and real time counted from now.
    func restart() {
        lock.withLock {
            wallClockStart = Date().timeIntervalSince1970
            currentVirtual = VirtualTimeScheduler()
            offset = 0
            if realTimeStart != nil { realTimeStart = .now() }
        }
    }

    func setRealTime(_ on: Bool) {
        lock.withLock {
            if on, realTimeStart == nil {
                offset = currentVirtual.now.nanoseconds
                realTimeStart = .now()
            } else if !on, realTimeStart != nil {
                realTimeStart = nil
            }
        }
    }

    var now: SchedulerTimeType {
        lock.withLock {
            guard let start = realTimeStart else { return currentVirtual.now }
            return SchedulerTimeType(nanoseconds: offset + Int(DispatchTime.now().uptimeNanoseconds
                - start.uptimeNanoseconds))
        }
    }

    var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    /// Sets who hears of a real-time action stopped by the budget.
    func onStop(_ report: (@Sendable (EvaluationBudget.Report) -> Void)?) {
        stopped.withLock { $0 = report }
    }

    /// A real-time action run as one budgeted step.
    private func guarded(_ action: @escaping () -> Void) -> () -> Void {
        let budget = budget
        let owner = owner
        return { [weak self] in
            if let report = owner.run({ budget.step(action) }), let self {
                self.stopped.withLock { $0 }?(report)
            }
        }
    }

    func schedule(options: Never?, _ action: @escaping () -> Void) {
        if isRealTime {
            queue.schedule(guarded(action))
        } else {
            virtual.schedule(action)
        }
    }

    func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
        _ action: @escaping () -> Void) {
        if isRealTime {
            let delay = now.distance(to: date)
            let run = guarded(action)
            let waiting = waiting
            waiting.withLock { $0.actions += 1 }
            queue.schedule(after: queue.now.advanced(by: delay)) {
                run()
                waiting.withLock { $0.actions -= 1 }
            }
        } else {
            virtual.schedule(after: date, action)
        }
    }

    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: Never?, _ action: @escaping () -> Void
    ) -> Cancellable {
        if isRealTime {
            let delay = now.distance(to: date)
            let timer = queue.schedule(after: queue.now.advanced(by: delay), interval: interval, guarded(action))
            waiting.withLock { $0.timers += 1 }
            return CountedTimer(timer, waiting: waiting)
        }
        return virtual.schedule(after: date, interval: interval, action)
    }
}

/// A real-time timer that leaves the scheduler's count of waiting timers when it is cancelled
/// (once, however often `cancel` is called).
private final class CountedTimer: Cancellable, @unchecked Sendable {
    private let timer: Cancellable
    private let waiting: LockedValue<(actions: Int, timers: Int)>
    private let live = LockedValue(true)

    init(_ timer: Cancellable, waiting: LockedValue<(actions: Int, timers: Int)>) {
        self.timer = timer
        self.waiting = waiting
    }

    func cancel() {
        let wasLive = live.withLock { live in
            defer { live = false }
            return live
        }
        guard wasLive else { return }
        waiting.withLock { $0.timers -= 1 }
        timer.cancel()
    }
}

/// A guarded action handed to a global queue: it runs as the session's owner, alone.
private struct UncheckedWork: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}
