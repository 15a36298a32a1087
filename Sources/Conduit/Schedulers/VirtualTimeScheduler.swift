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
        var due: Int
        var order: Int
        let action: () -> Void
        /// For repeating actions: the interval and the identity used to cancel it.
        let interval: Int?
        let token: Int
    }

    // Touched only holding `lock`, so they skip the dynamic exclusivity checks. A cancelled
    // repeating action is removed from `items` at once; it is re-queued only from `items`.
    // The lock is one inline word (taken as a plain lock): two to five round trips per scheduled
    // action, where an allocated pthread mutex cost about 50 instructions more each.
    private let lock = ReentrantLock()
    /// The clock: written holding `lock`, read without it by `now` (which operators call for every
    /// value they schedule).
    private let clockWord: Atomic<Int>
    @exclusivity(unchecked) private var items: [Item] = []
    @exclusivity(unchecked) private var nextOrder = 0

    /// Creates a scheduler whose clock starts at `now` (zero by default).
    public init(now: SchedulerTimeType = SchedulerTimeType(nanoseconds: 0)) {
        clockWord = Atomic(now.nanoseconds)
    }

    /// The clock's time in nanoseconds (read holding `lock`, or for `now`).
    private var clock: Int {
        clockWord.load(ordering: .acquiring)
    }

    /// Moves the clock to `time` if that is later; call holding `lock`.
    private func moveClock(to time: Int) {
        if time > clockWord.load(ordering: .relaxed) {
            clockWord.store(time, ordering: .releasing)
        }
    }

    public var now: SchedulerTimeType {
        SchedulerTimeType(nanoseconds: clock)
    }

    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    /// The number of actions waiting to run.
    public var pendingActionCount: Int {
        lock.withExclusiveLock(owner: self) { items.count }
    }

    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        _ = lock.withExclusiveLock(owner: self) { enqueue(at: clock, interval: nil, action) }
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
        options: Never?, _ action: @escaping () -> Void
    ) {
        _ = lock.withExclusiveLock(owner: self) {
            enqueue(at: max(date.nanoseconds, clock), interval: nil, action)
        }
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: Never?, _ action: @escaping () -> Void
    ) -> Cancellable {
        let token = lock.withExclusiveLock(owner: self) {
            enqueue(at: max(date.nanoseconds, clock), interval: max(1, interval.magnitude), action)
        }
        return RepeatingAction(scheduler: self, token: token)
    }

    /// Stops the repeating action numbered `token`; its action (and what that holds) is let go
    /// after unlocking.
    private func cancelRepeating(_ token: Int) {
        var removed: Item?
        lock.lock(owner: self)
        for index in items.indices where items[index].token == token {
            removed = takeItem(at: index)
            break
        }
        lock.unlock(owner: self)
        withExtendedLifetime(removed) {}
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
        while let action = nextAction(dueBy: time.nanoseconds, reaching: true) {
            action()
            count += 1
            if count >= limit {
                let reached: Bool = lock.withExclusiveLock(owner: self) {
                    let due = items.contains { $0.due <= time.nanoseconds }
                    if !due { moveClock(to: time.nanoseconds) }
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
        while count < limit, let action = nextAction(dueBy: .max) {
            action()
            count += 1
        }
    }

    /// Takes the earliest action due by `limit` and moves the clock to it; a repeating action is
    /// moved to its next time in place (its closure is not copied). When none is due and
    /// `reaching` is set, moves the clock to `limit` instead (in the same lock as the look-up:
    /// `advance` takes one lock fewer per call).
    /// Not through `withExclusiveLock`: a closure returned through its generic result is wrapped
    /// in a thunk, one allocation per action.
    private func nextAction(dueBy limit: Int, reaching: Bool = false) -> (() -> Void)? {
        lock.lock(owner: self)
        defer { lock.unlock(owner: self) }
        guard let index = earliestIndex(), items[index].due <= limit else {
            if reaching { moveClock(to: limit) }
            return nil
        }
        let due = items[index].due
        moveClock(to: due)
        // A repeat that would fall past the end of time (`Int.max` nanoseconds) never comes.
        if let interval = items[index].interval, case (let next, false) = due.addingReportingOverflow(interval) {
            items[index].due = next
            items[index].order = nextOrder
            nextOrder += 1
            return items[index].action
        }
        return takeItem(at: index).action
    }

    /// Removes and returns the item at `index` (call holding `lock`): the last one takes its place,
    /// as the order of `items` does not matter (`earliestIndex` compares times and order numbers).
    private func takeItem(at index: Int) -> Item {
        items.swapAt(index, items.count - 1)
        return items.removeLast()
    }

    /// The index of the action to run first (earliest due, then first scheduled); call holding
    /// `lock`. A plain loop: `indices.min(by:)` ran unspecialised here, looking up generic
    /// metadata on every call.
    private func earliestIndex() -> Int? {
        guard !items.isEmpty else { return nil }
        var best = 0
        var bestDue = items[0].due
        var bestOrder = items[0].order
        for index in 1..<items.count {
            let due = items[index].due
            if due < bestDue || (due == bestDue && items[index].order < bestOrder) {
                best = index
                bestDue = due
                bestOrder = items[index].order
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
