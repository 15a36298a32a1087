extension Publishers {
    /// A publisher that delivers elements and the completion to its downstream on a scheduler,
    /// in the order they arrived.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The scheduler the operator uses for its time and its deliveries.
        public let scheduler: Context
        /// The scheduler's options for the actions the operator schedules.
        public let options: Context.SchedulerOptions?

        /// Creates a `Publishers.ReceiveOn` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - scheduler: The scheduler the operator uses for its time and its deliveries.
        ///   - options: The scheduler's options for the actions the operator schedules.
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (scheduler, options) = (self.scheduler, self.options)
            upstream.subscribe(ScheduledRelay(downstream: subscriber, name: "ReceiveOn") { action in
                scheduler.schedule(options: options, action)
            })
        }
    }
}

extension Publisher {
    /// Specifies the scheduler on which to receive elements from the publisher.
    ///
    /// Deliveries into the subscriber still come one at a time and in order, also on a concurrent queue.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher
    ///     .receive(on: DispatchQueue.main)
    ///     .sink { print($0, Thread.isMainThread) }
    /// // Prints "1 true", "2 true", "3 true" once the main queue runs.
    /// ```
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler on which to deliver elements and the completion.
    ///   - options: The scheduler's options for the actions it schedules; `nil` if not given.
    /// - Returns: A publisher that delivers the upstream's elements and completion on `scheduler`.
    public func receive<S: Scheduler>(on scheduler: S,
        options: S.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self, S> {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }
}
