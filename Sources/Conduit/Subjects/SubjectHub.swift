import Synchronization

/// The part of a subject's state that depends on no type: the lock, the subscribers' conduits,
/// and the upstream subscriptions handed to the subject with `send(subscription:)`. A conduit
/// reaches its subject through this class, so `detach` and `downstreamDemanded` (reached through
/// `Subscription.cancel` and `request`, unspecialised) look up no generic metadata.
///
/// A cancelled conduit is not searched for: `detach` marks it (its `hub` becomes `nil`) and
/// counts it, and the marked conduits are swept out together once they are half of `entries`.
/// Cancelling is constant time (amortised) however many subscribers there are, the order of the
/// others is kept, and a send offers a value to at most as many cancelled conduits as live ones
/// (each turns it away at once).
@usableFromInline
internal class SubjectRoster: @unchecked Sendable {
    /// Guards `entries`, the upstreams and the completion; taken as a plain lock (never while
    /// held, released before calling out), inline: one compare-and-swap and one exchange per
    /// send, where a pthread mutex cost about 50 instructions more.
    @usableFromInline final let lock = ReentrantLock()
    @usableFromInline @exclusivity(unchecked) final var entries: [SubjectLink] = []
    /// How many of `entries` are detached and wait for the next sweep.
    @exclusivity(unchecked) private final var detachedCount = 0
    @exclusivity(unchecked) private final var upstreams: [Subscription] = []
    /// Whether upstream subscriptions are asked for everything as they come. A passthrough subject
    /// (as in Combine) waits until a subscriber first asks for values; a current-value subject
    /// asks at once, since it keeps the latest value even with nobody listening.
    @exclusivity(unchecked) private final var upstreamsRequested: Bool
    /// `upstreamsRequested` once it is true, readable without the lock: a conduit's request checks
    /// it first and skips the lock (a compare-and-swap and an exchange) and the hub's retain.
    @usableFromInline final let upstreamsAsked: Atomic<Bool>

    /// The subject's name as its subscriptions show it ("PassthroughSubject", "PublishedSubject"...).
    @usableFromInline final let name: String
    /// Whether this is a `@Published` property's subject, whose subscriptions are named for it.
    @usableFromInline final let isPublished: Bool

    @usableFromInline
    init(name: String, pullsUpstreamAtOnce: Bool) {
        self.name = name
        isPublished = name == "PublishedSubject"
        upstreamsRequested = pullsUpstreamAtOnce
        upstreamsAsked = Atomic(pullsUpstreamAtOnce)
    }

    deinit {
        for upstream in upstreams {
            upstream.cancel()
        }
    }

    /// Keeps an upstream subscription; asks it for everything once a subscriber wants values.
    @usableFromInline
    final func adopt(_ subscription: Subscription) {
        let requestNow: Bool = lock.withExclusiveLock(owner: self) {
            upstreams.append(subscription)
            return upstreamsRequested
        }
        if requestNow { subscription.request(.unlimited) }
    }

    /// A subscriber asked for values: the first time, every upstream subscription is asked for
    /// everything.
    @usableFromInline
    final func downstreamDemanded() {
        let pending: [Subscription] = lock.withExclusiveLock(owner: self) {
            guard !upstreamsRequested else { return [] }
            upstreamsRequested = true
            upstreamsAsked.store(true, ordering: .relaxed)
            return upstreams
        }
        for upstream in pending {
            upstream.request(.unlimited)
        }
    }

    /// Forgets a cancelled subscriber: marks it detached and sweeps the detached ones out once
    /// they are half of `entries`. Call holding `link`'s lock: its `hub` is written under both
    /// locks, so either one suffices to read it. Returns the link's reference to this hub, taken
    /// out of it, for the caller to let go once this returns: the caller need not retain the hub
    /// around the call, and the hub cannot go away while its lock is held.
    @usableFromInline
    final func detach(_ link: SubjectLink) -> SubjectRoster? {
        lock.lock(owner: self)
        let reference = link.hub.take()
        if reference != nil {
            detachedCount += 1
            if detachedCount == entries.count {
                entries.removeAll(keepingCapacity: true)
                detachedCount = 0
            } else if detachedCount &* 2 >= entries.count {
                sweep()
            }
        }
        lock.unlock(owner: self)
        return reference
    }

    /// Removes the detached links from `entries`, keeping the others' order; call holding `lock`.
    private final func sweep() {
        var kept = 0
        for index in entries.indices where entries[index].hub != nil {
            if kept != index { entries.swapAt(kept, index) }
            kept += 1
        }
        entries.removeLast(entries.count - kept)
        detachedCount = 0
    }

    /// Forgets every subscriber (the subject completed): detached ones are no longer counted.
    @usableFromInline
    final func takeAll() -> [SubjectLink] {
        let all = entries
        entries = []
        detachedCount = 0
        return all
    }
}

