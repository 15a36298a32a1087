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
    @usableFromInline @exclusivity(unchecked) final var entries = SubjectLinks()
    /// How many of `entries` are detached and wait for the next sweep.
    @exclusivity(unchecked) private final var detachedCount = 0
    /// Links taken out of `entries` while their lock was held: a send with a single subscriber
    /// delivers into its conduit without a reference of its own (`SubjectHub.lockSoleConduit`), so
    /// a conduit cancelled or finished from inside that delivery is kept here until its lock is
    /// free (`releaseRetired`).
    @usableFromInline @exclusivity(unchecked) final var retired: [SubjectLink] = []
    @exclusivity(unchecked) private final var upstreams: [Subscription] = []
    /// Whether upstream subscriptions are asked for everything as they come. A passthrough subject
    /// (as in Combine) waits until a subscriber first asks for values; a current-value subject
    /// asks at once, since it keeps the latest value even with nobody listening.
    @exclusivity(unchecked) private final var upstreamsRequested: Bool
    /// Two marks set once, without the lock: `SubjectRoster.demanded` (a subscriber has asked for
    /// values) and `SubjectRoster.adopted` (an upstream subscription has come). A subscriber's
    /// first request sets the first: only if an upstream has come does it take the lock to ask
    /// the upstreams (`downstreamDemanded`); otherwise the adoption that sees the mark asks them.
    /// A subject with no upstream (most: flatMap's inner subjects) takes no lock and retains
    /// nothing for its first request.
    @usableFromInline final let upstreamMarks: Atomic<UInt>
    /// A subscriber has asked for values (`upstreamMarks`).
    @usableFromInline static var demanded: UInt { 1 }
    /// An upstream subscription has come (`upstreamMarks`).
    @usableFromInline static var adopted: UInt { 2 }

    /// The subject's name as its subscriptions show it ("PassthroughSubject", "PublishedSubject"...).
    @usableFromInline final let name: String
    /// Whether this is a `@Published` property's subject, whose subscriptions are named for it.
    @usableFromInline final let isPublished: Bool

    @usableFromInline
    init(name: String, pullsUpstreamAtOnce: Bool) {
        self.name = name
        isPublished = name == "PublishedSubject"
        upstreamsRequested = pullsUpstreamAtOnce
        upstreamMarks = Atomic(pullsUpstreamAtOnce ? SubjectRoster.demanded : 0)
    }

    deinit {
        for upstream in upstreams {
            upstream.cancel()
        }
    }

    /// Keeps an upstream subscription; asks it for everything once a subscriber wants values.
    @usableFromInline
    final func adopt(_ subscription: Subscription) {
        let pending: [Subscription] = lock.withExclusiveLock(owner: self) {
            upstreams.append(subscription)
            if upstreamsRequested { return [subscription] }
            // A subscriber whose first request came before this mark (and so did not ask) has
            // left it to the adoption: this one asks every upstream, once.
            let marks = upstreamMarks.bitwiseOr(SubjectRoster.adopted, ordering: .acquiringAndReleasing).oldValue
            guard marks & SubjectRoster.demanded != 0 else { return [] }
            upstreamsRequested = true
            return upstreams
        }
        for upstream in pending {
            upstream.request(.unlimited)
        }
    }

    /// Marks that a subscriber asked for values; `true` if an upstream has come and has to be
    /// asked (`downstreamDemanded`, after the caller's lock is released). Call holding a conduit's
    /// lock, the conduit live (it keeps the hub).
    @inlinable
    final func markDemanded() -> Bool {
        guard upstreamMarks.load(ordering: .relaxed) & SubjectRoster.demanded == 0 else { return false }
        let marks = upstreamMarks.bitwiseOr(SubjectRoster.demanded, ordering: .acquiringAndReleasing).oldValue
        return marks & SubjectRoster.demanded == 0 && marks & SubjectRoster.adopted != 0
    }

    /// A subscriber asked for values: the first time, every upstream subscription is asked for
    /// everything.
    @usableFromInline
    final func downstreamDemanded() {
        let pending: [Subscription] = lock.withExclusiveLock(owner: self) {
            guard !upstreamsRequested else { return [] }
            upstreamsRequested = true
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
    /// around the call, and the hub cannot go away while its lock is held. `reentered`: the caller
    /// already held `link`'s lock before this cancel (it cancels from inside a delivery into it),
    /// so a send may still be delivering into it.
    @usableFromInline
    final func detach(_ link: SubjectLink, reentered: Bool) -> SubjectRoster? {
        lock.lock(owner: self)
        if !retired.isEmpty { releaseRetired() }
        let reference = link.hub.take()
        if reference != nil {
            detachedCount += 1
            let spared = reentered ? nil : link
            if detachedCount == entries.count {
                // One entry: `link` itself, retired only if a delivery may be under way into it.
                if entries.count > 1 || reentered { retireLocked(entries.all, sparing: spared) }
                entries.removeAll()
                detachedCount = 0
            } else if detachedCount &* 2 >= entries.count {
                sweep(sparing: spared)
            }
        }
        lock.unlock(owner: self)
        return reference
    }

    /// Removes the detached links from `entries`, keeping the others' order; call holding `lock`.
    /// Only called with two or more links (in `entries.many`): one detached link is swept at once.
    private final func sweep(sparing spared: SubjectLink?) {
        var kept = 0
        for index in entries.many.indices where entries.many[index].hub != nil {
            if kept != index { entries.many.swapAt(kept, index) }
            kept += 1
        }
        retireLocked(entries.many[kept...], sparing: spared)
        entries.many.removeLast(entries.many.count - kept)
        entries.settle()
        detachedCount = 0
    }

    /// Keeps in `retired` those of `links` (leaving `entries`) whose lock is held, but `spared`
    /// (locked by the caller, outside any delivery); call holding `lock`.
    private final func retireLocked(_ links: some Collection<SubjectLink>, sparing spared: SubjectLink?) {
        for link in links where link !== spared && link.lock.isLocked {
            retired.append(link)
        }
    }

    /// Lets go of the retired links whose lock is free (no delivery into them is under way: none
    /// can start, they have left `entries`); call holding `lock`.
    @usableFromInline
    final func releaseRetired() {
        retired.removeAll { !$0.lock.isLocked }
    }

    /// `releaseRetired`, taking the lock: out of line, off the delivery path.
    @usableFromInline @inline(never)
    final func releaseRetiredTakingLock() {
        lock.lock(owner: self)
        releaseRetired()
        lock.unlock(owner: self)
    }

    /// Forgets every subscriber (the subject completed): detached ones are no longer counted.
    @usableFromInline
    final func takeAll() -> [SubjectLink] {
        let all = entries.all
        entries = SubjectLinks()
        detachedCount = 0
        return all
    }

    /// After a completion has finished `links` (taken with `takeAll`): keeps those this thread
    /// still holds the lock of (it came from inside a delivery into one, which lets them go once
    /// it is over) in `retired`. No other thread can be delivering into one: finishing took each
    /// lock, and they have left `entries`.
    @usableFromInline
    final func retireFinished(_ links: [SubjectLink]) {
        guard links.contains(where: { $0.lock.isHeldByCurrentThread }) else { return }
        lock.withExclusiveLock(owner: self) {
            for link in links where link.lock.isHeldByCurrentThread {
                retired.append(link)
            }
        }
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
    @inlinable @inline(__always)
    func broadcast(_ value: Output, generation: UInt64) {
        lock.lock(owner: self)
        guard completion == nil else {
            lock.unlock(owner: self)
            return
        }
        if let sole = lockSoleConduit() {
            lock.unlock(owner: self)
            offer(value, generation: generation, toSole: sole)
        } else {
            offerToAll(value, generation: generation)
        }
    }

    /// A current-value subject's send: `record` keeps `value` as the latest and numbers it, under
    /// the lock, unless the subject has completed; then the value is offered to every subscriber.
    /// A method of the hub, so its lock is borrowed: reached through the subject, it was retained
    /// and released around each lock and unlock (four atomic operations per send).
    @inlinable @inline(__always)
    func broadcast(_ value: Output, recording record: (Output) -> UInt64) {
        lock.lock(owner: self)
        guard completion == nil else {
            lock.unlock(owner: self)
            return
        }
        let generation = record(value)
        if let sole = lockSoleConduit() {
            lock.unlock(owner: self)
            offer(value, generation: generation, toSole: sole)
        } else {
            offerToAll(value, generation: generation)
        }
    }

    /// Delivers `value` into `sole`, taken by `lockSoleConduit`.
    @inlinable @inline(__always)
    func offer(_ value: Output, generation: UInt64, toSole sole: Unmanaged<SubjectConduit<Output, Failure>>) {
        if sole._withUnsafeGuaranteedRef({ $0.offerHoldingLock(value, generation: generation) }) {
            releaseRetiredTakingLock()
        }
    }

    /// Offers `value` to a snapshot of `entries`, releasing the lock (held by the caller) once it
    /// is taken. Out of line, so that the single-subscriber path stays small enough to inline. A
    /// single subscriber comes here only while a delivery into it is under way (another thread's,
    /// which this one waits for, or this thread's own, which it re-enters).
    @inlinable @inline(never)
    func offerToAll(_ value: Output, generation: UInt64) {
        if let sole = entries.one {
            lock.unlock(owner: self)
            if unsafeDowncast(sole, to: SubjectConduit<Output, Failure>.self).offer(value, generation: generation) {
                releaseRetiredTakingLock()
            }
            return
        }
        let receivers = entries.many
        lock.unlock(owner: self)
        if SubjectHub.offer(value, generation: generation, to: receivers) {
            releaseRetiredTakingLock()
        }
    }

    /// With a single subscriber whose conduit's lock is free (no delivery into it under way, and
    /// this thread is not inside one): that conduit, its lock taken, to deliver to through
    /// `offerHoldingLock` once the hub's lock is released. Call holding the hub's lock. The conduit
    /// is not retained (a copy of `entries.one` would cost a retain and a release: two atomic
    /// operations per send): a conduit taken out of `entries` while its lock is held is kept in
    /// `retired` until it is free. Never waits for the conduit's lock (a cancel holds it while it
    /// waits for the hub's).
    @inlinable @inline(__always)
    func lockSoleConduit() -> Unmanaged<SubjectConduit<Output, Failure>>? {
        // `one`'s bits, read in place: the reference, or null for `nil`.
        let bits = withUnsafeMutablePointer(to: &entries.one) {
            UnsafeRawPointer($0).load(as: UnsafeRawPointer?.self)
        }
        guard let address = bits else { return nil }
        let sole = Unmanaged<SubjectConduit<Output, Failure>>.fromOpaque(address)
        return sole._withUnsafeGuaranteedRef { $0.lock.tryLock() } ? sole : nil
    }

    /// Offers `value` to every conduit in `receivers`, a snapshot of `entries` the caller holds.
    /// The snapshot keeps the conduits alive, so each is borrowed: its address is read from the
    /// array's storage instead of loading a strong reference, which would retain and release it
    /// around every delivery (two atomic operations per subscriber per value, ~10 ns here).
    /// Returns whether one of them ended during its delivery (the hub may have retired it).
    @inlinable
    static func offer(_ value: Output, generation: UInt64, to receivers: [SubjectLink]) -> Bool {
        receivers.withUnsafeBufferPointer { links in
            let addresses = UnsafeRawBufferPointer(links)
            var ended = false
            for index in 0..<links.count {
                let address = addresses.load(
                    fromByteOffset: index &* MemoryLayout<SubjectLink>.stride, as: UnsafeRawPointer.self
                )
                if Unmanaged<SubjectConduit<Output, Failure>>.fromOpaque(address)._withUnsafeGuaranteedRef({
                    $0.offer(value, generation: generation)
                }) {
                    ended = true
                }
            }
            return ended
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
        retireFinished(receivers)
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
        // Only a value type may be kept in its conduit, and asking a class whether it conforms is a
        // look-up in the runtime's conformance cache (~230 instructions), where a struct's answer
        // is known once the code is specialised.
        let carried = current == nil && !(S.self is AnyObject.Type) && S.self is SubjectCarriedSubscriber.Type
        guard let conduit = makeConduit(for: subscriber, current: current, carried: carried, ended: &ended) else {
            subscriber.receive(subscription: Subscriptions.empty)
            if let ended { subscriber.receive(completion: ended) }
            return
        }
        // Operators that pass a conduit on to a sink (`SubjectFedSubscriber`) are told it is one.
        // Only a class can be one: a struct subscriber (flatMap's children) is not cast, which
        // fails slowly (~300 instructions: the runtime tries to box it as an object first).
        if S.self is AnyObject.Type, let fed = subscriber as? SubjectFedSubscriber {
            fed.receive(conduit: conduit)
        } else {
            subscriber.receive(subscription: conduit)
        }
    }

    /// `attach` for a sink: it is handed the conduit as its subscription without a copy of either
    /// (each would be retained and released: four atomic operations per subscription).
    @inlinable
    func attach(sink: Subscribers.Sink<Output, Failure>, current: (() -> (Output, UInt64))?) {
        var ended: Subscribers.Completion<Failure>?
        guard let conduit = makeConduit(for: sink, current: current, carried: false, ended: &ended) else {
            sink.receive(subscription: Subscriptions.empty)
            if let ended { sink.receive(completion: ended) }
            return
        }
        sink.accept(consume conduit, fedBySubject: true)
    }

    /// A new conduit delivering to `subscriber`, added to `entries`; `nil` if the subject has
    /// completed, with its completion in `ended`. The port is made here, where the conduit is: made
    /// by the caller and passed in, it was called through two more thunks per value. `carried`:
    /// the subscriber is a `SubjectCarriedSubscriber` of a passthrough subject, kept in its conduit
    /// (`SubjectCarrierConduit`), which needs no port made for it.
    @inlinable @inline(__always)
    func makeConduit<S: Subscriber>(
        for subscriber: S, current: (() -> (Output, UInt64))?, carried: Bool,
        ended: inout Subscribers.Completion<Failure>?
    ) -> SubjectConduit<Output, Failure>? where S.Input == Output, S.Failure == Failure {
        let port = carried ? nil : SubjectHub.port(for: subscriber)
        lock.lock(owner: self)
        if !retired.isEmpty { releaseRetired() }
        if let completion {
            lock.unlock(owner: self)
            ended = completion
            return nil
        }
        let conduit: SubjectConduit<Output, Failure> = if let port, let current {
            isPublished
                ? PublishedConduit(hub: self, current: current, port: port)
                : CurrentValueConduit(hub: self, current: current, port: port)
        } else if let port {
            SubjectConduit(hub: self, port: port)
        } else {
            SubjectCarrierConduit(hub: self, subscriber: subscriber)
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
                if S.self is AnyObject.Type { (subscriber as? SubjectFedSubscriber)?.conduitEnded() }
                return .none
            }
        }
    }
}
