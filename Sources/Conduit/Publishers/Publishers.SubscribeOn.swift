extension Publishers {
    /// A publisher that performs subscription, requests and cancellation on a scheduler.
    public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The scheduler the operator uses for its time and its deliveries.
        public let scheduler: Context
        /// The scheduler's options for the actions the operator schedules.
        public let options: Context.SchedulerOptions?

        /// Creates a `Publishers.SubscribeOn` from its parts; the operator that returns one is the usual way to make
        /// it.
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
    ///
    /// ```swift
    /// let cancellable = Deferred { Just(Thread.isMainThread) }
    ///     .subscribe(on: DispatchQueue.global())
    ///     .sink { print($0) }
    /// // Prints "false": the upstream was subscribed to, and ran, off the main thread.
    /// ```
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler on which to subscribe, request and cancel.
    ///   - options: The scheduler's options for the actions it schedules; `nil` if not given.
    /// - Returns: A publisher that makes its subscription, requests and cancellation on `scheduler`.
    public func subscribe<S: Scheduler>(on scheduler: S,
        options: S.SchedulerOptions? = nil) -> Publishers.SubscribeOn<Self, S> {
        Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
    }
}

/// Passes values through; the downstream's requests and cancel run on the scheduler.
@usableFromInline
internal final class SubscribeOnSubscriber<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
    /// The upstream's subscription, once it came.
    @usableFromInline @exclusivity(unchecked) var upstream = SubscriberState.awaitingSubscription
    /// The downstream cancelled before the upstream's subscription came.
    @usableFromInline @exclusivity(unchecked) var cancelledWhileWaiting = false
    @usableFromInline let scheduler: Context
    @usableFromInline let options: Context.SchedulerOptions?

    @inlinable
    init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
        self.downstream = downstream
        self.scheduler = scheduler
        self.options = options
    }

    @usableFromInline var description: String { "SubscribeOn" }

    /// No children, as Combine's `subscribe(on:)` shows to reflection.
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }

    @usableFromInline var playgroundDescription: Any { description }

    /// A second subscription (or one after a cancel) is cancelled, as in Combine; one that comes
    /// after the downstream cancelled while waiting for it is left alone.
    @usableFromInline
    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription = upstream, let downstream else {
            let leaveAlone = cancelledWhileWaiting
            cancelledWhileWaiting = false
            lock.unlock()
            if !leaveAlone { subscription.cancel() }
            return
        }
        upstream = .holding(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
    }

    /// A value before the subscription is ignored, as in Combine.
    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = upstream, let downstream else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        return downstream.receive(input)
    }

    /// A completion before the subscription is ignored, as in Combine. The upstream subscription
    /// is let go with the downstream: an upstream that keeps its subscriber after completing (as
    /// the playground's instrumented links do) would otherwise hold this in a cycle.
    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        let downstream: Downstream? = lock.withLock {
            guard case .subscribed = upstream else { return nil }
            defer {
                self.downstream = nil
                upstream = .terminal
            }
            return self.downstream
        }
        downstream?.receive(completion: completion)
    }

    /// A request made before a cancel still reaches the upstream, ahead of the cancel (both run
    /// on the scheduler, in order); one made after the cancel schedules nothing.
    @usableFromInline
    func request(_ demand: Subscribers.Demand) {
        guard let upstream = lock.withLock({ downstream == nil ? nil : upstream.subscription }) else { return }
        scheduler.schedule(options: options) { upstream.request(demand) }
    }

    @usableFromInline
    func cancel() {
        let upstream: Subscription? = lock.withLock {
            if case .awaitingSubscription = self.upstream, downstream != nil { cancelledWhileWaiting = true }
            defer {
                self.upstream = .terminal
                downstream = nil
            }
            return self.upstream.subscription
        }
        guard let upstream else { return }
        scheduler.schedule(options: options) { upstream.cancel() }
    }
}
