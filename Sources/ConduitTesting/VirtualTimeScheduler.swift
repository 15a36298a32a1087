import Conduit
import Dispatch
import Foundation
import Synchronization

/// A scheduler whose clock moves only when told: `advance(by:)`, `advance(to:)` or `run()`.
///
/// Use it to test time operators without waiting (`debounce`, `throttle`, `delay`, ...) and to
/// step time in the playground: scheduled actions run in time order (first scheduled first for
/// equal times) on the thread that advances the clock. Thread-safe.
///
/// ```swift
/// let scheduler = VirtualTimeScheduler()
/// subject.debounce(for: .milliseconds(300), scheduler: scheduler).sink { print($0) }
/// subject.send("s")
/// scheduler.advance(by: .milliseconds(300))   // prints "s"
/// ```
public final class VirtualTimeScheduler: Scheduler, @unchecked Sendable {
    /// A moment of virtual time: nanoseconds since the scheduler's start. Prints as `400ms`.
    public struct SchedulerTimeType: Strideable, Hashable, Codable, Sendable, CustomStringConvertible {
        public typealias Stride = DispatchQueue.SchedulerTimeType.Stride

        /// Nanoseconds since the start of virtual time.
        public var nanoseconds: Int

        public init(nanoseconds: Int) {
            self.nanoseconds = nanoseconds
        }

        public func distance(to other: SchedulerTimeType) -> Stride {
            .nanoseconds(other.nanoseconds - nanoseconds)
        }

        public func advanced(by n: Stride) -> SchedulerTimeType {
            SchedulerTimeType(nanoseconds: nanoseconds.addingReportingOverflow(n.magnitude).overflow
                ? .max : nanoseconds + n.magnitude)
        }

        public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.nanoseconds < rhs.nanoseconds
        }

        public var description: String {
            VirtualTimeScheduler.format(nanoseconds: nanoseconds)
        }
    }

    public typealias SchedulerOptions = Never

    /// The scheduler's state: its lock, clock and waiting actions. A separate object so that a
    /// repeating action's cancellable can hold it strongly without holding the scheduler: a weak
    /// reference to the scheduler gave it a side table, which made each of its reference counts,
    /// and each timer's cancel, a few atomics more (about 160 instructions per debounced value).
    private let queue = VirtualTimeQueue()

    /// Creates a scheduler whose clock starts at `now` (zero by default).
    public init(now: SchedulerTimeType = SchedulerTimeType(nanoseconds: 0)) {
        queue.clockWord.store(now.nanoseconds, ordering: .relaxed)
    }

    /// Lets go of the actions still waiting (and what they hold), as if the queue went with the
    /// scheduler: a repeating action's cancellable kept elsewhere keeps only the emptied queue.
    deinit {
        queue.removeAll()
    }

    public var now: SchedulerTimeType {
        SchedulerTimeType(nanoseconds: queue.clock)
    }

    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    /// The number of actions waiting to run.
    public var pendingActionCount: Int {
        queue.count
    }

    public func schedule(options: Never?, _ action: consuming @escaping () -> Void) {
        queue.enqueue(notBefore: nil, interval: nil, action)
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
        options: Never?, _ action: consuming @escaping () -> Void
    ) {
        queue.enqueue(notBefore: date.nanoseconds, interval: nil, action)
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: Never?, _ action: consuming @escaping () -> Void
    ) -> Cancellable {
        let token = queue.enqueue(notBefore: date.nanoseconds, interval: max(1, interval.magnitude), action)
        return RepeatingAction(queue: queue, token: token)
    }

    /// What `schedule(after:interval:tolerance:options:_:)` returns: cancelling it, or letting it
    /// go, stops the repeats (as an `AnyCancellable` would, without a closure and a second object
    /// per timer). It holds the scheduler's queue, not the scheduler, so a timer kept somewhere
    /// does not keep the scheduler alive; once the scheduler is gone, cancelling does nothing.
    private final class RepeatingAction: Cancellable, @unchecked Sendable {
        private let queue: VirtualTimeQueue
        private let token: Int
        private let cancelled = Atomic<Bool>(false)

        init(queue: VirtualTimeQueue, token: Int) {
            self.queue = queue
            self.token = token
        }

        /// A plain load first: nothing else holds the action now, and most were cancelled already
        /// (debounce cancels each timer when it fires), which then costs no atomic exchange.
        deinit {
            if !cancelled.load(ordering: .relaxed) { cancel() }
        }

        func cancel() {
            guard !cancelled.exchange(true, ordering: .relaxed) else { return }
            queue.cancelRepeating(token)
        }
    }

    /// Moves the clock forward by `stride`, running every action due on the way, in time order.
    public func advance(by stride: SchedulerTimeType.Stride = .nanoseconds(0)) {
        advance(to: now.advanced(by: stride))
    }

    /// Moves the clock to `time` (never backwards), running every action due on the way.
    public func advance(to time: SchedulerTimeType) {
        advance(to: time, limit: .max)
    }

    /// Moves the clock towards `time`, running at most `limit` actions on the way: a repeating
    /// action with a tiny interval cannot hold the caller for ever. Returns true if the clock
    /// reached `time`; otherwise it stays at the last action run, and the rest is still due.
    @discardableResult
    public func advance(to time: SchedulerTimeType, limit: Int) -> Bool {
        var count = 0
        while let action = queue.nextAction(dueBy: time.nanoseconds, reaching: true) {
            action()
            count += 1
            if count >= limit {
                return queue.reach(time.nanoseconds)
            }
        }
        return true
    }

    /// Runs every scheduled action, moving the clock as far as needed. Repeating actions would run
    /// forever, so it stops after `limit` actions.
    public func run(limit: Int = 100_000) {
        var count = 0
        while count < limit, let action = queue.nextAction(dueBy: .max) {
            action()
            count += 1
        }
    }

    /// Writes a number of nanoseconds as the shortest exact unit: `300ms`, `2s`, `1500us`.
    public static func format(nanoseconds: Int) -> String {
        if nanoseconds == 0 { return "0ms" }
        if nanoseconds % 1_000_000_000 == 0 { return "\(nanoseconds / 1_000_000_000)s" }
        if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000)ms" }
        if nanoseconds % 1_000 == 0 { return "\(nanoseconds / 1_000)us" }
        return "\(nanoseconds)ns"
    }
}
