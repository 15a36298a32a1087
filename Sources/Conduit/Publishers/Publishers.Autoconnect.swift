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

        private enum Connection {
            case idle
            case connecting
            case connected(Cancellable)
        }

        private let lock = Lock()
        private var connection = Connection.idle
        private var subscribers = 0

        /// Creates a publisher that automatically connects to an upstream connectable publisher.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

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
        fileprivate func subscriberEnded() {
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
private final class AutoconnectSubscriber<Upstream: ConnectablePublisher, Downstream: Subscriber>: Subscriber,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
{
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let owner: Publishers.Autoconnect<Upstream>
    /// Let go when the subscriber cancels: the upstream subscription holds this subscriber, and the
    /// subscriber holds the subscription this hands it, so keeping either would be a cycle.
    private var downstream: Downstream?
    private let lock = Lock()
    private var upstream: Subscription?
    private var cancelled = false

    init(owner: Publishers.Autoconnect<Upstream>, downstream: Downstream) {
        self.owner = owner
        self.downstream = downstream
    }

    var description: String { "Autoconnect" }
    var customMirror: Mirror {
        // The subscriber itself, not an optional, as Combine shows it (absent once cancelled).
        guard let downstream = lock.withLock({ downstream }) else { return Mirror(self, children: ["parent": owner]) }
        return Mirror(self, children: ["parent": owner, "downstream": downstream])
    }
    var playgroundDescription: Any { description }

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

    func receive(_ input: Input) -> Subscribers.Demand {
        guard let downstream = lock.withLock({ downstream }) else { return .none }
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock { downstream }?.receive(completion: completion)
    }

    /// The subscriber cancelled: the first time, it no longer counts for the connection.
    fileprivate func subscriptionCancelled(_ subscription: Subscription) {
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
private struct AutoconnectSubscription<Upstream: ConnectablePublisher, Downstream: Subscriber>: Subscription,
    CustomStringConvertible, CustomPlaygroundDisplayConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
{
    let upstream: Subscription
    let owner: AutoconnectSubscriber<Upstream, Downstream>

    var combineIdentifier: CombineIdentifier { upstream.combineIdentifier }
    var description: String { String(describing: upstream) }

    var playgroundDescription: Any {
        (upstream as? CustomPlaygroundDisplayConvertible)?.playgroundDescription ?? description
    }

    func request(_ demand: Subscribers.Demand) {
        upstream.request(demand)
    }

    func cancel() {
        owner.subscriptionCancelled(upstream)
    }
}
