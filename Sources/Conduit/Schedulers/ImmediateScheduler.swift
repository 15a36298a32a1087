/// A scheduler for performing synchronous actions: everything runs at once, on the calling thread.
///
/// Scheduling an action for later with it is a programming error, as in Combine (the action still
/// runs at once).
public struct ImmediateScheduler: Scheduler, Sendable {
    /// The time type of the immediate scheduler: it never moves.
    public struct SchedulerTimeType: Strideable, Sendable {
        public typealias Stride = TimeInterval

        public func distance(to other: SchedulerTimeType) -> Stride { Stride(0) }

        public func advanced(by n: Stride) -> SchedulerTimeType { self }

        public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool { false }

        /// The interval type of the immediate scheduler (a count of seconds, always effectively zero).
        public struct TimeInterval: Comparable, SignedNumeric, ExpressibleByFloatLiteral, Hashable, Codable,
            SchedulerTimeIntervalConvertible, Sendable
        {
            public typealias IntegerLiteralType = Int
            public typealias FloatLiteralType = Double

            public var magnitude: Int

            /// Creates a `ImmediateScheduler.SchedulerTimeType.TimeInterval` from its parts; the operator that returns
            /// one is the usual way to make it.
            ///
            /// - Parameter value: The `value` argument of the general operator.
            public init(_ value: Int) { magnitude = value }
            public init(integerLiteral value: Int) { magnitude = value }
            public init(floatLiteral value: Double) { magnitude = Int(value) }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                magnitude = value
            }

            public static func < (lhs: TimeInterval, rhs: TimeInterval) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: TimeInterval, rhs: TimeInterval) -> TimeInterval { .init(lhs.magnitude
                + rhs.magnitude) }
            public static func - (lhs: TimeInterval, rhs: TimeInterval) -> TimeInterval { .init(lhs.magnitude
                - rhs.magnitude) }
            public static func * (lhs: TimeInterval, rhs: TimeInterval) -> TimeInterval { .init(
                lhs.magnitude * rhs.magnitude) }
            public static func += (lhs: inout TimeInterval, rhs: TimeInterval) { lhs = lhs + rhs }
            public static func -= (lhs: inout TimeInterval, rhs: TimeInterval) { lhs = lhs - rhs }
            public static func *= (lhs: inout TimeInterval, rhs: TimeInterval) { lhs = lhs * rhs }

            public static func seconds(_ s: Int) -> TimeInterval { .init(0) }
            public static func seconds(_ s: Double) -> TimeInterval { .init(0) }
            public static func milliseconds(_ ms: Int) -> TimeInterval { .init(0) }
            public static func microseconds(_ us: Int) -> TimeInterval { .init(0) }
            public static func nanoseconds(_ ns: Int) -> TimeInterval { .init(0) }
        }
    }

    public typealias SchedulerOptions = Never

    /// The shared instance of the immediate scheduler.
    public static let shared = ImmediateScheduler()

    public var now: SchedulerTimeType { SchedulerTimeType() }

    public var minimumTolerance: SchedulerTimeType.Stride { .init(0) }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        action()
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        action()
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable {
        action()
        // Nothing is left to cancel: the action has run, once. Combine answers with the empty
        // subscription ("Empty").
        return Subscriptions.empty
    }
}