/// The state both subjects share, on top of `SubjectRoster`: their completion, and the delivery
/// path.
///
/// Its delivery path is `@inlinable` so that a client's `send` is specialised for its value type;
/// each subscriber is reached through its conduit's `port`, a closure made where the subscriber's
/// type is known. The subscribers are kept as `SubjectLink`s, an array type that is the same for
/// every subject.
@usableFromInline
internal final class SubjectHub<Output, Failure: Error>: SubjectRoster, @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var completion: Subscribers.Completion<Failure>?
    @usableFromInline
    override init(name: String, pullsUpstreamAtOnce: Bool) {
        super.init(name: name, pullsUpstreamAtOnce: pullsUpstreamAtOnce)
    }

    @inlinable
    var isCompleted: Bool {
        lock.withExclusiveLock(owner: self) { completion != nil }
    }

    /// Offers the value to every current subscriber; the conduits enforce each one's demand.
    @inlinable
    func broadcast(_ value: Output, generation: UInt64) {
        lock.lock(owner: self)
        guard completion == nil else {
            lock.unlock(owner: self)
            return
        }
        let receivers = entries
        lock.unlock(owner: self)
        SubjectHub.offer(value, generation: generation, to: receivers)
    }

    /// A current-value subject's send: `record` keeps `value` as the latest and numbers it, under
    /// the lock, unless the subject has completed; then the value is offered to every subscriber.
    /// A method of the hub, so its lock is borrowed: reached through the subject, it was retained
    /// and released around each lock and unlock (four atomic operations per send).
    @inlinable
    func broadcast(_ value: Output, recording record: (Output) -> UInt64) {
        lock.lock(owner: self)
        guard completion == nil else {
            lock.unlock(owner: self)
            return
        }
        let generation = record(value)
        let receivers = entries
        lock.unlock(owner: self)
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
        lock.lock(owner: self)
        guard self.completion == nil else {
            lock.unlock(owner: self)
            return
        }
        self.completion = completion
        let receivers = takeAll()
        lock.unlock(owner: self)
        for link in receivers {
            unsafeDowncast(link, to: SubjectConduit<Output, Failure>.self).finish(completion)
        }
    }

    /// Attaches a subscriber, or completes it at once if the subject has completed.
    @inlinable
    func attach<S: Subscriber>(_ subscriber: S, current: (() -> (Output, UInt64))?)
        where S.Input == Output, S.Failure == Failure
    {
        // A sink (known here, where the code is specialised) is borrowed, not cast into a copy:
        // `_identityCast` is an unchecked cast to the type `S` is.
        if S.self == Subscribers.Sink<Output, Failure>.self {
            attach(sink: _identityCast(subscriber, to: Subscribers.Sink<Output, Failure>.self), current: current)
            return
        }
        var ended: Subscribers.Completion<Failure>?
        guard let conduit = makeConduit(for: subscriber, current: current, ended: &ended) else {
            subscriber.receive(subscription: Subscriptions.empty)
            if let ended { subscriber.receive(completion: ended) }
            return
        }
        subscriber.receive(subscription: conduit)
    }

    /// `attach` for a sink: it is handed the conduit as its subscription without a copy of either
    /// (each would be retained and released: four atomic operations per subscription).
    @inlinable
    func attach(sink: Subscribers.Sink<Output, Failure>, current: (() -> (Output, UInt64))?) {
        var ended: Subscribers.Completion<Failure>?
        guard let conduit = makeConduit(for: sink, current: current, ended: &ended) else {
            sink.receive(subscription: Subscriptions.empty)
            if let ended { sink.receive(completion: ended) }
            return
        }
        sink.accept(consume conduit, fedBySubject: true)
    }

    /// A new conduit delivering to `subscriber`, added to `entries`; `nil` if the subject has
    /// completed, with its completion in `ended`. The port is made here, where the conduit is: made
    /// by the caller and passed in, it was called through two more thunks per value.
    @inlinable @inline(__always)
    func makeConduit<S: Subscriber>(
        for subscriber: S, current: (() -> (Output, UInt64))?, ended: inout Subscribers.Completion<Failure>?
    ) -> SubjectConduit<Output, Failure>? where S.Input == Output, S.Failure == Failure {
        let port = SubjectHub.port(for: subscriber)
        lock.lock(owner: self)
        if let completion {
            lock.unlock(owner: self)
            ended = completion
            return nil
        }
        let conduit: SubjectConduit<Output, Failure> = if let current {
            isPublished
                ? PublishedConduit(hub: self, current: current, port: port)
                : CurrentValueConduit(hub: self, current: current, port: port)
        } else {
            SubjectConduit(hub: self, port: port)
        }
        entries.append(conduit)
        lock.unlock(owner: self)
        return conduit
    }

    /// The closure through which a conduit reaches `subscriber`, made where its type is known. A
    /// sink is handed values through `receiveSerially`, which counts nothing: the conduit's lock
    /// serialises its deliveries, and the sink lets its closures go only once the conduit has
    /// ended (`.ended`), when none can be under way.
    @inlinable
    static func port<S: Subscriber>(for subscriber: S) -> (SubjectEvent<Output, Failure>) -> Subscribers.Demand
        where S.Input == Output, S.Failure == Failure
    {
        if let sink = subscriber as? Subscribers.Sink<Output, Failure> {
            return { event in
                switch event {
                case .value(let value):
                    sink.receiveSerially(value)
                case .completion(let completion):
                    sink.receive(completion: completion)
                case .reveal(let box):
                    box.subscriber = sink
                case .ended:
                    sink.conduitEnded()
                }
                return .none
            }
        }
        return { event in
            switch event {
            case .value(let value):
                return subscriber.receive(value)
            case .completion(let completion):
                subscriber.receive(completion: completion)
                return .none
            case .reveal(let box):
                box.subscriber = subscriber
                return .none
            case .ended:
                return .none
            }
        }
    }
}
