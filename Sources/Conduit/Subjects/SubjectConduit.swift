/// What a subject hands one subscriber: a value or the completion.
@usableFromInline
internal enum SubjectEvent<Output, Failure: Error> {
    case value(Output)
    case completion(Subscribers.Completion<Failure>)
    /// Hands the subscriber to reflection (stores it in the box); nothing is delivered.
    case reveal(RevealedSubscriber)
    /// The conduit has ended and delivers nothing more; sent once, after its lock is free, as it
    /// lets the subscriber go. A sink fed by the conduit lets its closures go then.
    case ended
}

/// Where a conduit's port puts its subscriber for reflection: the conduit keeps only the port.
@usableFromInline
internal final class RevealedSubscriber {
    @usableFromInline var subscriber: Any?

    @usableFromInline
    init() {}
}

/// The part of a subject's per-subscriber subscription that depends on no type: the hub keeps its
/// subscribers in one array of these, the same type for every subject, so attaching and detaching
/// (detaching is reached through `Subscription.cancel`, which runs unspecialised) look up no
/// generic metadata.
@usableFromInline
internal class SubjectLink: @unchecked Sendable {
    /// Held by the thread delivering into (or changing) this subscriber; that thread may re-enter.
    @usableFromInline final let lock = ReentrantLock()
    @usableFromInline @exclusivity(unchecked) final var demand = Subscribers.Demand.none
    /// The subject's hub, to detach from; `nil` once cancelled or finished. Written holding both
    /// this link's lock and the hub's (`SubjectRoster.detach`), or only this link's once the hub
    /// has let go of its subscribers (completion); read holding either.
    @usableFromInline @exclusivity(unchecked) final var hub: SubjectRoster?

    @usableFromInline
    init(hub: SubjectRoster) {
        self.hub = hub
    }

    /// Cancels the subscription (the conduit's `cancel`), for a caller that knows it only as a
    /// link: a class method, called without retaining it or opening its type as a `Subscription`.
    @usableFromInline
    func cancelLink() {}
}

