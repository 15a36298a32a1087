extension Publishers {
    /// A publisher that publishes elements only after a specified time interval elapses between events.
    ///
    /// A value still waiting when the upstream finishes is dropped; the completion goes out at once.
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// How long the upstream must stay quiet before the latest element goes on.
        public let dueTime: Context.SchedulerTimeType.Stride
        /// The scheduler the operator uses for its time and its deliveries.
        public let scheduler: Context
        /// The scheduler's options for the actions the operator schedules.
        public let options: Context.SchedulerOptions?

        /// Creates a `Publishers.Debounce` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - dueTime: How long the upstream must stay quiet before the latest element goes on.
        ///   - scheduler: The scheduler the operator uses for its time and its deliveries.
        ///   - options: The scheduler's options for the actions the operator schedules.
        public init(upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(RateLimiter(downstream: subscriber, mode: .debounce, interval: dueTime,
                scheduler: scheduler, options: options))
        }
    }
}

extension Publisher {
    /// Publishes elements only after a specified time interval elapses between events.
    ///
    /// ```swift
    /// let query = PassthroughSubject<String, Never>()
    /// let cancellable = query
    ///     .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
    ///     .sink { print($0) }
    /// query.send("s")
    /// query.send("sw")     // within 300 ms of "s"
    /// // 300 ms after "sw", prints "sw" (and never "s").
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How long the upstream must stay quiet before the latest element is sent.
    ///   - scheduler: The scheduler whose clock measures the time and on which the elements are delivered.
    ///   - options: The scheduler's options for the actions it schedules; `nil` if not given.
    /// - Returns: A publisher that sends an element only once `dueTime` has passed without a newer one.
    public func debounce<S: Scheduler>(
        for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
    ) -> Publishers.Debounce<Self, S> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }
}
