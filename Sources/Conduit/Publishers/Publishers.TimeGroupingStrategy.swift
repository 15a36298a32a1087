extension Publishers {
    /// A strategy for collecting received elements: by time, or by time or count, whichever
    /// comes first. `collect(_:options:)` takes one to decide when it sends what it gathered.
    public enum TimeGroupingStrategy<Context: Scheduler> {
        /// A grouping that collects and periodically publishes items.
        case byTime(Context, Context.SchedulerTimeType.Stride)
        /// A grouping that collects and publishes items periodically or when a buffer reaches a
        /// maximum size.
        case byTimeOrCount(Context, Context.SchedulerTimeType.Stride, Int)
    }
}