/// The subscription a subject hands each of its subscribers: it keeps that subscriber's demand
/// and serialises deliveries into it.
///
/// A lock that its owning thread may re-enter guards the demand and the delivery, so a second
/// thread waits its turn while a send made from inside the subscriber (same thread) is delivered
/// at once, as Combine does. It is one inline word (`ReentrantLock`: the holder's thread id);
/// Synchronization's `Mutex` measured about 20 ns slower per delivery (two thread-id lookups per
/// lock and unlock).
///
/// The subscriber is reached through `port`, a closure made where its type is known: the value
/// path runs specialised, and `request`/`cancel` (called through the `Subscription` existential,
/// unspecialised) touch only fields whose layout does not depend on a type parameter, so they
/// look up no generic metadata. Not generic over the subscriber, so one object per subscription
/// with no per-type `Optional<Downstream>` to manage.
@usableFromInline
internal class SubjectConduit<Output, Failure: Error>: SubjectLink, Subscription, CustomStringConvertible,
    @unchecked Sendable
{
    /// What reaches the subscriber.
    @usableFromInline typealias Port = (SubjectEvent<Output, Failure>) -> Subscribers.Demand

    /// Delivers an event to the subscriber; `nil` once the conduit has ended (`hub` is `nil`),
    /// which releases the subscriber. Called through `ports`, without retaining the subscriber:
    /// it is cleared only by the outermost call holding the lock (`withLock`), so never while a
    /// delivery that a cancel or completion from inside the subscriber interrupted is under way.
    @usableFromInline @exclusivity(unchecked) final var port: Port?

    @inlinable
    init(hub: SubjectHub<Output, Failure>, port: @escaping Port) {
        self.port = port
        super.init(hub: hub)
    }

    /// A conduit whose port the subclass sets once it is made (`SubjectCarrierConduit`).
    @inlinable
    init(hub: SubjectHub<Output, Failure>) {
        port = nil
        super.init(hub: hub)
    }

    /// This conduit's fields seen through `SubjectPortView`, to call `port` without a retain.
    /// Call holding the lock, while `hub` is not `nil`.
    @inlinable
    final var ports: Unmanaged<SubjectPortView<Output, Failure>> {
        Unmanaged.fromOpaque(Unmanaged.passUnretained(self).toOpaque())
    }

    /// The hub while the conduit is live, not retained (the conduit holds it); call holding the lock.
    @inlinable
    final var unownedHub: Unmanaged<SubjectRoster>? {
        hub.map { Unmanaged.passUnretained($0) }
    }

    /// Whether the conduit has neither been cancelled nor finished (then `port` is set). Call
    /// holding the lock.
    @inlinable
    final var isLive: Bool { hub != nil }

    /// The subject's name (Combine's: "PassthroughSubject", "PublishedSubject"...); once detached,
    /// the name of the kind of subject this conduit serves.
    @usableFromInline
    var description: String { subjectName ?? "PassthroughSubject" }

    /// The name of the subject's hub while attached to it.
    final var subjectName: String? {
        lock.withLock(owner: self) { hub?.name }
    }

    /// Runs `body` holding the conduit's lock; a thread that already holds it (a send or request
    /// made from inside the subscriber) runs it at once. The call that took the lock lets the
    /// subscriber go afterwards if the conduit ended meanwhile: once the lock is free, it tells
    /// the subscriber (`.ended`, unless `tellingTheEnd` is false: a cancel that took the lock
    /// itself, whose caller knows) and releases it.
    @inlinable
    final func withLock(tellingTheEnd: Bool = true, _ body: () -> Void) {
        var leftover: Port?
        lock.withLock(owner: self, body, settle: { leftover = takeLeftoverPort() })
        if tellingTheEnd, let leftover { SubjectConduit.tellEnded(leftover) }
    }

    /// The port, taken away, if the conduit has ended and still holds it; call holding the lock,
    /// in the call that took it (no delivery interrupted by the end is under way).
    @inlinable
    final func takeLeftoverPort() -> Port? {
        guard hub == nil, let leftover = port else { return nil }
        port = nil
        letGoOfSource()
        return leftover
    }

    /// Lets go of what the conduit holds of its subject besides the hub, once it has ended: here
    /// nothing; a current-value subject's conduit, the subject. Called holding the lock.
    @usableFromInline
    func letGoOfSource() {}

    /// Sends `.ended` through a port let go. Not inlined: unspecialised code that makes the event
    /// looks up its generic type, which it would otherwise do on every call of `withLock`.
    @usableFromInline @inline(never)
    static func tellEnded(_ port: Port) {
        _ = port(.ended)
    }

    /// Delivers `value` if the subscriber has demand; otherwise drops it. A current-value subject
    /// numbers its values (`generation`, never 0) so that none is delivered twice; a passthrough
    /// subject passes 0. Two threads' sends can reach a subscriber in either order: both are
    /// delivered, unless the later-numbered one came first as the latest value replayed on a demand.
    /// Returns whether the conduit ended during this call's delivery (see `offerHoldingLock`).
    @inlinable
    final func offer(_ value: Output, generation: UInt64) -> Bool {
        var leftover: Port?
        lock.withLock(owner: self, { deliverOffered(value, generation: generation) }, settle: {
            leftover = takeLeftoverPort()
        })
        guard let leftover else { return false }
        SubjectConduit.tellEnded(leftover)
        return true
    }

    /// `offer` for a caller that took the free lock itself (`ReentrantLock.tryLock`): delivers,
    /// then settles and releases the lock as `withLock` does. Returns whether the conduit ended
    /// during the delivery (the hub may have retired it: `SubjectRoster.retired`); it must not be
    /// touched once this returns, unless the caller holds a reference to it.
    @inlinable @inline(__always)
    final func offerHoldingLock(_ value: Output, generation: UInt64) -> Bool {
        deliverOffered(value, generation: generation)
        let leftover = takeLeftoverPort()
        lock.unlock(owner: self)
        guard let leftover else { return false }
        SubjectConduit.tellEnded(leftover)
        return true
    }

    /// The body of `offer`; call holding the lock.
    @inlinable @inline(__always)
    final func deliverOffered(_ value: Output, generation: UInt64) {
        guard isLive, demand > 0 else { return }
        if generation != 0 {
            let current = unsafeDowncast(self, to: CurrentValueConduit<Output, Failure>.self)
            guard generation > current.replayedGeneration else { return }
            current.deliveredGeneration = max(current.deliveredGeneration, generation)
        }
        demand -= 1
        let more = ports._withUnsafeGuaranteedRef { $0.port(.value(value)) }
        if more > 0 { demand += more }
    }

    /// Spends one unit of demand on `value`; call with the lock held.
    @inlinable
    final func deliver(
        _ value: Output, through port: (SubjectEvent<Output, Failure>) -> Subscribers.Demand
    ) {
        demand -= 1
        let more = port(.value(value))
        if more > 0 { demand += more }
    }

    /// Delivers the completion and releases the subscriber.
    @usableFromInline
    final func finish(_ completion: Subscribers.Completion<Failure>) {
        withLock {
            guard isLive else { return }
            hub = nil
            _ = ports._withUnsafeGuaranteedRef { $0.port(.completion(completion)) }
        }
    }

    @usableFromInline
    final func request(_ newDemand: Subscribers.Demand) {
        guard newDemand > 0 else {
            APIViolation.report(.zeroDemand)
            return
        }
        // The hub is retained, and its lock taken, only by the first request of a passthrough
        // subject's subscribers that finds upstreams to ask (`markDemanded`).
        var hub: SubjectRoster?
        withLock {
            guard let live = unownedHub else { return }
            demand += newDemand
            if live._withUnsafeGuaranteedRef({ $0.markDemanded() }) {
                hub = self.hub
            }
            ports._withUnsafeGuaranteedRef { replay(through: $0.port) }
        }
        hub?.downstreamDemanded()
    }

    /// What a new demand owes the subscriber besides later values: nothing here; a current-value
    /// subject's latest value. Called with the lock held.
    @usableFromInline
    func replay(through port: (SubjectEvent<Output, Failure>) -> Subscribers.Demand) {}

    @usableFromInline
    final override func cancelLink() {
        cancel()
    }

    @usableFromInline
    final func cancel() {
        // Unspecialised (reached through `Subscription`), where making an event would look up
        // its generic type: a sink that cancels tells itself the conduit has ended.
        let reentered = lock.isHeldByCurrentThread
        withLock(tellingTheEnd: false) {
            // Not retained around the call: the conduit's own reference, which `detach` hands
            // back, keeps the hub alive until it returns.
            let reference = unownedHub?._withUnsafeGuaranteedRef { $0.detach(self, reentered: reentered) }
            withExtendedLifetime(reference) {}
        }
    }
}

/// A `SubjectConduit` seen with `port` declared constant, so that calling it does not retain and
/// release the subscriber (two atomic operations per value): a conduit is viewed as one
/// (`SubjectConduit.ports`), never created. It is the conduit's sibling: the same superclass and
/// the same generic parameters, and one stored property, so its object and its type metadata
/// (whose generic arguments unspecialised code reads through it) have the conduit's layout up to
/// `port`, which comes right after `SubjectLink`'s fields in both. Every delivery test calls
/// through it.
@usableFromInline
internal final class SubjectPortView<Output, Failure: Error>: SubjectLink, @unchecked Sendable {
    /// The conduit's `port` while it is set (an optional closure is laid out as the closure, with
    /// a null function for `nil`): read only while the conduit is live.
    @usableFromInline let port: SubjectConduit<Output, Failure>.Port

    private init() {
        fatalError("SubjectPortView is a view of a conduit's fields, never created")
    }
}
