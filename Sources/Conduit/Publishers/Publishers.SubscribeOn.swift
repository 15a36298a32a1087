extension Publishers {
    /// A publisher that performs subscription, requests and cancellation on a scheduler.
    public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let link = SubscribeOnSubscriber(downstream: subscriber, scheduler: scheduler, options: options)
            let upstream = self.upstream
            scheduler.schedule(options: options) {
                upstream.subscribe(link)
            }
        }
    }
}

extension Publisher {
    /// Specifies the scheduler on which to perform subscribe, cancel, and request operations.
    public func subscribe<S: Scheduler>(on scheduler: S,
        options: S.SchedulerOptions? = nil) -> Publishers.SubscribeOn<Self, S> {
        Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
    }
}

/// Passes values through; the downstream's requests and cancel run on the scheduler.
private final class SubscribeOnSubscriber<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private var downstream: Downstream?
    private var upstream: Subscription?
    /// The downstream cancelled before the upstream's subscription came.
    private var cancelledWhileWaiting = false
    private let scheduler: Context
    private let options: Context.SchedulerOptions?

    init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
        self.downstream = downstream
        self.scheduler = scheduler
        self.options = options
    }

    var description: String { "SubscribeOn" }

    /// No children, as Combine's `subscribe(on:)` shows to reflection.
    var customMirror: Mirror { Mirror(self, children: [:]) }

    var playgroundDescription: Any { description }

    /// A second subscription (or one after a cancel) is cancelled, as in Combine; one that comes
    /// after the downstream cancelled while waiting for it is left alone.
    func receive(subscription: Subscription) {
        lock.lock()
        guard upstream == nil, let downstream else {
            let leaveAlone = cancelledWhileWaiting
            cancelledWhileWaiting = false
            lock.unlock()
            if !leaveAlone { subscription.cancel() }
            return
        }
        upstream = subscription
        lock.unlock()
        downstream.receive(subscription: self)
    }

    /// A value before the subscription is ignored, as in Combine.
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { upstream == nil ? nil : downstream }?.receive(input) ?? .none
    }

    /// A completion before the subscription is ignored, as in Combine. The upstream subscription
    /// is let go with the downstream: an upstream that keeps its subscriber after completing (as
    /// the playground's instrumented links do) would otherwise hold this in a cycle.
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

    /// A request made before a cancel still reaches the upstream, ahead of the cancel (both run
    /// on the scheduler, in order); one made after the cancel schedules nothing.
    func request(_ demand: Subscribers.Demand) {
        guard let upstream = lock.withLock({ downstream == nil ? nil : upstream }) else { return }
        scheduler.schedule(options: options) { upstream.request(demand) }
    }

    func cancel() {
        let upstream: Subscription? = lock.withLock {
            if self.upstream == nil, downstream != nil { cancelledWhileWaiting = true }
            defer {
                self.upstream = nil
                downstream = nil
            }
            return self.upstream
        }
        guard let upstream else { return }
        scheduler.schedule(options: options) { upstream.cancel() }
    }
}
