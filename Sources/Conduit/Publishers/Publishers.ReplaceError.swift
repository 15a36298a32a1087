extension Publishers {
    /// A publisher that replaces any error from the upstream publisher with a provided element.
    ///
    /// The element goes out once there is demand for it, then the stream finishes.
    public struct ReplaceError<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never

        /// The element the operator compares with or sends.
        public let output: Upstream.Output
        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// Creates a `Publishers.ReplaceError` from its parts; the operator that returns one is the usual way to make
        /// it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - output: The element the operator compares with or sends.
        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            let subscription = ReplaceErrorSubscription<Upstream.Failure, S>(
                downstream: subscriber, replacement: output)
            upstream.subscribe(subscription)
        }
    }
}

/// The subscriber of `replaceError`, and the downstream's subscription ("ReplaceError").
///
/// As in Combine, the downstream gets it when the upstream's subscription arrives, and what comes
/// before that is ignored. A failure becomes the replacement element and a finish, delivered at
/// once if the downstream has demand, else on its next request.
@usableFromInline
internal final class ReplaceErrorSubscription<UpstreamFailure: Error, Downstream: Subscriber>: Subscriber,
    Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible,
    @unchecked Sendable
    where Downstream.Failure == Never
{
    @usableFromInline
    typealias Input = Downstream.Input
    @usableFromInline
    typealias Failure = UpstreamFailure

    @usableFromInline
    let lock = Lock()
    @usableFromInline
    @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline
    @exclusivity(unchecked) var state = SubscriberState.awaitingSubscription
    @usableFromInline
    @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// The upstream failed while the downstream had no demand: the replacement waits for a request.
    @usableFromInline
    @exclusivity(unchecked) var replacementPending = false
    /// The downstream cancelled before the upstream's subscription came; Combine then leaves that
    /// subscription alone.
    @usableFromInline
    @exclusivity(unchecked) var cancelledWhileWaiting = false
    @usableFromInline
    let replacement: Downstream.Input

    @inlinable
    init(downstream: Downstream, replacement: Downstream.Input) {
        self.downstream = downstream
        self.replacement = replacement
    }

    @usableFromInline
    var description: String { "ReplaceError" }
    @usableFromInline
    var customMirror: Mirror { Mirror(self, children: [:]) }
    @usableFromInline
    var playgroundDescription: Any { description }

    @usableFromInline
    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription = state, let downstream else {
            let leaveAlone = cancelledWhileWaiting
            cancelledWhileWaiting = false
            lock.unlock()
            if !leaveAlone { subscription.cancel() }
            return
        }
        state = .holding(subscription)
        let demand = self.demand
        lock.unlock()
        if demand > 0 {
            subscription.request(demand)
        }
        downstream.receive(subscription: self)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = state, !replacementPending, let downstream else {
            lock.unlock()
            return .none
        }
        guard demand > 0 else {
            // Combine keeps count of the demand and traps on a value beyond it.
            lock.unlock()
            APIViolation.report(.valueWithoutDemand)
            return .none
        }
        demand -= 1
        lock.unlock()
        let more = downstream.receive(input)
        if more > 0 {
            lock.withLock { demand += more }
        }
        return more
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard case .subscribed = state, !replacementPending, let downstream else {
            lock.unlock()
            return
        }
        if case .failure = completion, demand == 0 {
            replacementPending = true
            lock.unlock()
            return
        }
        state = .terminal
        self.downstream = nil
        lock.unlock()
        if case .failure = completion {
            _ = downstream.receive(replacement)
        }
        downstream.receive(completion: .finished)
    }

    @usableFromInline
    func request(_ newDemand: Subscribers.Demand) {
        guard newDemand > 0 else {
            APIViolation.report(.zeroDemand)
            return
        }
        lock.lock()
        guard let downstream else {
            lock.unlock()
            return
        }
        if replacementPending {
            guard newDemand > 0 else {
                lock.unlock()
                return
            }
            state = .terminal
            self.downstream = nil
            lock.unlock()
            _ = downstream.receive(replacement)
            downstream.receive(completion: .finished)
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
            if case .awaitingSubscription = state, downstream != nil { cancelledWhileWaiting = true }
            // An upstream that already failed has ended: there is nothing left to cancel.
            return replacementPending ? nil : state.subscription
        }
        subscription?.cancel()
    }
}

extension Publisher {
    /// Replaces any errors in the stream with the provided element.
    ///
    /// ```swift
    /// enum LoadError: Error { case offline }
    /// let cancellable = Fail<Int, LoadError>(error: .offline)
    ///     .replaceError(with: 0)
    ///     .sink { print($0) }
    /// // Prints "0".
    /// ```
    ///
    /// - Parameter output: The element to send, before finishing, in place of a failure.
    /// - Returns: A publisher that cannot fail: it republishes the upstream's elements, and on failure sends
    ///   `output` and finishes.
    public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }
}
