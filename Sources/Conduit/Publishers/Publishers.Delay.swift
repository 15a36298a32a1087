extension Publishers {
    /// A publisher that delays delivery of elements and completion to the downstream receiver.
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let tolerance: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(
            upstream: Upstream, interval: Context.SchedulerTimeType.Stride, tolerance: Context.SchedulerTimeType.Stride,
            scheduler: Context, options: Context.SchedulerOptions? = nil
        ) {
            self.upstream = upstream
            self.interval = interval
            self.tolerance = tolerance
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (scheduler, interval, tolerance, options) = (self.scheduler, self.interval, self.tolerance, self.options)
            upstream.subscribe(ScheduledRelay(downstream: subscriber, name: "Delay") { action in
                scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options, action)
            })
        }
    }
}

extension Publisher {
    /// Delays delivery of all output to the downstream receiver by a specified amount of time on a
    /// particular scheduler. Order is kept; the completion is delayed too.
    public func delay<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil,
        scheduler: S, options: S.SchedulerOptions? = nil
    ) -> Publishers.Delay<Self, S> {
        Publishers.Delay(
            upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance,
            scheduler: scheduler, options: options
        )
    }
}

/// Passes each value and the completion to the downstream through `defer`, which runs them later
/// (on a scheduler), in order; demand returned then goes to the upstream.
internal final class ScheduledRelay<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private var downstream: Downstream?
    private var upstream: Subscription?
    private let later: (@escaping () -> Void) -> Void
    let description: String

    init(downstream: Downstream, name: String, later: @escaping (@escaping () -> Void) -> Void) {
        self.downstream = downstream
        self.description = name
        self.later = later
    }

    func receive(subscription: Subscription) {
        lock.withLock { upstream = subscription }
        lock.withLock { downstream }?.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        later { [self] in
            guard let downstream = lock.withLock({ self.downstream }) else { return }
            let more = downstream.receive(input)
            if more > 0 { lock.withLock { upstream }?.request(more) }
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        later { [self] in
            let downstream: Downstream? = lock.withLock {
                defer {
                    self.downstream = nil
                    upstream = nil
                }
                return self.downstream
            }
            downstream?.receive(completion: completion)
        }
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { upstream }?.request(demand)
    }

    func cancel() {
        let upstream: Subscription? = lock.withLock {
            defer {
                self.upstream = nil
                downstream = nil
            }
            return self.upstream
        }
        upstream?.cancel()
    }
}
