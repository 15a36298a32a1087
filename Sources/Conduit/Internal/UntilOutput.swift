/// What `drop(untilOutputFrom:)` and `prefix(untilOutputFrom:)` share: one object that is the
/// upstream's subscriber, the downstream's subscription and, through a small subscriber of its
/// own, the watcher of a second ("other") publisher, whose first value opens or closes the stream.
///
/// It keeps both subscriptions, the demand asked for before the upstream's subscription came, and
/// whether the stream has ended (a completion went out or the downstream cancelled). Subclasses
/// say what each event does. No state lock is held while a subscriber or subscription runs;
/// deliveries downstream are serialised by a lock its holder may take again, so a value from the
/// other publisher on another thread waits for the delivery in progress, while one sent from
/// inside the downstream is handled at once.
@usableFromInline
internal class UntilOutputCore<Downstream: Subscriber>: @unchecked Sendable {
    /// Where the core stands with one of its two publishers.
    @usableFromInline enum Link {
        case awaiting
        case live(Subscription)
        /// Gone for good: a subscription that comes now is cancelled.
        case closed
    }

    @usableFromInline final let lock = Lock()
    @usableFromInline let delivery = ReentrantLock()
    /// Present until the stream ends.
    @usableFromInline @exclusivity(unchecked) final var downstream: Downstream?
    @usableFromInline @exclusivity(unchecked) final var upstream = Link.awaiting
    @usableFromInline @exclusivity(unchecked) final var other = Link.awaiting
    /// Asked for while the upstream's subscription had not come.
    @usableFromInline @exclusivity(unchecked) final var pendingDemand = Subscribers.Demand.none
    @usableFromInline @exclusivity(unchecked) final var ended = false

    @inlinable init(downstream: Downstream) {
        self.downstream = downstream
    }

    /// Passes demand (a zero one too, as Combine does) to the upstream, or keeps it until the
    /// upstream's subscription comes.
    @usableFromInline final func forwardRequest(_ demand: Subscribers.Demand) {
        lock.lock()
        guard !ended else {
            lock.unlock()
            return
        }
        guard case .live(let subscription) = upstream else {
            pendingDemand += demand
            lock.unlock()
            return
        }
        lock.unlock()
        subscription.request(demand)
    }

    /// Ends the stream for the downstream's cancel: the upstream is cancelled first, then the other
    /// (either may still be held after a completion went out, as in Combine).
    @usableFromInline final func cancelBoth() {
        lock.lock()
        ended = true
        downstream = nil
        let upstream = close(&self.upstream)
        let other = close(&self.other)
        lock.unlock()
        upstream?.cancel()
        other?.cancel()
    }

    /// Takes the other publisher's subscription and asks it for one value, unless one is already
    /// held or the stream has ended (then it is cancelled).
    @usableFromInline final func acceptOther(_ subscription: Subscription) {
        lock.lock()
        guard !ended, case .awaiting = other else {
            lock.unlock()
            subscription.cancel()
            return
        }
        other = .live(subscription)
        lock.unlock()
        subscription.request(.max(1))
    }

    /// Marks the link closed under the lock; returns the subscription it held.
    @usableFromInline final func close(_ link: inout Link) -> Subscription? {
        defer { link = .closed }
        if case .live(let subscription) = link { return subscription }
        return nil
    }

    /// Ends the stream for the upstream's completion, cancelling the other publisher's subscription:
    /// the downstream to complete and whether the upstream's subscription had come, or nil if the
    /// stream had ended already.
    @usableFromInline final func endForUpstreamCompletion() -> (downstream: Downstream, wasSubscribed: Bool)? {
        lock.lock()
        var wasSubscribed = false
        if case .live = upstream { wasSubscribed = true }
        upstream = .closed
        guard !ended, let downstream else {
            lock.unlock()
            return nil
        }
        ended = true
        self.downstream = nil
        let other = close(&self.other)
        lock.unlock()
        other?.cancel()
        return (downstream, wasSubscribed)
    }

    /// Whether values from the upstream may pass: its subscription is held and the stream goes on.
    @inlinable final var upstreamIsLive: Bool {
        lock.withLock {
            guard !ended, case .live = upstream else { return false }
            return true
        }
    }

    /// Whether the other publisher's subscription has come (and not gone).
    @usableFromInline final var otherIsLive: Bool {
        if case .live = other { return true }
        return false
    }

    /// Sends a value downstream, unless the stream ended before its turn came.
    @inlinable final func deliver(_ value: Downstream.Input) -> Subscribers.Demand {
        delivery.withLock(owner: self) {
            guard let downstream = lock.withLock({ self.downstream }) else { return .none }
            return downstream.receive(value)
        }
    }

    /// Sends the completion to a downstream the caller has taken from `downstream`.
    @inlinable final func deliver(_ completion: Subscribers.Completion<Downstream.Failure>, to downstream: Downstream) {
        delivery.withLock(owner: self) {
            downstream.receive(completion: completion)
        }
    }

    /// Hands the downstream its subscription, in turn with other deliveries.
    @inlinable final func deliver(subscription: Subscription, to downstream: Downstream) {
        delivery.withLock(owner: self) {
            downstream.receive(subscription: subscription)
        }
    }
}
