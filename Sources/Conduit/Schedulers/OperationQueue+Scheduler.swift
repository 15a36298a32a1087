import Dispatch
import Foundation
import Synchronization

/// Conduit's additions to `OperationQueue`, as Combine's.
extension OperationQueue: Scheduler {
    /// Scheduler time for an operation queue: a `Date`, so delays follow the wall clock.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable, DateSchedulerTime {
        /// The date this time represents.
        public var date: Date

        /// Creates a scheduler time from a date.
        ///
        /// - Parameter date: The date.
        public init(_ date: Date) {
            self.date = date
        }

        /// A time interval in seconds.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
            Hashable, Codable, Sendable, SecondsStride
        {
            public typealias FloatLiteralType = TimeInterval
            public typealias IntegerLiteralType = TimeInterval
            public typealias Magnitude = TimeInterval

            /// The value of this time interval in seconds.
            public var magnitude: TimeInterval

            /// The value of this time interval in seconds.
            public var timeInterval: TimeInterval { magnitude }

            /// Creates a stride of a number of seconds.
            ///
            /// - Parameter timeInterval: The number of seconds.
            public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }
        }
    }

    /// Options that affect the operation of the operation queue scheduler (none, as in Combine).
    public struct SchedulerOptions: Sendable {}

    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    public var minimumTolerance: SchedulerTimeType.Stride { SchedulerTimeType.Stride(0) }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = UncheckedAction(action)
        addOperation { work.run() }
    }

    /// Waits on a dispatch timer (operation queues have no clock of their own), then adds the
    /// action to this queue as an operation.
    ///
    /// - Parameters:
    ///   - date: When to run it.
    ///   - tolerance: How late it may run.
    ///   - options: Ignored: this scheduler has none.
    ///   - action: The work to run.
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        let work = UncheckedAction(action)
        let queue = UncheckedQueue(self)
        DispatchQueue.global().asyncAfter(wallDeadline: Self.wallTime(date)) {
            queue.queue.addOperation { work.run() }
        }
    }

    /// A dispatch timer adds the action to this queue at each interval until the returned
    /// cancellable is cancelled; a tick already on its way when it is cancelled does not run.
    ///
    /// - Parameters:
    ///   - date: When to run it first.
    ///   - interval: The time between two runs.
    ///   - tolerance: How late each run may be.
    ///   - options: Ignored: this scheduler has none.
    ///   - action: The work to run.
    /// - Returns: A cancellable that stops the repetition.
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable {
        let work = UncheckedAction(action)
        let queue = UncheckedQueue(self)
        let timer = DispatchSource.makeTimerSource(queue: .global())
        let cancelled = RepeatCancellation()
        timer.setEventHandler {
            queue.queue.addOperation {
                if !cancelled.flag.load(ordering: .acquiring) { work.run() }
            }
        }
        timer.schedule(
            wallDeadline: Self.wallTime(date),
            repeating: max(interval.timeInterval, 0),
            leeway: .nanoseconds(Int(max(tolerance.timeInterval, 0) * 1_000_000_000))
        )
        timer.resume()
        return AnyCancellable {
            cancelled.flag.store(true, ordering: .releasing)
            timer.cancel()
        }
    }

    private static func wallTime(_ time: SchedulerTimeType) -> DispatchWallTime {
        .now() + max(time.date.timeIntervalSinceNow, 0)
    }
}

/// Carries the queue into a dispatch handler; `OperationQueue` is thread-safe but not declared
/// `Sendable` on every platform.
private struct UncheckedQueue: @unchecked Sendable {
    let queue: OperationQueue

    init(_ queue: OperationQueue) {
        self.queue = queue
    }
}

/// Set when a repeating operation-queue action is cancelled, so a tick already on its way skips it.
private final class RepeatCancellation: Sendable {
    let flag = Atomic<Bool>(false)
}
