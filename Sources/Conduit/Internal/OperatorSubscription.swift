/// The object an operator with one upstream puts between it and the downstream: the upstream's
/// subscriber and the downstream's subscription at once (`dropFirst`, `drop(while:)`,
/// `collect(_:)`, `measureInterval`, `replaceEmpty(with:)`).
///
/// It keeps what all of them keep, under one lock: the upstream's subscription, the downstream,
/// and whether the stream has ended; and it makes the moves they all make, with Combine's
/// answers to a misbehaving upstream: a second subscription is cancelled, one that comes after
/// the downstream cancelled while waiting for it is left alone, requests go upstream, a cancel
/// cancels once, and the end lets go of both sides. A subclass says what a value (and, if it
/// differs, a subscription, a request or a completion) becomes. No lock is held while a
/// subscriber, a subscription or a closure runs.
@usableFromInline
internal class OperatorSubscription<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    @usableFromInline
    typealias Failure = UpstreamFailure

    @usableFromInline
    final let lock = Lock()
    /// Present until the stream ends; read and written under `lock`.
    @usableFromInline
    @exclusivity(unchecked) final var downstream: Downstream?
    /// The upstream's subscription; read and written under `lock`.
    @usableFromInline
    @exclusivity(unchecked) final var upstream = SubscriberState.awaitingSubscription
    /// The downstream cancelled before the upstream's subscription came.
    @usableFromInline
    @exclusivity(unchecked) final var cancelledWhileWaiting = false
    /// Whether a completion that comes before the subscription reaches the downstream.
    @usableFromInline
    let passesEarlyCompletion: Bool
    /// The upstream's failure as the downstream's (the identity but for the `try` operators).
    @usableFromInline
    let mapFailure: (UpstreamFailure) -> Downstream.Failure
    @usableFromInline
    final let description: String

    @inlinable
    init(
        downstream: Downstream, name: String, passesEarlyCompletion: Bool,
        mapFailure: @escaping (UpstreamFailure) -> Downstream.Failure
    ) {
        self.downstream = downstream
        self.description = name
        self.passesEarlyCompletion = passesEarlyCompletion
        self.mapFailure = mapFailure
    }

    /// No children, as Combine's `Drop`, `DropWhile` and `MeasureInterval` show to reflection.
    @usableFromInline
    var customMirror: Mirror { Mirror(self, children: [:]) }

    @usableFromInline
    var playgroundDescription: Any { description }

    // MARK: Upstream events

    @usableFromInline
    final func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription = upstream, let downstream else {
            let leaveAlone = cancelledWhileWaiting
            cancelledWhileWaiting = false
            lock.unlock()
            if leaveAlone { subscribedAfterCancel(subscription) } else { subscription.cancel() }
            return
        }
        upstream = .holding(subscription)
        lock.unlock()
        subscribed(subscription, downstream: downstream)
    }

    /// The upstream's subscription has come and is kept: by default the downstream gets this
    /// object as its subscription.
    @usableFromInline
    func subscribed(_ subscription: Subscription, downstream: Downstream) {
        downstream.receive(subscription: self)
    }

    /// The upstream's subscription came after the downstream cancelled while waiting for it: by
    /// default it is left alone, as Combine leaves it.
    @usableFromInline
    func subscribedAfterCancel(_ subscription: Subscription) {}

    /// What a value becomes; every subclass says.
    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        preconditionFailure("\(Self.self) does not say what a value becomes")
    }

    /// Passes the completion on, once.
    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        guard let downstream = end() else { return }
        downstream.receive(completion: completion.mapFailure(mapFailure))
    }

    // MARK: Downstream events

    @usableFromInline
    func request(_ demand: Subscribers.Demand) {
        lock.withLock { upstream.subscription }?.request(demand)
    }

    @usableFromInline
    final func cancel() {
        lock.lock()
        if case .awaitingSubscription = upstream, downstream != nil { cancelledWhileWaiting = true }
        let subscription = upstream.subscription
        upstream = .terminal
        downstream = nil
        lock.unlock()
        subscription?.cancel()
    }

    // MARK: For subclasses

    /// The downstream while the upstream's subscription is held (a value that comes without one
    /// is ignored).
    @inlinable
    final var subscribedDownstream: Downstream? {
        lock.withLock {
            guard case .subscribed = upstream else { return nil }
            return downstream
        }
    }

    /// Ends the stream for a completion: the downstream to send it to, or nil if it has ended
    /// already (or, unless early completions pass, if the subscription has not come).
    @usableFromInline
    final func end() -> Downstream? {
        lock.withLock {
            if case .awaitingSubscription = upstream, !passesEarlyCompletion { return nil }
            guard let downstream else { return nil }
            upstream = .terminal
            self.downstream = nil
            return downstream
        }
    }

    /// Ends the stream from inside (a closure threw): the upstream's subscription to cancel and
    /// the downstream to complete, or nil if the stream has ended already.
    @usableFromInline
    final func endEarly() -> (Subscription, Downstream)? {
        lock.withLock {
            guard let subscription = upstream.subscription, let downstream else { return nil }
            upstream = .terminal
            self.downstream = nil
            return (subscription, downstream)
        }
    }
}
