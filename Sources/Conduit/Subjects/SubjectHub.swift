/// The state both subjects share: the conduits of their subscribers, their completion, and the
/// upstream subscriptions handed to them with `send(subscription:)`.
///
/// Its delivery path is `@inlinable` so that a client's `send` is specialised for its value type;
/// each subscriber is reached through its conduit's `port`, a closure made where the subscriber's
/// type is known. The subscribers are kept as `SubjectLink`s, an array type that is the same for
/// every subject, so `detach` (reached through `Subscription.cancel`, unspecialised) looks up no
/// generic metadata.
@usableFromInline
internal final class SubjectHub<Output, Failure: Error>: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var entries: [SubjectLink] = []
    @usableFromInline @exclusivity(unchecked) var completion: Subscribers.Completion<Failure>?
    private var upstreams: [Subscription] = []
    /// Whether upstream subscriptions are asked for everything as they come. A passthrough subject
    /// (as in Combine) waits until a subscriber first asks for values; a current-value subject
    /// asks at once, since it keeps the latest value even with nobody listening.
    private var upstreamsRequested: Bool
    @usableFromInline let name: String

    @usableFromInline
    init(name: String, pullsUpstreamAtOnce: Bool) {
        self.name = name
        self.upstreamsRequested = pullsUpstreamAtOnce
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
        SubjectHub.offer(value, generation: generation, to: receivers)
    }

    /// Offers `value` to every conduit in `receivers`, a snapshot of `entries` the caller holds.
    /// The snapshot keeps the conduits alive, so each is borrowed: its address is read from the
    /// array's storage instead of loading a strong reference, which would retain and release it
    /// around every delivery (two atomic operations per subscriber per value, ~10 ns here).
    @inlinable
    static func offer(_ value: Output, generation: UInt64, to receivers: [SubjectLink]) {
        receivers.withUnsafeBufferPointer { links in
            let addresses = UnsafeRawBufferPointer(links)
            for index in 0..<links.count {
                let address = addresses.load(
                    fromByteOffset: index &* MemoryLayout<SubjectLink>.stride, as: UnsafeRawPointer.self
                )
                Unmanaged<SubjectConduit<Output, Failure>>.fromOpaque(address)._withUnsafeGuaranteedRef {
                    $0.offer(value, generation: generation)
                }
            }
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
        for link in receivers {
            unsafeDowncast(link, to: SubjectConduit<Output, Failure>.self).finish(completion)
        }
    }

    /// Keeps an upstream subscription; asks it for everything once a subscriber wants values.
    @usableFromInline
    func adopt(_ subscription: Subscription) {
        let requestNow: Bool = lock.withLock {
            upstreams.append(subscription)
            return upstreamsRequested
        }
        if requestNow { subscription.request(.unlimited) }
    }

    /// A subscriber asked for values: the first time, every upstream subscription is asked for
    /// everything.
    @usableFromInline
    func downstreamDemanded() {
        let pending: [Subscription] = lock.withLock {
            guard !upstreamsRequested else { return [] }
            upstreamsRequested = true
            return upstreams
        }
        for upstream in pending {
            upstream.request(.unlimited)
        }
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
        let port = SubjectHub.port(for: subscriber)
        let conduit = if let current {
            CurrentValueConduit(hub: self, current: current, port: port)
        } else {
            SubjectConduit(hub: self, port: port)
        }
        entries.append(conduit)
        lock.unlock()
        subscriber.receive(subscription: conduit)
    }

    /// The closure through which a conduit reaches `subscriber`, made where its type is known.
    @inlinable
    static func port<S: Subscriber>(for subscriber: S) -> (SubjectEvent<Output, Failure>) -> Subscribers.Demand
        where S.Input == Output, S.Failure == Failure
    {
        { event in
            switch event {
            case .value(let value):
                return subscriber.receive(value)
            case .completion(let completion):
                subscriber.receive(completion: completion)
                return .none
            case .reveal(let box):
                box.subscriber = subscriber
                return .none
            }
        }
    }

    /// Forgets a cancelled subscriber. A plain loop rather than `firstIndex(where:)`: this runs
    /// unspecialised (reached through `Subscription.cancel`), where the generic algorithm measured
    /// several times slower. It searches from the oldest subscriber, the usual order of teardown.
    @usableFromInline
    func detach(_ conduit: SubjectLink) {
        lock.lock()
        var index = 0
        let count = entries.count
        while index < count {
            if entries[index] === conduit {
                entries.remove(at: index)
                break
            }
            index += 1
        }
        lock.unlock()
    }
}
