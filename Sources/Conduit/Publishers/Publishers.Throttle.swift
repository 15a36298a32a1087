extension Publishers {
    /// A publisher that publishes either the most-recent or first element published by the
    /// upstream publisher in a specified time interval.
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The interval the operator measures.
        public let interval: Context.SchedulerTimeType.Stride
        /// The scheduler the operator uses for its time and its deliveries.
        public let scheduler: Context
        /// Whether to send the latest element of an interval (`true`) or the first (`false`).
        public let latest: Bool

        /// Creates a `Publishers.Throttle` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - interval: The interval the operator measures.
        ///   - scheduler: The scheduler the operator uses for its time and its deliveries.
        ///   - latest: Whether to send the latest element of an interval (`true`) or the first (`false`).
        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(RateLimiter(downstream: subscriber, mode: .throttle(latest: latest), interval: interval,
                scheduler: scheduler, options: nil))
        }
    }
}

extension Publisher {
    /// Publishes either the most-recent or first element published by the upstream publisher in
    /// the specified time interval. The first element goes out at once.
    ///
    /// ```swift
    /// let taps = PassthroughSubject<Int, Never>()
    /// let cancellable = taps
    ///     .throttle(for: .seconds(1), scheduler: DispatchQueue.main, latest: true)
    ///     .sink { print($0) }
    /// taps.send(1)
    /// taps.send(2)
    /// taps.send(3)     // all within the same second
    /// // Prints "1" at once, then "3" when the second is over.
    /// ```
    ///
    /// - Parameters:
    ///   - interval: The interval in which at most one element is sent.
    ///   - scheduler: The scheduler whose clock measures the time and on which the elements are delivered.
    ///   - latest: Whether to send the latest element of an interval (`true`) or the first (`false`).
    /// - Returns: A publisher that sends at most one element per `interval`.
    public func throttle<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool
    ) -> Publishers.Throttle<Self, S> {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }

    /// Publishes the most-recent element of each interval. Combine requires `latest:`; the seed
    /// documents' search example (`$query.throttle(for: .milliseconds(300), scheduler:
    /// DispatchQueue.main)`) leaves it out, and means the latest query, so it runs as written.
    ///
    /// Combine requires `latest:`; Conduit also accepts it left out, so examples that omit it build.
    ///
    /// ```swift
    /// let cancellable = taps
    ///     .throttle(for: .seconds(1), scheduler: DispatchQueue.main)
    ///     .sink { print($0) }
    /// // Sends 1, 2, 3 within a second: prints "1", then "3".
    /// ```
    ///
    /// - Parameters:
    ///   - interval: The interval in which at most one element is sent.
    ///   - scheduler: The scheduler whose clock measures the time and on which the elements are delivered.
    /// - Returns: A publisher that sends at most one element per `interval`, the latest.
    public func throttle<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, scheduler: S
    ) -> Publishers.Throttle<Self, S> {
        throttle(for: interval, scheduler: scheduler, latest: true)
    }
}
