extension Publishers {
    /// A publisher that measures and emits the time interval between events received from an
    /// upstream publisher (the first, since subscription).
    public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Context.SchedulerTimeType.Stride
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The scheduler the operator uses for its time and its deliveries.
        public let scheduler: Context

        /// Creates a `Publishers.MeasureInterval` from its parts; the operator that returns one is the usual way to
        /// make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - scheduler: The scheduler the operator uses for its time and its deliveries.
        public init(upstream: Upstream, scheduler: Context) {
            self.upstream = upstream
            self.scheduler = scheduler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(IntervalMeasurer<Upstream.Output, Failure, S, Context>(
                downstream: subscriber, scheduler: scheduler
            ))
        }
    }
}

extension Publisher {
    /// Measures and emits the time interval between events received from an upstream publisher.
    ///
    /// ```swift
    /// let taps = PassthroughSubject<Void, Never>()
    /// let cancellable = taps
    ///     .measureInterval(using: DispatchQueue.main)
    ///     .sink { print($0) }
    /// // Sends two taps half a second apart: prints the two intervals, from the subscription and
    /// // between the taps (about 0.5 seconds).
    /// ```
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler whose clock measures the time.
    ///   - options: The scheduler's options for the actions it schedules; `nil` if not given.
    /// - Returns: A publisher that sends, for each element, the time since the one before (or since the
    ///   subscription).
    public func measureInterval<S: Scheduler>(using scheduler: S,
        options: S.SchedulerOptions? = nil) -> Publishers.MeasureInterval<Self, S> {
        Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
    }
}

/// The subscriber and subscription of `measureInterval`: as in Combine, it reads the scheduler's
/// `now` when the subscription arrives and at each value, sends the time since the previous
/// reading, and requests the downstream's answer from the upstream (returning none itself). A
/// value or a completion before the subscription is ignored.
private final class IntervalMeasurer<Upstream, UpstreamFailure, Downstream: Subscriber, Context: Scheduler>:
    OperatorSubscription<Upstream, UpstreamFailure, Downstream>, @unchecked Sendable
    where Downstream.Input == Context.SchedulerTimeType.Stride, Downstream.Failure == UpstreamFailure
{
    /// The time of the subscription or of the last value; only the upstream's serial events touch it.
    private var last: Context.SchedulerTimeType?
    private let scheduler: Context

    init(downstream: Downstream, scheduler: Context) {
        self.scheduler = scheduler
        super.init(downstream: downstream, name: "MeasureInterval", passesEarlyCompletion: false, mapFailure: { $0 })
    }

    override func subscribed(_ subscription: Subscription, downstream: Downstream) {
        last = scheduler.now
        downstream.receive(subscription: self)
    }

    override func receive(_ input: Upstream) -> Subscribers.Demand {
        guard let downstream = subscribedDownstream, let previous = last else { return .none }
        let now = scheduler.now
        last = now
        let more = downstream.receive(previous.distance(to: now))
        if more > 0 { request(more) }
        return .none
    }
}
