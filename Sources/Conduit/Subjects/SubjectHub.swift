/// The state both subjects share: the conduits of their subscribers, their completion, and the
/// upstream subscriptions handed to them with `send(subscription:)`.
///
/// Its delivery path is `@inlinable` so that a client's `send` is specialised for its value and
/// subscriber types: each subscriber is reached through a closure made where its type is known,
/// not through a generic class's (unspecialised) method.
@usableFromInline
internal final class SubjectHub<Output, Failure: Error>: @unchecked Sendable {
    /// One subscriber: its conduit (for completion and detaching) and a closure that offers it a
    /// value, specialised for its subscriber type.
    @usableFromInline
    internal struct Entry {
        @usableFromInline let conduit: SubjectConduit<Output, Failure>
        @usableFromInline let offer: (Output, UInt64) -> Void

        @inlinable
        init(conduit: SubjectConduit<Output, Failure>, offer: @escaping (Output, UInt64) -> Void) {
            self.conduit = conduit
            self.offer = offer
        }
    }

    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var entries: [Entry] = []
    @usableFromInline @exclusivity(unchecked) var completion: Subscribers.Completion<Failure>?
    private var upstreams: [Subscription] = []
    @usableFromInline let name: String

    @usableFromInline
    init(name: String) {
        self.name = name
    }

    deinit {
        for upstream in upstreams {
            upstream.cancel()
        }
    }

    @inlinable
    var isCompleted: Bool {
        lock.withLock { completion != nil }
    }

    /// Offers the value to every current subscriber; the conduits enforce each one's demand.
    @inlinable
    func broadcast(_ value: Output, generation: UInt64) {
        lock.lock()
        guard completion == nil else {
            lock.unlock()
            return
        }
        let receivers = entries
        lock.unlock()
        for entry in receivers {
            entry.offer(value, generation)
        }
    }

    /// Completes the subject once: current subscribers receive the completion, later ones at once.
    @usableFromInline
    func complete(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard self.completion == nil else {
            lock.unlock()
            return
        }
        self.completion = completion
        let receivers = entries
        entries = []
        lock.unlock()
        for entry in receivers {
            entry.conduit.finish(completion)
        }
    }

    /// Keeps an upstream subscription and asks it for everything.
    @usableFromInline
    func adopt(_ subscription: Subscription) {
        lock.withLock { upstreams.append(subscription) }
        subscription.request(.unlimited)
    }

    /// Attaches a subscriber, or completes it at once if the subject has completed.
    @inlinable
    func attach<S: Subscriber>(_ subscriber: S, current: (() -> (Output, UInt64))?)
        where S.Input == Output, S.Failure == Failure
    {
        lock.lock()
        if let completion {
            lock.unlock()
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        let conduit = SubjectConduitTo(downstream: subscriber, hub: self, current: current)
        entries.append(Entry(conduit: conduit) { conduit.offer($0, generation: $1) })
        lock.unlock()
        subscriber.receive(subscription: conduit)
    }

    /// Forgets a cancelled subscriber. A plain loop rather than `firstIndex(where:)`: this runs
    /// unspecialised (reached through `Subscription.cancel`), where the generic algorithm measured
    /// several times slower. It searches from the oldest subscriber, the usual order of teardown.
    @usableFromInline
    func detach(_ conduit: SubjectConduit<Output, Failure>) {
        lock.lock()
        var index = 0
        let count = entries.count
        while index < count {
            if entries[index].conduit === conduit {
                entries.remove(at: index)
                break
            }
            index += 1
        }
        lock.unlock()
    }
}
