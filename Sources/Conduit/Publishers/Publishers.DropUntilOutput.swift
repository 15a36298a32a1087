extension Publishers {
    /// A publisher that ignores elements from the upstream publisher until it receives an element
    /// from a second publisher.
    ///
    /// As in Combine: the downstream gets its subscription first; the second publisher is then
    /// subscribed and asked for one element, and the upstream after it. Dropped elements answer no
    /// new demand. The second publisher completing before its element ends the stream (and cancels
    /// the upstream); after its element, its completion changes nothing.
    public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
        where Upstream.Failure == Other.Failure
    {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher that this publisher receives elements from.
        public let upstream: Upstream
        /// A publisher to monitor for its first emitted element.
        public let other: Other

        /// Creates a publisher that ignores elements from the upstream publisher until it receives
        /// an element from another publisher.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - other: The publisher whose first element starts the republishing.
        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let gate = DropUntilOutputGate<S, Other.Output>(downstream: subscriber)
            subscriber.receive(subscription: gate)
            other.subscribe(DropUntilOutputWatcher(gate: gate))
            upstream.subscribe(gate)
        }
    }
}

extension Publishers.DropUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

extension Publisher {
    /// Ignores elements from the upstream publisher until it receives an element from a second publisher.
    ///
    /// ```swift
    /// let values = PassthroughSubject<Int, Never>()
    /// let start = PassthroughSubject<Void, Never>()
    /// let cancellable = values
    ///     .drop(untilOutputFrom: start)
    ///     .sink { print($0) }
    /// values.send(1)
    /// start.send()
    /// values.send(2)
    /// // Prints "2".
    /// ```
    ///
    /// - Parameter publisher: The publisher whose first element opens the gate.
    /// - Returns: A publisher that leaves out the upstream's elements until `publisher` sends one, then republishes
    ///   them.
    public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P>
        where Failure == P.Failure
    {
        Publishers.DropUntilOutput(upstream: self, other: publisher)
    }
}

/// The subscription of `drop(untilOutputFrom:)` and its upstream's subscriber: closed until the
/// other publisher's first value, open after it.
@usableFromInline
internal final class DropUntilOutputGate<Downstream: Subscriber, OtherOutput>: UntilOutputCore<Downstream>,
    Subscriber, Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible,
    @unchecked Sendable
{
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    /// The other publisher has sent its value; read and written under `lock`.
    @usableFromInline @exclusivity(unchecked) var open = false
    /// The other publisher ended the stream before the upstream's subscription came: that
    /// subscription is still taken and asked for the demand kept for it, as in Combine.
    @usableFromInline @exclusivity(unchecked) var requestsLateUpstream = false

    @usableFromInline var description: String { "DropUntilOutput" }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
    @usableFromInline var playgroundDescription: Any { description }

    @usableFromInline func request(_ demand: Subscribers.Demand) {
        forwardRequest(demand)
    }

    @usableFromInline func cancel() {
        lock.withLock { requestsLateUpstream = false }
        cancelBoth()
    }

    // MARK: Upstream events

    @usableFromInline func receive(subscription: Subscription) {
        lock.lock()
        if case .awaiting = upstream, !ended {
            upstream = .live(subscription)
            let demand = pendingDemand
            pendingDemand = .none
            lock.unlock()
            if demand > 0 { subscription.request(demand) }
            return
        }
        guard requestsLateUpstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        // Kept (a cancel reaches it) and asked for the demand, though nothing it sends passes.
        requestsLateUpstream = false
        upstream = .live(subscription)
        let demand = pendingDemand
        pendingDemand = .none
        lock.unlock()
        if demand > 0 { subscription.request(demand) }
    }

    /// Before the other publisher's value, values are dropped without asking for more. As in
    /// Combine, a value before the subscription is an API violation.
    @inlinable func receive(_ input: Input) -> Subscribers.Demand {
        let passes: Bool = lock.withLock {
            guard !ended, open, case .live = upstream else { return false }
            return true
        }
        if passes { return deliver(input) }
        if cameBeforeSubscription() { APIViolation.report(.valueBeforeSubscription) }
        return .none
    }

    /// Whether a value that does not pass came before the upstream's subscription (the other
    /// publisher may have ended the stream before it came). Off the value path that passes.
    @usableFromInline func cameBeforeSubscription() -> Bool {
        lock.withLock {
            if requestsLateUpstream { return true }
            guard case .awaiting = upstream else { return false }
            return !ended
        }
    }

    /// Passes the completion on and cancels the other publisher's subscription.
    @usableFromInline func receive(completion: Subscribers.Completion<Failure>) {
        guard let (downstream, _) = endForUpstreamCompletion() else { return }
        deliver(completion, to: downstream)
    }

    // MARK: Other events

    /// Opens the gate; the other publisher's subscription is let go (not cancelled), so its
    /// subscriber may take a new one.
    @usableFromInline func otherSent() {
        lock.withLock {
            guard !ended, otherIsLive else { return }
            open = true
            other = .awaiting
        }
    }

    /// Before the gate opened, ends the stream with the same completion and cancels the upstream.
    @usableFromInline func otherCompleted(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !ended, !open, let downstream else {
            lock.unlock()
            return
        }
        ended = true
        self.downstream = nil
        other = .closed
        if case .awaiting = upstream { requestsLateUpstream = true }
        let upstream = close(&self.upstream)
        lock.unlock()
        upstream?.cancel()
        deliver(completion, to: downstream)
    }
}

/// The subscriber of the other publisher: it shares the gate's identity and names, as in Combine.
@usableFromInline
internal struct DropUntilOutputWatcher<Downstream: Subscriber, OtherOutput>: Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
{
    @usableFromInline typealias Input = OtherOutput
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let gate: DropUntilOutputGate<Downstream, OtherOutput>

    @inlinable init(gate: DropUntilOutputGate<Downstream, OtherOutput>) { self.gate = gate }

    @usableFromInline var combineIdentifier: CombineIdentifier { gate.combineIdentifier }
    @usableFromInline var description: String { gate.description }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
    @usableFromInline var playgroundDescription: Any { gate.description }

    @usableFromInline func receive(subscription: Subscription) {
        gate.acceptOther(subscription)
    }

    @inlinable func receive(_ input: OtherOutput) -> Subscribers.Demand {
        gate.otherSent()
        return .none
    }

    @inlinable func receive(completion: Subscribers.Completion<Downstream.Failure>) {
        gate.otherCompleted(completion)
    }
}
