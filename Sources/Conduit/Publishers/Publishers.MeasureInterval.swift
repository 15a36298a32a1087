extension Publishers {
    /// A publisher that measures and emits the time interval between events received from an
    /// upstream publisher (the first, since subscription).
    public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Context.SchedulerTimeType.Stride
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let scheduler: Context

        public init(upstream: Upstream, scheduler: Context) {
            self.upstream = upstream
            self.scheduler = scheduler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(IntervalMeasurer(downstream: subscriber, scheduler: scheduler))
        }
    }
}

extension Publisher {
    /// Measures and emits the time interval between events received from an upstream publisher.
    public func measureInterval<S: Scheduler>(using scheduler: S,
        options: S.SchedulerOptions? = nil) -> Publishers.MeasureInterval<Self, S> {
        Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
    }
}

/// The subscriber and subscription of `measureInterval`: as in Combine, it reads the scheduler's
/// `now` when the subscription arrives and at each value, sends the time since the previous
/// reading, and requests the downstream's answer from the upstream (returning none itself).
private final class IntervalMeasurer<Upstream, Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable
    where Downstream.Input == Context.SchedulerTimeType.Stride
{
    typealias Input = Upstream
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private var downstream: Downstream?
    private var upstream: Subscription?
    /// The time of the subscription or of the last value; only the upstream's serial events touch it.
    private var last: Context.SchedulerTimeType?
    private let scheduler: Context

    init(downstream: Downstream, scheduler: Context) {
        self.downstream = downstream
        self.scheduler = scheduler
    }

    var description: String { "MeasureInterval" }

    func receive(subscription: Subscription) {
        let downstream: Downstream? = lock.withLock {
            guard upstream == nil else { return nil }
            upstream = subscription
            return self.downstream
        }
        guard let downstream else {
            subscription.cancel()
            return
        }
        last = scheduler.now
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let live: (Downstream, Subscription)? = lock.withLock {
            guard let downstream, let upstream else { return nil }
            return (downstream, upstream)
        }
        guard let (downstream, upstream) = live, let previous = last else { return .none }
        let now = scheduler.now
        last = now
        let more = downstream.receive(previous.distance(to: now))
        if more > 0 { upstream.request(more) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let downstream: Downstream? = lock.withLock {
            guard upstream != nil else { return nil }
            defer {
                self.downstream = nil
                upstream = nil
            }
            return self.downstream
        }
        downstream?.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { downstream == nil ? nil : upstream }?.request(demand)
    }

    func cancel() {
        let upstream: Subscription? = lock.withLock {
            defer {
                self.upstream = nil
                downstream = nil
            }
            return downstream == nil ? nil : self.upstream
        }
        upstream?.cancel()
    }
}
