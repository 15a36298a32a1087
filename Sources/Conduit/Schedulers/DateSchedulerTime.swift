import Foundation

/// The arithmetic of a scheduler time that is a `Date` and moves in seconds, shared by the
/// `RunLoop` and `OperationQueue` schedulers, whose public `SchedulerTimeType`s stay distinct as in
/// Combine.
protocol DateSchedulerTime: Strideable where Stride: SecondsStride {
    /// The date this time represents.
    var date: Date { get }

    /// The time at `date`.
    init(_ date: Date)
}

extension DateSchedulerTime {
    public func distance(to other: Self) -> Stride {
        Stride(other.date.timeIntervalSince(date))
    }

    public func advanced(by n: Stride) -> Self {
        Self(date.addingTimeInterval(n.magnitude))
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.date < rhs.date
    }
}
