import Dispatch
import Foundation

/// Conduit's additions to `DispatchQueue`, as Combine's.
extension DispatchQueue: Scheduler {
    /// Scheduler time for a dispatch queue: a `DispatchTime`.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        /// The dispatch time represented by this type.
        public var dispatchTime: DispatchTime

        /// Creates a `DispatchQueue.SchedulerTimeType` from its parts; the operator that returns one is the usual way
        /// to make it.
        ///
        /// - Parameter time: The `time` argument of the general operator.
        public init(_ time: DispatchTime) {
            dispatchTime = time
        }

        public func distance(to other: SchedulerTimeType) -> Stride {
            Stride(.nanoseconds(Int(Int64(
                bitPattern: other.dispatchTime.uptimeNanoseconds &- dispatchTime.uptimeNanoseconds))))
        }

        public func advanced(by n: Stride) -> SchedulerTimeType {
            let base = Int64(clamping: dispatchTime.uptimeNanoseconds)
            let (sum, overflow) = base.addingReportingOverflow(Int64(n.magnitude))
            return SchedulerTimeType(DispatchTime(uptimeNanoseconds: UInt64(max(1, overflow ? Int64.max : sum))))
        }

        public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.dispatchTime < rhs.dispatchTime
        }

        public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.dispatchTime == rhs.dispatchTime
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(dispatchTime.uptimeNanoseconds)
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            dispatchTime = DispatchTime(uptimeNanoseconds: try container.decode(UInt64.self))
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(dispatchTime.uptimeNanoseconds)
        }

        /// A time interval in nanoseconds; literals and `seconds(_:)` are in seconds.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
            Hashable, Codable, Sendable
        {
            public typealias FloatLiteralType = Double
            public typealias IntegerLiteralType = Int
            public typealias Magnitude = Int

            /// The value of this time interval in nanoseconds.
            public var magnitude: Int

            /// This time interval as a dispatch time interval.
            public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

            /// Creates a `DispatchQueue.SchedulerTimeType.Stride` from its parts; the operator that returns one is the
            /// usual way to make it.
            ///
            /// - Parameter timeInterval: The `timeInterval` argument of the general operator.
            public init(_ timeInterval: DispatchTimeInterval) {
                switch timeInterval {
                case .seconds(let s): magnitude = s.multipliedReportingOverflow(by: 1_000_000_000).overflow
                    ? .max : s * 1_000_000_000
                case .milliseconds(let ms): magnitude = ms.multipliedReportingOverflow(by: 1_000_000).overflow
                    ? .max : ms * 1_000_000
                case .microseconds(let us): magnitude = us.multipliedReportingOverflow(by: 1_000).overflow
                    ? .max : us * 1_000
                case .nanoseconds(let ns): magnitude = ns
                case .never: magnitude = .max
                @unknown default: magnitude = .max
                }
            }

            /// Creates a stride from a number of seconds.
            ///
            /// - Parameter timeInterval: The number of seconds.
            public init(_ timeInterval: Double) {
                let nanoseconds = timeInterval * 1_000_000_000
                magnitude = nanoseconds >= Double(Int.max) ? .max : nanoseconds <= Double(Int.min) ? .min : Int(
                    nanoseconds)
            }

            public init(floatLiteral value: Double) { self.init(value) }
            public init(integerLiteral value: Int) { self.init(.seconds(value)) }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                self.init(.seconds(value))
            }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(.nanoseconds(
                lhs.magnitude &+ rhs.magnitude)) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(.nanoseconds(
                lhs.magnitude &- rhs.magnitude)) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(.nanoseconds(
                lhs.magnitude &* rhs.magnitude)) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

            public static func seconds(_ s: Int) -> Stride { Stride(.seconds(s)) }
            public static func seconds(_ s: Double) -> Stride { Stride(s) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(.milliseconds(ms)) }
            public static func microseconds(_ us: Int) -> Stride { Stride(.microseconds(us)) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(.nanoseconds(ns)) }
        }
    }

    /// Options that affect the operation of the dispatch queue scheduler.
    public struct SchedulerOptions {
        /// The `qos` this value was made with.
        public var qos: DispatchQoS
        /// The `flags` this value was made with.
        public var flags: DispatchWorkItemFlags
        /// The `group` this value was made with.
        public var group: DispatchGroup?

        /// Creates a `DispatchQueue.SchedulerOptions` from its parts; the operator that returns one is the usual way to
        /// make it.
        ///
        /// - Parameters:
        ///   - qos: The `qos` argument of the general operator.
        ///   - flags: The `flags` argument of the general operator.
        ///   - group: The `group` argument of the general operator.
        public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil) {
            self.qos = qos
            self.flags = flags
            self.group = group
        }
    }

    public var now: SchedulerTimeType { SchedulerTimeType(.now()) }

    public var minimumTolerance: SchedulerTimeType.Stride { SchedulerTimeType.Stride(.nanoseconds(0)) }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = UncheckedAction(action)
        async(group: options?.group, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) { work.run() }
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        let work = UncheckedAction(action)
        asyncAfter(deadline: date.dispatchTime, qos: options?.qos ?? .unspecified, flags: options?.flags
            ?? []) { work.run() }
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable {
        let timer = DispatchSource.makeTimerSource(queue: self)
        let work = UncheckedAction(action)
        timer.setEventHandler { work.run() }
        timer.schedule(deadline: date.dispatchTime, repeating: interval.timeInterval, leeway: tolerance.timeInterval)
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }
}

/// Carries a scheduled closure across to the thread that runs it. Schedulers run each action once
/// (or serially, when repeating), so handing it over is safe even though Combine's closures are
/// not `@Sendable`.
internal struct UncheckedAction: @unchecked Sendable {
    let run: () -> Void

    init(_ run: @escaping () -> Void) {
        self.run = run
    }
}
