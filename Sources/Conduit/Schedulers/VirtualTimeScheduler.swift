import Dispatch
import Foundation

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

    private let lock = Lock()
    private var clock: Int
    private var items: [Item] = []
    private var nextOrder = 0
    private var cancelled = Set<Int>()

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
        lock.withLock { items.filter { !cancelled.contains($0.token) }.count }
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
        return AnyCancellable { [weak self] in
            guard let self else { return }
            lock.withLock {
                cancelled.insert(token)
                items.removeAll { $0.token == token }
            }
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
        while let item = nextItem(dueBy: time.nanoseconds) {
            item.action()
            count += 1
            if count >= limit {
                let reached: Bool = lock.withLock {
                    let due = items.contains { $0.due <= time.nanoseconds && !cancelled.contains($0.token) }
                    if !due { clock = max(clock, time.nanoseconds) }
                    return !due
                }
                return reached
            }
        }
        lock.withLock { clock = max(clock, time.nanoseconds) }
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
    private func nextItem(dueBy limit: Int) -> Item? {
        lock.withLock {
            guard let index = items.indices.min(by: { (items[$0].due, items[$0].order) < (items[$1].due,
                items[$1].order) }),
                  items[index].due <= limit
            else { return nil }
            let item = items.remove(at: index)
            clock = max(clock, item.due)
            // A repeat that would fall past the end of time (`Int.max` nanoseconds) never comes.
            if let interval = item.interval, !cancelled.contains(item.token),
               case (let next, false) = item.due.addingReportingOverflow(interval) {
                items.append(Item(due: next, order: nextOrder, action: item.action, interval: interval,
                    token: item.token))
                nextOrder += 1
            }
            return item
        }
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
