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

    private struct Item {
        let due: Int
        let order: Int
        let action: () -> Void
        /// For repeating actions: the interval and the identity used to cancel it.
        let interval: Int?
        let token: Int
    }

    // Touched only holding `lock`, so they skip the dynamic exclusivity checks. A cancelled
    // repeating action is removed from `items` at once; it is re-queued only from `items`.
    private let lock = Lock()
    @exclusivity(unchecked) private var clock: Int
    @exclusivity(unchecked) private var items: [Item] = []
    @exclusivity(unchecked) private var nextOrder = 0

    /// Creates a scheduler whose clock starts at `now` (zero by default).
    public init(now: SchedulerTimeType = SchedulerTimeType(nanoseconds: 0)) {
        clock = now.nanoseconds
    }

    public var now: SchedulerTimeType {
        lock.withLock { SchedulerTimeType(nanoseconds: clock) }
    }

    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    /// The number of actions waiting to run.
    public var pendingActionCount: Int {
        lock.withLock { items.count }
    }

    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        _ = lock.withLock { enqueue(at: clock, interval: nil, action) }
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
        options: Never?, _ action: @escaping () -> Void
    ) {
        _ = lock.withLock { enqueue(at: max(date.nanoseconds, clock), interval: nil, action) }
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: Never?, _ action: @escaping () -> Void
    ) -> Cancellable {
        let token = lock.withLock { enqueue(at: max(date.nanoseconds, clock), interval: max(1, interval.magnitude),
            action) }
        return RepeatingAction(scheduler: self, token: token)
    }

    /// Stops the repeating action numbered `token`.
    private func cancelRepeating(_ token: Int) {
        lock.withLock { items.removeAll { $0.token == token } }
    }

    /// What `schedule(after:interval:tolerance:options:_:)` returns: cancelling it, or letting it
    /// go, stops the repeats (as an `AnyCancellable` would, without a closure and a second object
    /// per timer). It holds the scheduler weakly, so a timer kept somewhere does not keep it alive.
    private final class RepeatingAction: Cancellable, @unchecked Sendable {
        private weak var scheduler: VirtualTimeScheduler?
        private let token: Int
        private let cancelled = Atomic<Bool>(false)

        init(scheduler: VirtualTimeScheduler, token: Int) {
            self.scheduler = scheduler
            self.token = token
        }

        deinit {
            cancel()
        }

        func cancel() {
            guard !cancelled.exchange(true, ordering: .relaxed) else { return }
            scheduler?.cancelRepeating(token)
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
        while let item = nextItem(dueBy: time.nanoseconds, reaching: true) {
            item.action()
            count += 1
            if count >= limit {
                let reached: Bool = lock.withLock {
                    let due = items.contains { $0.due <= time.nanoseconds }
                    if !due { clock = max(clock, time.nanoseconds) }
                    return !due
                }
                return reached
            }
        }
        return true
    }

    /// Runs every scheduled action, moving the clock as far as needed. Repeating actions would run
    /// forever, so it stops after `limit` actions.
    public func run(limit: Int = 100_000) {
        var count = 0
        while count < limit, let item = nextItem(dueBy: .max) {
            item.action()
            count += 1
        }
    }

    /// Takes the earliest action due by `limit` and moves the clock to it.
    /// When none is due and `reaching` is set, moves the clock to `limit` instead (in the same
    /// lock as the look-up: `advance` takes one lock fewer per call).
    private func nextItem(dueBy limit: Int, reaching: Bool = false) -> Item? {
        lock.withLock {
            guard let index = earliestIndex(), items[index].due <= limit else {
                if reaching { clock = max(clock, limit) }
                return nil
            }
            let item = items.remove(at: index)
            clock = max(clock, item.due)
            // A repeat that would fall past the end of time (`Int.max` nanoseconds) never comes.
            if let interval = item.interval,
               case (let next, false) = item.due.addingReportingOverflow(interval) {
                items.append(Item(due: next, order: nextOrder, action: item.action, interval: interval,
                    token: item.token))
                nextOrder += 1
            }
            return item
        }
    }

    /// The index of the action to run first (earliest due, then first scheduled); call holding
    /// `lock`. A plain loop: `indices.min(by:)` ran unspecialised here, looking up generic
    /// metadata on every call.
    private func earliestIndex() -> Int? {
        guard !items.isEmpty else { return nil }
        var best = 0
        for index in 1..<items.count {
            let item = items[index]
            if item.due < items[best].due || (item.due == items[best].due && item.order < items[best].order) {
                best = index
            }
        }
        return best
    }

    @discardableResult
    private func enqueue(at due: Int, interval: Int?, _ action: @escaping () -> Void) -> Int {
        let token = nextOrder
        items.append(Item(due: due, order: nextOrder, action: action, interval: interval, token: token))
        nextOrder += 1
        return token
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
