/// A protocol that defines when and how to execute a closure.
///
/// Time operators (`debounce`, `throttle`, `delay`, `receive(on:)` ...) take a scheduler, so the
/// same pipeline runs on a dispatch queue in an app and on a `VirtualTimeScheduler` in a test.
public protocol Scheduler<SchedulerTimeType> {
    /// Describes an instant in time for this scheduler.
    associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
    /// A type that defines options accepted by the scheduler.
    associatedtype SchedulerOptions

    /// This scheduler's definition of the current moment in time.
    var now: SchedulerTimeType { get }
    /// The minimum tolerance allowed by the scheduler.
    var minimumTolerance: SchedulerTimeType.Stride { get }

    /// Performs the action at the next possible opportunity.
    ///
    /// - Parameters:
    ///   - options: The scheduler's options for the action; `nil` for its defaults.
    ///   - action: The work to run.
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
    /// Performs the action at some time after the specified date.
    ///
    /// - Parameters:
    ///   - date: When to run it.
    ///   - tolerance: How late it may run.
    ///   - options: The scheduler's options for the action; `nil` for its defaults.
    ///   - action: The work to run.
    func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    )
    /// Performs the action at some time after the specified date, at the specified frequency,
    /// until the returned cancellable is cancelled.
    ///
    /// - Parameters:
    ///   - date: When to run it first.
    ///   - interval: The time between two runs.
    ///   - tolerance: How late each run may be.
    ///   - options: The scheduler's options for the action; `nil` for its defaults.
    ///   - action: The work to run.
    /// - Returns: A cancellable that stops the repetition.
    func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable
}

extension Scheduler {
    /// Runs an action as soon as possible, with no options.
    ///
    /// - Parameter action: The work to run.
    public func schedule(_ action: @escaping () -> Void) {
        schedule(options: nil, action)
    }

    /// Runs an action at a time of the scheduler's clock, with its least tolerance and no options.
    ///
    /// - Parameters:
    ///   - date: When to run it.
    ///   - action: The work to run.
    public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: minimumTolerance, options: nil, action)
    }

    /// Runs an action at a time of the scheduler's clock, within a tolerance, with no options.
    ///
    /// - Parameters:
    ///   - date: When to run it.
    ///   - tolerance: How late it may run.
    ///   - action: The work to run.
    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
        _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: tolerance, options: nil, action)
    }

    /// Runs an action at a time of the scheduler's clock and again every interval, until cancelled.
    ///
    /// - Parameters:
    ///   - date: When to run it first.
    ///   - interval: The time between two runs.
    ///   - action: The work to run.
    /// - Returns: A cancellable that stops the repetition.
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        schedule(after: date, interval: interval, tolerance: minimumTolerance, options: nil, action)
    }

    /// Runs an action at a time of the scheduler's clock and again every interval, within a tolerance,
    /// until cancelled.
    ///
    /// - Parameters:
    ///   - date: When to run it first.
    ///   - interval: The time between two runs.
    ///   - tolerance: How late each run may be.
    ///   - action: The work to run.
    /// - Returns: A cancellable that stops the repetition.
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
    }
}
