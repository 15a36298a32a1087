extension Publishers {
    /// A publisher that attempts to recreate its subscription to a failed upstream publisher.
    ///
    /// After a failure it subscribes to the upstream again, up to `retries` times (without limit
    /// if `nil` or negative), keeping the downstream's outstanding demand; the last failure is passed on.
    public struct Retry<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The maximum number of retry attempts to perform; `nil` retries without limit.
        public let retries: Int?

        /// Creates a publisher that attempts to recreate its subscription to a failed upstream publisher.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - retries: How many times to subscribe again after a failure; `nil` for no limit.
        public init(upstream: Upstream, retries: Int?) {
            self.upstream = upstream
            self.retries = retries
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            RetrySubscription(upstream: upstream, downstream: subscriber, retries: retries).attempt()
        }
    }
}

/// The subscriber `Retry` attaches to each attempt, and the downstream's subscription ("Retry").
///
/// As in Combine, the downstream gets it when the first attempt's subscription arrives; the
/// demand the downstream answers a value with is requested from the current attempt (or from the
/// next one, if it comes while the upstream is being subscribed to again). An attempt that fails
/// while it is being subscribed to (a subject that has already failed) asks for the next attempt,
/// which then runs in a loop, not by recursion, so a large retry count cannot overflow the stack.
@usableFromInline
internal final class RetrySubscription<Upstream: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
{
    @usableFromInline typealias Input = Upstream.Output
    @usableFromInline typealias Failure = Upstream.Failure

    @usableFromInline let upstream: Upstream
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline @exclusivity(unchecked) var state = SubscriberState.awaitingSubscription
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// Attempts left; nil retries without limit (as does a negative count).
    @usableFromInline @exclusivity(unchecked) var remaining: Int?
    @usableFromInline @exclusivity(unchecked) var handedDown = false
    /// True while `attempt()` is subscribing; a failure meanwhile asks the loop for another round.
    @usableFromInline @exclusivity(unchecked) var subscribing = false
    @usableFromInline @exclusivity(unchecked) var again = false

    @inlinable
    init(upstream: Upstream, downstream: Downstream, retries: Int?) {
        self.upstream = upstream
        self.downstream = downstream
        remaining = retries.flatMap { $0 < 0 ? nil : $0 }
    }

    @usableFromInline var description: String { "Retry" }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
    @usableFromInline var playgroundDescription: Any { description }

    /// Subscribes to the upstream, again as long as attempts fail while being subscribed to.
    @inlinable
    func attempt() {
        repeat {
            lock.withLock {
                subscribing = true
                again = false
            }
            upstream.subscribe(self)
        } while lock.withLock({ () -> Bool in
            subscribing = false
            return again
        })
    }

    @usableFromInline
    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription = state, let downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        state = .holding(subscription)
        let first = !handedDown
        handedDown = true
        let demand = self.demand
        lock.unlock()
        if demand > 0 {
            subscription.request(demand)
        }
        if first {
            downstream.receive(subscription: self)
        }
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard let downstream, demand > 0 else {
            // As in Combine: a value before the first subscription, or one nobody asked for.
            let violation: APIViolation? = if self.downstream == nil {
                nil
            } else if case .awaitingSubscription = state, !handedDown {
                .valueBeforeSubscription
            } else {
                .valueWithoutDemand
            }
            lock.unlock()
            if let violation { APIViolation.report(violation) }
            return .none
        }
        demand -= 1
        lock.unlock()
        let more = downstream.receive(input)
        if more > 0 {
            let subscription: Subscription? = lock.withLock {
                demand += more
                return state.subscription
            }
            subscription?.request(more)
        }
        return .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard let downstream else {
            lock.unlock()
            return
        }
        if case .failure = completion, remaining.map({ $0 > 0 }) ?? true {
            remaining = remaining.map { $0 - 1 }
            state = .awaitingSubscription
            let loopRunning = subscribing
            again = subscribing
            lock.unlock()
            if !loopRunning { attempt() }
            return
        }
        state = .terminal
        self.downstream = nil
        lock.unlock()
        downstream.receive(completion: completion)
    }

    @usableFromInline
    func request(_ newDemand: Subscribers.Demand) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        demand += newDemand
        let subscription = state.subscription
        lock.unlock()
        subscription?.request(newDemand)
    }

    @usableFromInline
    func cancel() {
        let subscription: Subscription? = lock.withLock {
            defer {
                state = .terminal
                downstream = nil
            }
            return state.subscription
        }
        subscription?.cancel()
    }
}

extension Publishers.Retry: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Attempts to recreate a failed subscription with the upstream publisher up to the number of
    /// times you specify.
    ///
    /// ```swift
    /// enum LoadError: Error { case offline }
    /// var attempts = 0
    /// let cancellable = Deferred {
    ///     Future<Int, LoadError> { promise in
    ///         attempts += 1
    ///         promise(attempts < 3 ? .failure(.offline) : .success(attempts))
    ///     }
    /// }
    /// .retry(3)
    /// .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// // Prints "3": the first two attempts failed.
    /// ```
    ///
    /// - Parameter retries: How many times to subscribe again after a failure.
    /// - Returns: A publisher that subscribes to the upstream again on failure, up to `retries` times, and then
    ///   passes the failure on.
    public func retry(_ retries: Int) -> Publishers.Retry<Self> {
        Publishers.Retry(upstream: self, retries: retries)
    }
}
