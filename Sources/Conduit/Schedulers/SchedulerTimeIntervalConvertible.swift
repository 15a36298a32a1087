/// A protocol that provides a scheduler with an expression for relative time.
public protocol SchedulerTimeIntervalConvertible {
    /// A time interval of whole seconds.
    ///
    /// - Parameter s: The number of seconds.
    /// - Returns: The interval.
    static func seconds(_ s: Int) -> Self
    /// A time interval of seconds, with their fraction.
    ///
    /// - Parameter s: The number of seconds.
    /// - Returns: The interval.
    static func seconds(_ s: Double) -> Self
    /// A time interval of milliseconds.
    ///
    /// - Parameter ms: The number of milliseconds.
    /// - Returns: The interval.
    static func milliseconds(_ ms: Int) -> Self
    /// A time interval of microseconds.
    ///
    /// - Parameter us: The number of microseconds.
    /// - Returns: The interval.
    static func microseconds(_ us: Int) -> Self
    /// A time interval of nanoseconds.
    ///
    /// - Parameter ns: The number of nanoseconds.
    /// - Returns: The interval.
    static func nanoseconds(_ ns: Int) -> Self
}
