extension Publishers {
    /// A publisher that publishes elements only after a specified time interval elapses between events.
    ///
    /// A value still waiting when the upstream finishes is dropped; the completion goes out at once.
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let dueTime: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

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

    /// A publisher that publishes either the most-recent or first element published by the
    /// upstream publisher in a specified time interval.
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let latest: Bool

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
    /// Publishes elements only after a specified time interval elapses between events.
    public func debounce<S: Scheduler>(
        for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil
    ) -> Publishers.Debounce<Self, S> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }

    /// Publishes either the most-recent or first element published by the upstream publisher in
    /// the specified time interval. The first element goes out at once.
    public func throttle<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool
    ) -> Publishers.Throttle<Self, S> {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }

    /// Publishes the most-recent element of each interval. Combine requires `latest:`; the seed
    /// documents' search example (`$query.throttle(for: .milliseconds(300), scheduler:
    /// DispatchQueue.main)`) leaves it out, and means the latest query, so it runs as written.
    public func throttle<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, scheduler: S
    ) -> Publishers.Throttle<Self, S> {
        throttle(for: interval, scheduler: scheduler, latest: true)
    }
}
