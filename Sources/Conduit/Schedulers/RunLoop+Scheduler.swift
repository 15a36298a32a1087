import Foundation

/// Conduit's additions to `RunLoop`, as Combine's.
extension RunLoop: Scheduler {
    /// Scheduler time for a run loop: a `Date`.
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

    /// Options that affect the operation of the run loop scheduler (none yet, as in Combine).
    public struct SchedulerOptions: Sendable {}

    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    public var minimumTolerance: SchedulerTimeType.Stride { SchedulerTimeType.Stride(0) }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = UncheckedAction(action)
        perform { work.run() }
    }

    /// Runs the action on this run loop, in its default mode, once `date` has come.
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
        _ = RunLoopTimer.add(
            to: self, at: date.date, interval: 0, tolerance: tolerance.timeInterval,
            UncheckedAction(action)
        )
    }

    /// Runs the action on this run loop, in its default mode, from `date` at each interval until the
    /// returned cancellable is cancelled, which lets the action go.
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
        let timer = RunLoopTimer.add(
            to: self, at: date.date, interval: interval.timeInterval,
            tolerance: tolerance.timeInterval, UncheckedAction(action)
        )
        return AnyCancellable { timer.invalidate() }
    }
}
