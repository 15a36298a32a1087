extension Publishers {
    /// A publisher that terminates if the upstream publisher exceeds a specified time interval
    /// without producing an element: it finishes, or fails with `customError` if one is given.
    /// Values and the completion are delivered on the scheduler, as Combine's are.
    public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?
        public let customError: (() -> Upstream.Failure)?

        public init(
            upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?, customError: (() -> Publishers.Timeout<Upstream, Context>.Failure)?
        ) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.options = options
            self.customError = customError
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (scheduler, interval, options, customError) = (self.scheduler, self.interval, self.options, self.customError)
            let onScheduler = ScheduledRelay(downstream: subscriber, name: "Timeout") { action in
                scheduler.schedule(options: options, action)
            }
            let guardian = GuardedSubscriber<Output, Failure, ScheduledRelay<S>>(
                downstream: onScheduler, name: "Timeout", mapFailure: { $0 },
                wrapError: { $0 as! Failure }
            ) { .send($0) }
            let watch = TimeoutWatch(guardian: guardian)
            upstream.subscribe(TimeoutSubscriber(guardian: guardian, watch: watch) {
                let number = watch.restart()
                scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: scheduler.minimumTolerance, options: options) {
                    watch.expire(number, error: customError)
                }
            })
        }
    }
}

extension Publisher {
    /// Terminates publishing if the upstream publisher exceeds the specified time interval without
    /// producing an element.
    public func timeout<S: Scheduler>(
        _ interval: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil,
        customError: (() -> Failure)? = nil
    ) -> Publishers.Timeout<Self, S> {
        Publishers.Timeout(upstream: self, interval: interval, scheduler: scheduler, options: options, customError: customError)
    }
}

/// Numbers the timeout timers: only the newest one may end the stream.
private final class TimeoutWatch<Input, Failure: Error, Downstream: Subscriber>: @unchecked Sendable
    where Downstream.Input == Input, Downstream.Failure == Failure
{
    private let lock = Lock()
    private var generation = 0
    let guardian: GuardedSubscriber<Input, Failure, Downstream>

    init(guardian: GuardedSubscriber<Input, Failure, Downstream>) {
        self.guardian = guardian
    }

    func restart() -> Int {
        lock.withLock {
            generation += 1
            return generation
        }
    }

    func expire(_ number: Int, error: (() -> Failure)?) {
        guard lock.withLock({ generation == number }) else { return }
        guardian.expire(with: error.map { .failure($0()) } ?? .finished)
    }
}

/// Restarts the timer at subscription and at every value, then passes events to the guard.
private struct TimeoutSubscriber<Input, Failure: Error, Downstream: Subscriber>: Subscriber, CustomStringConvertible
    where Downstream.Input == Input, Downstream.Failure == Failure
{
    let guardian: GuardedSubscriber<Input, Failure, Downstream>
    let watch: TimeoutWatch<Input, Failure, Downstream>
    let restart: () -> Void
    let combineIdentifier = CombineIdentifier()

    init(guardian: GuardedSubscriber<Input, Failure, Downstream>, watch: TimeoutWatch<Input, Failure, Downstream>, restart: @escaping () -> Void) {
        self.guardian = guardian
        self.watch = watch
        self.restart = restart
    }

    var description: String { "Timeout" }

    func receive(subscription: Subscription) {
        guardian.receive(subscription: subscription)
        restart()
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        restart()
        return guardian.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guardian.receive(completion: completion)
    }
}
