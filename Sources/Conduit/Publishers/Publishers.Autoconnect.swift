extension Publishers {
    /// A publisher that automatically connects to an upstream connectable publisher.
    ///
    /// It calls `connect()` when the first subscriber attaches (after attaching it), and cancels
    /// the connection when every subscriber has cancelled; a later subscriber connects again.
    /// A subscriber that completed still counts until it cancels, as in Combine: the upstream has
    /// ended anyway, and a late subscriber gets what the ended upstream gives it.
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public final let upstream: Upstream

        @usableFromInline
        enum Connection {
            case idle
            case connecting
            case connected(Cancellable)
        }

        @usableFromInline let lock = Lock()
        @usableFromInline var connection = Connection.idle
        @usableFromInline var subscribers = 0

        /// Creates a publisher that automatically connects to an upstream connectable publisher.
        ///
        /// - Parameter upstream: The connectable publisher to connect on the first subscription.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let shouldConnect: Bool = lock.withLock {
                subscribers += 1
                guard case .idle = connection else { return false }
                connection = .connecting
                return true
            }
            upstream.subscribe(AutoconnectSubscriber(owner: self, downstream: subscriber))
            guard shouldConnect else { return }
            let cancellable = upstream.connect()
            let keep: Bool = lock.withLock {
                guard case .connecting = connection else { return false }
                connection = .connected(cancellable)
                return true
            }
            if !keep {
                cancellable.cancel()
            }
        }

        /// One subscriber cancelled; the last one ends the connection.
        @usableFromInline
        func subscriberEnded() {
            let toCancel: Cancellable? = lock.withLock {
                subscribers -= 1
                guard subscribers == 0 else { return nil }
                defer { connection = .idle }
                if case .connected(let cancellable) = connection { return cancellable }
                return nil
            }
            toCancel?.cancel()
        }
    }
}

/// Stands between an `Autoconnect` and one of its subscribers to learn when that subscriber
/// cancels. As in Combine, it hands events on unchanged, and the subscriber sees the upstream's own
/// subscription (its name and identity) through an `AutoconnectSubscription`.
@usableFromInline
internal final class AutoconnectSubscriber<Upstream: ConnectablePublisher, Downstream: Subscriber>: Subscriber,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
{
    @usableFromInline
    typealias Input = Upstream.Output
    @usableFromInline
    typealias Failure = Upstream.Failure

    @usableFromInline
    let owner: Publishers.Autoconnect<Upstream>
    /// Let go when the subscriber cancels: the upstream subscription holds this subscriber, and the
    /// subscriber holds the subscription this hands it, so keeping either would be a cycle.
    @usableFromInline
    @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline
    let lock = Lock()
    @usableFromInline
    @exclusivity(unchecked) var upstream: Subscription?
    @usableFromInline
    @exclusivity(unchecked) var cancelled = false

    @inlinable
    init(owner: Publishers.Autoconnect<Upstream>, downstream: Downstream) {
        self.owner = owner
        self.downstream = downstream
    }

    @usableFromInline
    var description: String { "Autoconnect" }
    @usableFromInline
    var customMirror: Mirror {
        // The subscriber itself, not an optional, as Combine shows it (absent once cancelled).
        guard let downstream = lock.withLock({ downstream }) else { return Mirror(self, children: ["parent": owner]) }
        return Mirror(self, children: ["parent": owner, "downstream": downstream])
    }
    @usableFromInline
    var playgroundDescription: Any { description }

    @usableFromInline
    func receive(subscription: Subscription) {
        lock.lock()
        guard upstream == nil, !cancelled, let downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        lock.unlock()
        downstream.receive(subscription: AutoconnectSubscription(upstream: subscription, owner: self))
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        guard let downstream = lock.withLock({ downstream }) else { return .none }
        return downstream.receive(input)
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock { downstream }?.receive(completion: completion)
    }

    /// The subscriber cancelled: the first time, it no longer counts for the connection.
    @usableFromInline
    func subscriptionCancelled(_ subscription: Subscription) {
        let first: Bool = lock.withLock {
            defer {
                cancelled = true
                upstream = nil
                downstream = nil
            }
            return !cancelled
        }
        subscription.cancel()
        if first {
            owner.subscriberEnded()
        }
    }
}

/// What a subscriber of an `Autoconnect` holds: the upstream subscription, under its own name and
/// identity, that also tells the `Autoconnect` when it is cancelled.
@usableFromInline
internal struct AutoconnectSubscription<Upstream: ConnectablePublisher, Downstream: Subscriber>: Subscription,
    CustomStringConvertible, CustomPlaygroundDisplayConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
{
    @usableFromInline
    let upstream: Subscription
    @usableFromInline
    let owner: AutoconnectSubscriber<Upstream, Downstream>

    @usableFromInline
    var combineIdentifier: CombineIdentifier { upstream.combineIdentifier }
    @usableFromInline
    var description: String { String(describing: upstream) }

    @usableFromInline
    var playgroundDescription: Any {
        (upstream as? CustomPlaygroundDisplayConvertible)?.playgroundDescription ?? description
    }

    @usableFromInline
    func request(_ demand: Subscribers.Demand) {
        upstream.request(demand)
    }

    @usableFromInline
    func cancel() {
        owner.subscriptionCancelled(upstream)
    }
}
