import DequeModule

extension Publishers {
    /// A publisher that delays delivery of elements and completion to the downstream receiver.
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The interval the operator measures.
        public let interval: Context.SchedulerTimeType.Stride
        /// How late the scheduler may run a delivery.
        public let tolerance: Context.SchedulerTimeType.Stride
        /// The scheduler the operator uses for its time and its deliveries.
        public let scheduler: Context
        /// The scheduler's options for the actions the operator schedules.
        public let options: Context.SchedulerOptions?

        /// Creates a `Publishers.Delay` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - interval: The interval the operator measures.
        ///   - tolerance: How late the scheduler may run a delivery.
        ///   - scheduler: The scheduler the operator uses for its time and its deliveries.
        ///   - options: The scheduler's options for the actions the operator schedules.
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

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (scheduler, interval, tolerance, options) = (self.scheduler, self.interval, self.tolerance,
                self.options)
            upstream.subscribe(ScheduledRelay(downstream: subscriber, name: "Delay") { action in
                scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options,
                    action)
            })
        }
    }
}

extension Publisher {
    /// Delays delivery of all output to the downstream receiver by a specified amount of time on a
    /// particular scheduler. Order is kept; the completion is delayed too.
    ///
    /// ```swift
    /// let cancellable = Just("ready")
    ///     .delay(for: .seconds(1), scheduler: DispatchQueue.main)
    ///     .sink { print($0) }
    /// // Prints "ready" a second after subscribing.
    /// ```
    ///
    /// - Parameters:
    ///   - interval: How long to hold each element and the completion.
    ///   - tolerance: How late the scheduler may run the delivery; its `minimumTolerance` if not given.
    ///   - scheduler: The scheduler whose clock measures the time and on which the elements are delivered.
    ///   - options: The scheduler's options for the actions it schedules; `nil` if not given.
    /// - Returns: A publisher that republishes each element and the completion `interval` later, on `scheduler`.
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

/// Passes each value and the completion to the downstream through `later`, which runs them on a
/// scheduler; demand returned then goes to the upstream.
///
/// Each event is queued and one action is scheduled per event; an action delivers the oldest
/// queued event holding `delivery`. On a concurrent scheduler (a concurrent dispatch queue, the
/// global queues) two actions can run at once: the second waits for the first, so the downstream
/// gets one call at a time, in the order the events arrived, and the completion last. An action
/// run from inside the downstream (a synchronous scheduler such as `ImmediateScheduler`) delivers
/// at once, as a subject does for a send made from inside its subscriber.
@usableFromInline
internal final class ScheduledRelay<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    @usableFromInline
    typealias Input = Downstream.Input
    @usableFromInline
    typealias Failure = Downstream.Failure

    @usableFromInline
    enum Event {
        case value(Input)
        case completion(Subscribers.Completion<Failure>)
    }

    @usableFromInline
    let lock = Lock()
    /// Held while an action calls the downstream; the thread holding it may take it again.
    @usableFromInline
    let delivery = ReentrantLock()
    @usableFromInline
    @exclusivity(unchecked) var downstream: Downstream?
    /// The upstream's subscription, once it came.
    @usableFromInline
    @exclusivity(unchecked) var upstream = SubscriberState.awaitingSubscription
    /// The downstream cancelled before the upstream's subscription came.
    @usableFromInline
    @exclusivity(unchecked) var cancelledWhileWaiting = false
    /// Events waiting for their scheduled action, oldest first.
    @usableFromInline
    @exclusivity(unchecked) var pending = Deque<Event>()
    /// The upstream's completion is queued: what the upstream sends after it is ignored.
    @usableFromInline
    @exclusivity(unchecked) var upstreamCompleted = false
    @usableFromInline
    let later: (@escaping () -> Void) -> Void
    @usableFromInline
    let description: String

    @inlinable
    init(downstream: Downstream, name: String, later: @escaping (@escaping () -> Void) -> Void) {
        self.downstream = downstream
        self.description = name
        self.later = later
    }

    /// No children, as Combine's `receive(on:)` shows to reflection.
    @usableFromInline
    var customMirror: Mirror { Mirror(self, children: [:]) }

    @usableFromInline
    var playgroundDescription: Any { description }

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

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        schedule(.value(input))
        return .none
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        schedule(.completion(completion))
    }

    @usableFromInline
    func request(_ demand: Subscribers.Demand) {
        lock.withLock { upstream.subscription }?.request(demand)
    }

    @usableFromInline
    func cancel() {
        let upstream: Subscription? = lock.withLock {
            if case .awaitingSubscription = self.upstream, downstream != nil { cancelledWhileWaiting = true }
            defer {
                self.upstream = .terminal
                downstream = nil
                pending.removeAll()
            }
            return self.upstream.subscription
        }
        upstream?.cancel()
    }

    /// Queues an event and schedules its delivery; an event before the subscription, after the
    /// completion or after a cancel is ignored, as in Combine.
    @inlinable
    func schedule(_ event: Event) {
        let accepted: Bool = lock.withLock {
            guard downstream != nil, case .subscribed = upstream, !upstreamCompleted else { return false }
            if case .completion = event { upstreamCompleted = true }
            pending.append(event)
            return true
        }
        if accepted {
            later { [self] in deliverOldest() }
        }
    }

    /// Runs once per scheduled action: delivers the oldest queued event.
    @inlinable
    func deliverOldest() {
        delivery.withLock(owner: self) {
            let next: (Downstream, Event)? = lock.withLock {
                guard let downstream, let event = pending.popFirst() else { return nil }
                if case .completion = event {
                    self.downstream = nil
                    upstream = .terminal
                    pending.removeAll()
                }
                return (downstream, event)
            }
            guard let (downstream, event) = next else { return }
            switch event {
            case .value(let input):
                let more = downstream.receive(input)
                if more > 0 { lock.withLock { upstream.subscription }?.request(more) }
            case .completion(let completion):
                downstream.receive(completion: completion)
            }
        }
    }
}
