extension Publishers {
    /// A publisher that omits a specified number of elements before republishing later elements.
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The number of elements the operator counts off.
        public let count: Int

        /// Creates a `Publishers.Drop` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - count: The number of elements the operator counts off.
        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }

        /// A negative count traps here, when subscribed, as in Combine (not when the publisher is made).
        ///
        /// - Parameter subscriber: The subscriber to attach.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            precondition(count >= 0, "count must not be negative")
            let drop = DropSubscription(downstream: subscriber, count: count)
            subscriber.receive(subscription: drop)
            upstream.subscribe(drop)
        }
    }
}

extension Publisher {
    /// Omits the specified number of elements before republishing subsequent elements.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher
    ///     .dropFirst()
    ///     .sink { print($0) }
    /// // Prints "2", "3".
    /// ```
    ///
    /// - Parameter count: How many elements to leave out; 1 if not given.
    /// - Returns: A publisher that republishes the elements after the first `count`.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }
}

/// The subscriber and subscription of `dropFirst(_:)`, with Combine's demand: the downstream gets
/// its subscription before the upstream is subscribed; what it asks for until the upstream's
/// subscription comes is kept, and the upstream is then asked for that plus the number of
/// elements to drop, in one request (so `dropFirst(2)` under a demand of 42 asks for 44). Dropped
/// elements need no new request; later requests go straight to the upstream. As in Combine, a
/// value or a completion that comes before the upstream's subscription still goes downstream.
@usableFromInline
internal final class DropSubscription<Downstream: Subscriber>:
    OperatorSubscription<Downstream.Input, Downstream.Failure, Downstream>, @unchecked Sendable
{
    /// Demand asked for while there is no upstream subscription; under `lock`.
    @usableFromInline
    @exclusivity(unchecked) var pendingDemand = Subscribers.Demand.none
    /// Elements still to drop; only the upstream's (serial) events touch it.
    @usableFromInline
    @exclusivity(unchecked) var remaining: Int

    @inlinable
    init(downstream: Downstream, count: Int) {
        remaining = count
        super.init(downstream: downstream, name: "Drop", passesEarlyCompletion: true, mapFailure: { $0 })
    }

    /// The downstream has its subscription already: the upstream is asked for the demand kept.
    @usableFromInline
    override func subscribed(_ subscription: Subscription, downstream: Downstream) {
        let demand: Subscribers.Demand = lock.withLock {
            defer { pendingDemand = .none }
            return pendingDemand + remaining
        }
        if demand > 0 { subscription.request(demand) }
    }

    @inlinable
    override func receive(_ input: Downstream.Input) -> Subscribers.Demand {
        if remaining > 0 {
            remaining -= 1
            return .none
        }
        return lock.withLock { downstream }?.receive(input) ?? .none
    }

    /// As in Combine, every completion goes downstream (a misbehaving upstream's second one too);
    /// the upstream's subscription is let go, so later requests go nowhere.
    @usableFromInline
    override func receive(completion: Subscribers.Completion<Downstream.Failure>) {
        let downstream: Downstream? = lock.withLock {
            upstream = .terminal
            return self.downstream
        }
        downstream?.receive(completion: completion)
    }

    @usableFromInline
    override func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else {
            APIViolation.report(.zeroDemand)
            return
        }
        lock.lock()
        if case .awaitingSubscription = upstream {
            if downstream != nil { pendingDemand += demand }
            lock.unlock()
            return
        }
        let subscription = upstream.subscription
        lock.unlock()
        subscription?.request(demand)
    }
}
