extension Publishers {
    /// A publisher that republishes elements from the upstream until a second publisher emits
    /// its first element, and then finishes.
    ///
    /// As in Combine: the second publisher is subscribed first and asked for one element; the
    /// downstream gets its subscription when the upstream's comes. The second publisher's element
    /// cancels the upstream and finishes the stream (even before the upstream's subscription
    /// came); the second publisher finishing or failing without an element changes nothing.
    public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher that this publisher receives elements from.
        public let upstream: Upstream
        /// Another publisher, whose first output causes this publisher to finish.
        public let other: Other

        /// Creates a publisher that republishes elements until another publisher emits an element.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - other: The publisher whose first element ends the republishing.
        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let prefix = PrefixUntilOutputSubscription<S, Other.Output, Other.Failure>(downstream: subscriber)
            other.subscribe(PrefixUntilOutputTerminator(owner: prefix))
            upstream.subscribe(prefix)
        }
    }
}

extension Publishers.PrefixUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

extension Publisher {
    /// Republishes elements until another publisher emits an element.
    ///
    /// ```swift
    /// let values = PassthroughSubject<Int, Never>()
    /// let stop = PassthroughSubject<Void, Never>()
    /// let cancellable = values
    ///     .prefix(untilOutputFrom: stop)
    ///     .sink { print($0) }
    /// values.send(1)
    /// stop.send()
    /// values.send(2)
    /// // Prints "1".
    /// ```
    ///
    /// - Parameter publisher: The publisher whose first element ends the stream.
    /// - Returns: A publisher that republishes the upstream's elements until `publisher` sends one, then finishes.
    public func prefix<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.PrefixUntilOutput<Self, P> {
        Publishers.PrefixUntilOutput(upstream: self, other: publisher)
    }
}

/// The subscription of `prefix(untilOutputFrom:)` and its upstream's subscriber.
///
/// Like Combine's, it has no description, mirror or playground description of its own; it writes
/// itself as "PrefixUntilOutput" (`print()` shows that name).
@usableFromInline
internal final class PrefixUntilOutputSubscription<Downstream: Subscriber, OtherOutput, OtherFailure: Error>:
    UntilOutputCore<Downstream>, Subscriber, Subscription, TextOutputStreamable, @unchecked Sendable
{
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline func write<Target: TextOutputStream>(to target: inout Target) {
        target.write("PrefixUntilOutput")
    }

    @usableFromInline func request(_ demand: Subscribers.Demand) {
        forwardRequest(demand)
    }

    @usableFromInline func cancel() {
        cancelBoth()
    }

    // MARK: Upstream events

    /// The first subscription goes to the downstream (with any demand asked for before it); one
    /// that comes after the end, or a second one, is cancelled.
    @usableFromInline func receive(subscription: Subscription) {
        lock.lock()
        guard !ended, case .awaiting = upstream, let downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = .live(subscription)
        lock.unlock()
        deliver(subscription: self, to: downstream)
        let early: Subscribers.Demand = lock.withLock {
            defer { pendingDemand = .none }
            return ended ? .none : pendingDemand
        }
        if early > 0 { subscription.request(early) }
    }

    /// A value before the subscription is ignored.
    @inlinable func receive(_ input: Input) -> Subscribers.Demand {
        upstreamIsLive ? deliver(input) : .none
    }

    /// Cancels the other publisher's subscription, then passes the completion on (if the
    /// downstream has its subscription: before it, Combine tells the downstream nothing).
    @usableFromInline func receive(completion: Subscribers.Completion<Failure>) {
        guard let (downstream, wasSubscribed) = endForUpstreamCompletion(), wasSubscribed else { return }
        deliver(completion, to: downstream)
    }

    // MARK: Other events

    /// Cancels the upstream and finishes; the other publisher's subscription is let go.
    @usableFromInline func otherSent() {
        lock.lock()
        guard !ended, otherIsLive, let downstream else {
            lock.unlock()
            return
        }
        ended = true
        self.downstream = nil
        other = .closed
        let upstream = close(&self.upstream)
        lock.unlock()
        upstream?.cancel()
        deliver(.finished, to: downstream)
    }

    /// The other publisher ended without a value: it is let go and the stream goes on.
    @usableFromInline func otherCompleted() {
        lock.withLock {
            if otherIsLive { other = .closed }
        }
    }
}

/// The subscriber of the other publisher; it shares the subscription's identity, as in Combine.
@usableFromInline
internal struct PrefixUntilOutputTerminator<Downstream: Subscriber, OtherOutput, OtherFailure: Error>: Subscriber {
    @usableFromInline typealias Input = OtherOutput
    @usableFromInline typealias Failure = OtherFailure

    @usableFromInline let owner: PrefixUntilOutputSubscription<Downstream, OtherOutput, OtherFailure>

    @inlinable init(owner: PrefixUntilOutputSubscription<Downstream, OtherOutput, OtherFailure>) { self.owner = owner }

    @usableFromInline var combineIdentifier: CombineIdentifier { owner.combineIdentifier }

    @usableFromInline func receive(subscription: Subscription) {
        owner.acceptOther(subscription)
    }

    @inlinable func receive(_ input: OtherOutput) -> Subscribers.Demand {
        owner.otherSent()
        return .none
    }

    @inlinable func receive(completion: Subscribers.Completion<OtherFailure>) {
        owner.otherCompleted()
    }
}
