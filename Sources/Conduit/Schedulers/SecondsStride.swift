import Foundation

/// The arithmetic of a scheduler stride that is a number of seconds, shared by the `Date`-based
/// schedulers (`RunLoop`, `OperationQueue`), whose public `Stride` types stay distinct as in Combine.
///
/// A conforming type stores its seconds as `magnitude`; everything the standard protocols and
/// `SchedulerTimeIntervalConvertible` ask of it beyond that is written here once.
protocol SecondsStride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral
where Magnitude == TimeInterval, IntegerLiteralType == TimeInterval, FloatLiteralType == TimeInterval {
    /// A stride of `timeInterval` seconds.
    init(_ timeInterval: TimeInterval)
}

extension SecondsStride {
    public init(integerLiteral value: TimeInterval) { self.init(value) }
    public init(floatLiteral value: TimeInterval) { self.init(value) }
    public init?<T: BinaryInteger>(exactly source: T) {
        guard let value = TimeInterval(exactly: source) else { return nil }
        self.init(value)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.magnitude < rhs.magnitude }
    public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude + rhs.magnitude) }
    public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude - rhs.magnitude) }
    public static func * (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude * rhs.magnitude) }
    public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
    public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
    public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }

    public static func seconds(_ s: Int) -> Self { Self(TimeInterval(s)) }
    public static func seconds(_ s: Double) -> Self { Self(s) }
    public static func milliseconds(_ ms: Int) -> Self { Self(TimeInterval(ms) / 1_000) }
    public static func microseconds(_ us: Int) -> Self { Self(TimeInterval(us) / 1_000_000) }
    public static func nanoseconds(_ ns: Int) -> Self { Self(TimeInterval(ns) / 1_000_000_000) }
}
