extension Publishers {
    /// A publisher that emits a value if the upstream finishes without emitting any.
    public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The element the operator compares with or sends.
        public let output: Upstream.Output
        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// Creates a `Publishers.ReplaceEmpty` from its parts; the operator that returns one is the usual way to make
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
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(EmptyReplacingSubscription(downstream: subscriber, replacement: output))
        }
    }
}

extension Publisher {
    /// Replaces an empty stream with the provided element.
    ///
    /// ```swift
    /// let cancellable = Empty<Int, Never>()
    ///     .replaceEmpty(with: 0)
    ///     .sink { print($0) }
    /// // Prints "0".
    /// ```
    ///
    /// - Parameter output: The element to send when the upstream finishes having sent none.
    /// - Returns: A publisher that republishes the upstream's elements, or `output` if it finishes without any.
    public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
        Publishers.ReplaceEmpty(upstream: self, output: output)
    }
}

/// The subscription of `replaceEmpty(with:)` ("ReplaceEmpty"): passes everything through, and if the
/// upstream finishes having sent nothing, sends the replacement first (once there is demand for it).
///
/// As Combine does, it asks the upstream for everything once the downstream has its subscription
/// (passing the downstream's own requests on as well), and asks the same of a subscription that
/// comes after the downstream cancelled while waiting for it (what it then sends is ignored).
@usableFromInline
internal final class EmptyReplacingSubscription<Downstream: Subscriber>:
    OperatorSubscription<Downstream.Input, Downstream.Failure, Downstream>, @unchecked Sendable
{
    /// These are read and written under `lock`.
    @usableFromInline @exclusivity(unchecked) var sentAny = false
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// Finished empty, waiting for demand to send the replacement.
    @usableFromInline @exclusivity(unchecked) var owesReplacement = false
    @usableFromInline let replacement: Downstream.Input

    @inlinable
    init(downstream: Downstream, replacement: Downstream.Input) {
        self.replacement = replacement
        super.init(downstream: downstream, name: "ReplaceEmpty", passesEarlyCompletion: true, mapFailure: { $0 })
    }

    @usableFromInline
    override func subscribed(_ subscription: Subscription, downstream: Downstream) {
        downstream.receive(subscription: self)
        subscription.request(.unlimited)
    }

    @usableFromInline
    override func subscribedAfterCancel(_ subscription: Subscription) {
        subscription.request(.unlimited)
    }

    /// A value before the subscription is ignored, as in Combine.
    @inlinable
    override func receive(_ input: Downstream.Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = upstream, let target = downstream else {
            lock.unlock()
            return .none
        }
        sentAny = true
        if demand != .unlimited, demand > 0 { demand -= 1 }
        lock.unlock()
        let more = target.receive(input)
        if more > 0 { lock.withLock { demand += more } }
        return more
    }

    /// Keeps the upstream's subscription (a cancel still reaches it, as in Combine); an empty
    /// finish without demand waits for a request to send the replacement.
    @usableFromInline
    override func receive(completion: Subscribers.Completion<Downstream.Failure>) {
        lock.lock()
        guard let downstream else {
            lock.unlock()
            return
        }
        if case .finished = completion, !sentAny {
            guard demand > 0 else {
                owesReplacement = true
                lock.unlock()
                return
            }
            self.downstream = nil
            lock.unlock()
            _ = downstream.receive(replacement)
            downstream.receive(completion: .finished)
            return
        }
        self.downstream = nil
        lock.unlock()
        downstream.receive(completion: completion)
    }

    @usableFromInline
    override func request(_ newDemand: Subscribers.Demand) {
        guard newDemand > 0 else {
            APIViolation.report(.zeroDemand)
            return
        }
        lock.lock()
        demand += newDemand
        if owesReplacement, let downstream {
            self.downstream = nil
            owesReplacement = false
            lock.unlock()
            _ = downstream.receive(replacement)
            downstream.receive(completion: .finished)
            return
        }
        let subscription = downstream == nil ? nil : upstream.subscription
        lock.unlock()
        subscription?.request(newDemand)
    }
}
