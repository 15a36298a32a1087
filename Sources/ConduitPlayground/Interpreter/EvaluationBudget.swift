import Foundation

/// How much work one step of a session may do, and the way to stop it: a step (one command, or
/// one scheduled action) may deliver at most `deliveriesPerStep` values into sinks and subjects,
/// none larger than `largestValue`, and Ctrl-C stops it. Past that, every further delivery of the
/// step is dropped, which breaks any loop through names (a loop must pass a delivery to go
/// round), and the step ends with a message naming the names the values went round through.
///
/// Steps are counted per thread: in real time, timer actions run on their own queue while the
/// person types.
final class EvaluationBudget: Sendable {
    /// Why a step was stopped.
    enum Stop: Equatable, Sendable {
        case tooManyDeliveries
        case valueTooLarge(String)
        case interrupted
    }

    /// What a stopped step reports.
    struct Report: Equatable, Sendable {
        let stop: Stop
        /// The names deliveries went through, most used first.
        let names: [String]
        let deliveries: Int
    }

    /// The most values one step may deliver at the session's boundaries.
    static let deliveriesPerStep = 100_000
    /// The largest value (elements and characters counted) that may be delivered.
    static let largestValue = 1_000_000

    private struct Step {
        var deliveries = 0
        var byName: [String: Int] = [:]
        var stop: Stop?
    }

    private let steps = LockedValue<[UInt: Step]>([:])
    private let limit: Int
    /// Asked at each boundary whether the person pressed Ctrl-C.
    private let interruptCheck = LockedValue<(@Sendable () -> Bool)?>(nil)

    init(deliveriesPerStep: Int = EvaluationBudget.deliveriesPerStep) {
        limit = deliveriesPerStep
    }

    /// Sets how the budget learns of Ctrl-C (nil: never).
    func setInterruptCheck(_ check: (@Sendable () -> Bool)?) {
        interruptCheck.withLock { $0 = check }
    }

    /// Whether Ctrl-C was pressed.
    var interruptRequested: Bool {
        (interruptCheck.withLock { $0 })?() ?? false
    }

    /// Runs `body` as one step of the current thread, unless one is already running (a nested step
    /// counts towards the outer one); returns the report if the step was stopped.
    func step(_ body: () -> Void) -> Report? {
        let thread = EvaluationBudget.currentThread
        let outermost = steps.withLock { steps -> Bool in
            guard steps[thread] == nil else { return false }
            steps[thread] = Step()
            return true
        }
        // Loops in functions' and closures' bodies ask too, between turns (`currentStepIsStopped`).
        if outermost { EvaluationBudget.running.withLock { $0[thread] = self } }
        body()
        guard outermost else { return nil }
        EvaluationBudget.running.withLock { _ = $0.removeValue(forKey: thread) }
        let step = steps.withLock { $0.removeValue(forKey: thread) }
        guard let step, let stop = step.stop else { return nil }
        let names = step.byName.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(6).map(\.key)
        return Report(stop: stop, names: names, deliveries: step.deliveries)
    }

    /// The budget whose step runs on each thread, for the loops in bodies to ask.
    private static let running = LockedValue<[UInt: EvaluationBudget]>([:])

    /// Whether the step running on this thread was stopped (Ctrl-C); false outside a step. Asked by
    /// a loop in a function's or a closure's body every 256 turns.
    static var currentStepIsStopped: Bool {
        let thread = currentThread
        return running.withLock { $0[thread] }?.isStopped ?? false
    }

    /// Whether the step running on this thread has been stopped; checked between scheduled
    /// actions, where Ctrl-C stops the step too.
    var isStopped: Bool {
        let interrupted = interruptRequested
        let thread = EvaluationBudget.currentThread
        return steps.withLock { steps -> Bool in
            guard var step = steps[thread] else { return interrupted }
            if interrupted, step.stop == nil {
                step.stop = .interrupted
                steps[thread] = step
            }
            return step.stop != nil
        }
    }

    /// Starts counting the current step's deliveries again: each action of a `tick` has a budget
    /// of its own.
    func restartCount() {
        let thread = EvaluationBudget.currentThread
        steps.withLock { steps in
            guard var step = steps[thread], step.stop == nil else { return }
            step.deliveries = 0
            step.byName = [:]
            steps[thread] = step
        }
    }

    /// Counts one delivery of `value` through `name`; false when the step is over budget (or
    /// interrupted), and the value must be dropped. Outside a step everything is admitted.
    func admit(_ value: Value, through name: String) -> Bool {
        admission(of: value, through: name) == nil
    }

    /// Counts one delivery of `value` through `name`: nil if it may go on, else why the step was
    /// stopped (the value must then be dropped). Ctrl-C is asked about here, between values, so that
    /// a flood of deliveries stops at the next value.
    func admission(of value: Value, through name: String) -> Stop? {
        let interrupted = interruptRequested
        let oversized = EvaluationBudget.weight(of: value, above: EvaluationBudget.largestValue)
        let thread = EvaluationBudget.currentThread
        return steps.withLock { steps -> Stop? in
            guard var step = steps[thread] else { return nil }
            defer { steps[thread] = step }
            if let stop = step.stop { return stop }
            step.deliveries += 1
            step.byName[name, default: 0] += 1
            if interrupted {
                step.stop = .interrupted
            } else if oversized {
                step.stop = .valueTooLarge(name)
            } else if step.deliveries > limit {
                step.stop = .tooManyDeliveries
            }
            return step.stop
        }
    }

    /// The message for a stopped step; `describe` says what a name is (`a` assigns into `c`).
    static func message(for report: Report, describe: (String) -> String = { "`\($0)`" }) -> String {
        let names = report.names.map(describe).joined(separator: ", ")
        switch report.stop {
        case .interrupted:
            return "interrupted (Ctrl-C): the rest of this line's deliveries were dropped; every name is kept"
        case .valueTooLarge(let name):
            return "stopped: a value reaching `\(name)` grew past \(largestValue) elements and characters and was "
                + "dropped (values went through \(names)); every name is kept"
        case .tooManyDeliveries:
            return "stopped a runaway evaluation: more than \(report.deliveries - 1) values in one step went round "
                + "through \(names), a feedback loop through names; every name is kept, and cancelling one of "
                + "these sinks breaks the loop"
        }
    }

    /// Whether a value holds more than `limit` elements and characters; looks no further than that.
    static func weight(of value: Value, above limit: Int) -> Bool {
        var total = 0
        var pending: [Value] = [value]
        while let next = pending.popLast() {
            switch next {
            case .string(let text): total += text.utf8.count
            case .array(let items):
                total += items.count
                pending += items.filter(\.isContainer)
            case .record(let fields):
                total += fields.count
                pending += fields.map(\.value).filter(\.isContainer)
            default: total += 1
            }
            if total > limit { return true }
        }
        return false
    }

    /// The calling thread's identity, which keys its step.
    private static var currentThread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}

private extension Value {
    /// Arrays, records and strings: what `weight(of:above:)` looks into.
    var isContainer: Bool {
        switch self {
        case .array, .record, .string: return true
        default: return false
        }
    }
}
