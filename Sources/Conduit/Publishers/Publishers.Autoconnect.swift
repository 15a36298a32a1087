extension Publishers {
    /// A publisher that automatically connects to an upstream connectable publisher.
    ///
    /// It calls `connect()` when the first subscriber attaches (after attaching it), and cancels
    /// the connection when every subscriber has cancelled; a later subscriber connects again.
    /// Subscribers that completed do not disconnect it: the upstream has ended anyway.
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

        /// One subscriber ended; the last one to cancel ends the connection.
        fileprivate func subscriberEnded(cancelled: Bool) {
            let toCancel: Cancellable? = lock.withLock {
                subscribers -= 1
                guard subscribers == 0, cancelled else { return nil }
                defer { connection = .idle }
                if case .connected(let cancellable) = connection { return cancellable }
                return nil
            }
            toCancel?.cancel()
        }
    }
}

/// Stands between an `Autoconnect` and one of its subscribers to learn when that subscriber
/// cancels or completes.
private final class AutoconnectSubscriber<Upstream: ConnectablePublisher, Downstream: Subscriber>: Subscriber,
    Subscription, CustomStringConvertible, @unchecked Sendable
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
{
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let owner: Publishers.Autoconnect<Upstream>
    private let downstream: Downstream
    private let lock = Lock()
    private var state = SubscriberState.awaitingSubscription

    init(owner: Publishers.Autoconnect<Upstream>, downstream: Downstream) {
        self.owner = owner
        self.downstream = downstream
    }

    var description: String { "Autoconnect" }

    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription = state else {
            lock.unlock()
            subscription.cancel()
            return
        }
        state = .holding(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let wasLive: Bool = lock.withLock {
            guard case .subscribed = state else { return false }
            state = .terminal
            return true
        }
        if wasLive {
            owner.subscriberEnded(cancelled: false)
        }
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        let subscription = lock.withLock { state.subscription }
        subscription?.request(demand)
    }

    func cancel() {
        let (wasLive, subscription): (Bool, Subscription?) = lock.withLock {
            if case .terminal = state { return (false, nil) }
            defer { state = .terminal }
            return (true, state.subscription)
        }
        guard wasLive else { return }
        subscription?.cancel()
        owner.subscriberEnded(cancelled: true)
    }
}
