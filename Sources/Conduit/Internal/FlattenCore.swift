import Synchronization

/// The subscription that `FlatMap` and `SwitchToLatest` hand downstream, which is also the
/// subscriber they attach to their upstream (a stream of values that become publishers): each
/// value's publisher ("child") is subscribed with a `FlattenChild`, and what the children send
/// goes downstream.
///
/// Demand follows Combine. FlatMap asks its upstream for `maxPublishers` and for one more each
/// time a child finishes; each child is asked for one value at a time while the downstream's
/// demand is limited (for one more each time one of its values goes downstream), for everything
/// once the demand is unlimited; a value that finds no demand waits in a buffer, and the whole
/// finishes once the upstream and every child have finished and the buffer is empty.
/// SwitchToLatest asks its upstream for everything, cancels the previous child when a new one
/// arrives, hands the newest child the downstream's outstanding demand and passes back what the
/// downstream answers to each value.
///
/// Delivery: a value sent from inside the downstream (on the thread delivering) goes out at once,
/// nested, as in Combine; a value from another thread while one is being delivered waits in the
/// buffer, and the delivering thread sends it next, so deliveries from different threads never
/// overlap. Nesting stops at `maxNesting` deliveries deep (a value going round a loop waits for
/// the delivery under way instead of growing the stack without end). No lock is held while the
/// downstream, an upstream or a child runs.
@usableFromInline
internal final class FlattenCore<Outer, Child: Publisher, Downstream: Subscriber>: Subscription, Subscriber,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
    where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure
{
    @usableFromInline typealias Input = Outer
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    /// Where the upstream of publishers stands.
    @usableFromInline
    enum UpstreamPhase {
        case awaitingSubscription, subscribed, ended
    }

    @usableFromInline let lock = ReentrantLock()
    @usableFromInline let name: String
    /// FlatMap's limit on children at once; nil for SwitchToLatest.
    @usableFromInline let maxPublishers: Subscribers.Demand?
    /// SwitchToLatest: only the newest child counts.
    @usableFromInline let switching: Bool
    /// The children are `Just`s: their value is taken without subscribing (when nothing observes).
    @usableFromInline let childIsJust: Bool
    /// FlatMap's children may deliver without the lock (`deliverOpenly`) while the downstream's
    /// demand is unlimited; SwitchToLatest's and `Just`s never do, and never close `delivery`.
    @usableFromInline let opensForValues: Bool
    @exclusivity(unchecked) @usableFromInline var transform: ((Outer) -> Child)?
    /// Let go once the end is decided, but not while a delivery is under way (`deliverer` set): a
    /// child's value reaches it without a reference of its own (`childReceived`), so the delivering
    /// thread lets it go once its delivery is over (`drainAndUnlock`).
    @exclusivity(unchecked) @usableFromInline var downstream: Downstream?
    /// The downstream is a sink that took this core as its subscription and takes its values
    /// uncounted (`Subscribers.Sink.receiveSerially`): deliveries never overlap, and the sink is
    /// told once none is under way or will come (`letGo`).
    @exclusivity(unchecked) @usableFromInline var feedsSinkSerially = false
    /// The upstream's subscription, in a box of its own: taken out to be called after unlocking,
    /// it costs one retain, where copying a `Subscription` existential goes through its value
    /// witnesses (FlatMap with a limit asks its upstream once per child).
    @exclusivity(unchecked) @usableFromInline var upstream: FlattenUpstream?
    @exclusivity(unchecked) @usableFromInline var upstreamPhase = UpstreamPhase.awaitingSubscription
    /// The downstream's outstanding demand.
    @exclusivity(unchecked) @usableFromInline var demand = Subscribers.Demand.none
    /// The children that have not finished, each in a slot of its own that its subscriber names
    /// (with the child's number, which tells a reused slot's new child from an old one): found
    /// without hashing, and freed slots are reused, so opening a child allocates nothing here.
    @exclusivity(unchecked) @usableFromInline var slots: [FlattenSlot] = []
    /// The free slots of `slots`, to reuse.
    @exclusivity(unchecked) @usableFromInline var freeSlots: [Int] = []
    /// How many children have not finished (the slots in use).
    @exclusivity(unchecked) @usableFromInline var liveChildren = 0
    /// SwitchToLatest: the slot of the newest child (`nextChild - 1`), if it has one.
    @exclusivity(unchecked) @usableFromInline var newestSlot = -1
    /// The number the next child gets; SwitchToLatest's newest child is `nextChild - 1`.
    @exclusivity(unchecked) @usableFromInline var nextChild = 0
    /// Values waiting for demand or for another thread's delivery, with their child's number and
    /// slot (-1 for a `Just` taken directly, which has neither).
    @exclusivity(unchecked) @usableFromInline var buffer = RingBuffer<(child: Int, slot: Int, value: Output)>()
    /// The thread delivering to the downstream (its id; 0 when none) and two marks
    /// (`FlattenDelivery`): `open`, a child's value may be delivered without taking the lock (the
    /// demand is unlimited and nothing waits or ends), and `attention`, a thread holding the lock
    /// has seen the delivery under way and left it something to look at once it is over. Read and
    /// written holding the lock once `lockClosed` has closed it; besides, only a delivery that took
    /// it open (`deliverOpenly`) changes it, from `open` to its thread and back.
    @usableFromInline let delivery = Atomic<UInt>(0)
    /// How many deliveries of values the delivering thread has under way, one inside another.
    @exclusivity(unchecked) @usableFromInline var nesting = 0
    /// The thread delivering to the downstream (0 when none); call holding the lock, closed.
    @inlinable
    var deliverer: UInt {
        get { delivery.load(ordering: .relaxed) & ~FlattenDelivery.marks }
        set {
            // A thread that stops delivering clears `attention`: it has looked.
            let kept = newValue == 0 ? FlattenDelivery.open : FlattenDelivery.marks
            delivery.store(delivery.load(ordering: .relaxed) & kept | newValue, ordering: .releasing)
        }
    }

    /// Takes the lock and closes the lock-free path (`deliverOpenly`): once this returns, no value
    /// starts a delivery without the lock, and a delivery that took it open settles under the lock
    /// (`attention`), so `delivery` changes only holding the lock until `unlockReopened`.
    @inlinable @inline(__always)
    func lockClosed() {
        lock.lock(owner: self)
        guard opensForValues else { return }
        var seen = delivery.load(ordering: .relaxed)
        while true {
            let delivering = seen & ~FlattenDelivery.marks != 0
            var desired = seen & ~FlattenDelivery.open
            if delivering { desired |= FlattenDelivery.attention }
            if desired == seen { return }
            let (exchanged, original) = delivery.compareExchange(
                expected: seen, desired: desired, ordering: .acquiringAndReleasing
            )
            if exchanged { return }
            seen = original
        }
    }

    /// Opens the lock-free path if a child's value may take it (FlatMap, unlimited demand, nothing
    /// waiting, nothing ended) and releases the lock taken with `lockClosed`.
    @inlinable @inline(__always)
    func unlockReopened() {
        guard opensForValues else {
            lock.unlock(owner: self)
            return
        }
        let opens = !done && demand == .unlimited && buffer.isEmpty && pending == nil
            && downstream != nil
        let seen = delivery.load(ordering: .relaxed)
        let desired = opens ? seen | FlattenDelivery.open : seen & ~FlattenDelivery.open
        if desired != seen { delivery.store(desired, ordering: .releasing) }
        lock.unlock(owner: self)
    }

    /// How deep deliveries may nest before a value sent from inside the downstream waits instead.
    @usableFromInline static var maxNesting: Int { 32 }
    /// Completed or cancelled: nothing more happens.
    @exclusivity(unchecked) @usableFromInline var done = false
    /// The completion the delivering thread sends once its current delivery returns.
    @exclusivity(unchecked) @usableFromInline var pending: Subscribers.Completion<Failure>?

    @inlinable
    init(downstream: Downstream, maxPublishers: Subscribers.Demand?, name: String,
        transform: @escaping (Outer) -> Child) {
        self.downstream = downstream
        self.maxPublishers = maxPublishers
        self.switching = maxPublishers == nil
        self.childIsJust = maxPublishers != nil && Child.self == Just<Child.Output>.self
        opensForValues = maxPublishers != nil && !childIsJust
        self.name = name
        self.transform = transform
    }

    @usableFromInline
    var description: String { name }

    /// No children, as Combine shows its flatMap and switchToLatest subscriptions.
    @usableFromInline
    var customMirror: Mirror { Mirror(self, children: [:]) }

    @usableFromInline
    var playgroundDescription: Any { name }

    /// Whether events of child `id` count: every child for FlatMap, the newest for SwitchToLatest.
    @inlinable
    func counts(_ id: Int) -> Bool {
        !switching || id == nextChild - 1
    }

    /// Everything has finished normally and nothing waits (lock held).
    @inlinable
    var finishedNormally: Bool {
        upstreamPhase == .ended && liveChildren == 0 && buffer.isEmpty
    }

    /// Whether `slot` holds child `id` (lock held).
    @inlinable
    func holds(_ slot: Int, _ id: Int) -> Bool {
        slot >= 0 && slot < slots.count && slots[slot].child == id
    }

    /// Gives child `id` a slot, with no subscription yet (lock held).
    @inlinable
    func addChild(_ id: Int) -> Int {
        liveChildren += 1
        if let slot = freeSlots.popLast() {
            slots[slot].child = id
            return slot
        }
        slots.append(FlattenSlot(child: id))
        return slots.count - 1
    }

    /// Frees `slot` (lock held; it holds a child) and returns the child's subscription.
    @inlinable
    func removeChild(at slot: Int) -> Subscription? {
        liveChildren -= 1
        slots[slot].child = -1
        freeSlots.append(slot)
        return slots[slot].take()
    }

    /// Decides the end with `completion` (lock held): returns the downstream to send it to now
    /// (`send(_:to:)`), or nil when another thread is delivering (it sends the completion once its
    /// delivery returns). From inside a delivery on this thread, the downstream is kept for that
    /// delivery to let go (`lettingGo` false).
    @inlinable
    func endLocked(_ completion: Subscribers.Completion<Failure>) -> FlattenEnd<Downstream> {
        done = true
        transform = nil
        buffer.removeAll()
        if deliverer == 0 {
            var taken: Downstream?
            swap(&taken, &downstream)
            return FlattenEnd(downstream: taken, lettingGo: feedsSinkSerially)
        }
        if deliverer == ReentrantLock.currentThread {
            return FlattenEnd(downstream: downstream, lettingGo: false)
        }
        pending = completion
        return FlattenEnd(downstream: nil, lettingGo: false)
    }

    /// Sends `completion` to the downstream `endLocked` decided on (lock released), and tells a
    /// sink fed serially that it has been let go.
    @inlinable
    func send(_ completion: Subscribers.Completion<Failure>, to end: FlattenEnd<Downstream>) {
        end.downstream?.receive(completion: completion)
        if end.lettingGo { letGo(end.downstream) }
    }

    /// Tells a sink that this core fed serially (`feedsSinkSerially`, read holding the lock when
    /// it was let go) that no delivery is under way and none will come.
    @inlinable
    func letGo(_ downstream: Downstream?) {
        guard Downstream.self == Subscribers.Sink<Output, Failure>.self, let downstream else { return }
        _identityCast(downstream, to: Subscribers.Sink<Output, Failure>.self).serialFeedEnded()
    }

    /// The downstream took this core as its subscription: a sink is marked as fed serially (its
    /// values go uncounted). Called before the upstream is subscribed, so before any delivery.
    @inlinable
    func handSubscriptionToDownstream(_ subscriber: Downstream) {
        guard Downstream.self == Subscribers.Sink<Output, Failure>.self else {
            subscriber.receive(subscription: self)
            return
        }
        let sink = _identityCast(subscriber, to: Subscribers.Sink<Output, Failure>.self)
        guard sink.accept(self, fedBySubject: false, fedSerially: true) else { return }
        lockClosed()
        // Cancelled meanwhile (from another thread): nothing marks the sink's feed as over, and it
        // keeps its closures until it goes.
        if !done { feedsSinkSerially = true }
        unlockReopened()
    }

    /// Takes every child's subscription (lock held), to cancel after unlocking.
    @inlinable
    func takeChildren() -> [Subscription] {
        var subscriptions: [Subscription] = []
        for slot in slots.indices where slots[slot].child >= 0 {
            if let subscription = slots[slot].take() {
                subscriptions.append(subscription)
            }
        }
        slots.removeAll()
        freeSlots.removeAll()
        liveChildren = 0
        newestSlot = -1
        return subscriptions
    }

    /// The subscriptions of the children that have one (lock held).
    @inlinable
    func childSubscriptions() -> [Subscription] {
        var subscriptions: [Subscription] = []
        for slot in slots.indices where slots[slot].child >= 0 {
            if let subscription = slots[slot].subscription {
                subscriptions.append(subscription)
            }
        }
        return subscriptions
    }

    /// SwitchToLatest's newest child's subscription, if it has one (lock held).
    @inlinable
    var newestSubscription: Subscription? {
        holds(newestSlot, nextChild - 1) ? slots[newestSlot].subscription : nil
    }
}

/// The marks of `FlattenCore.delivery`, below the delivering thread's id (a thread descriptor's
/// address, whose two lowest bits are clear).
@usableFromInline
internal enum FlattenDelivery {
    /// A child's value may be delivered without taking the lock.
    @usableFromInline static var open: UInt { 1 }
    /// A thread holding the lock has seen the delivery under way: it settles under the lock.
    @usableFromInline static var attention: UInt { 2 }
    /// Both marks.
    @usableFromInline static var marks: UInt { 3 }
}

/// The downstream a `FlattenCore` decided to end (`FlattenCore.endLocked`), to send the completion
/// to once its lock is released, and whether the core lets go of it then (a sink it fed serially
/// is told so).
@usableFromInline
internal struct FlattenEnd<Downstream> {
    @usableFromInline let downstream: Downstream?
    @usableFromInline let lettingGo: Bool

    @inlinable
    init(downstream: Downstream?, lettingGo: Bool) {
        self.downstream = downstream
        self.lettingGo = lettingGo
    }
}

/// The upstream subscription of a `FlattenCore`, boxed so that it is taken out with one retain.
@usableFromInline
internal final class FlattenUpstream: @unchecked Sendable {
    @usableFromInline let subscription: Subscription

    @inlinable
    init(_ subscription: Subscription) {
        self.subscription = subscription
    }
}

/// One child's place in a `FlattenCore`: its number (-1 while the slot is free) and its
/// subscription once it arrived.
@usableFromInline
internal struct FlattenSlot {
    @usableFromInline var child: Int
    @usableFromInline private(set) var subscription: Subscription?
    /// Whether `subscription` is set, read without copying the existential out to compare it with
    /// nil (a copy and a destroy through its value witnesses: ~110 instructions per child).
    @usableFromInline private(set) var isSubscribed = false

    @inlinable
    init(child: Int) {
        self.child = child
        subscription = nil
    }

    /// Keeps the child's subscription.
    @inlinable
    mutating func hold(_ subscription: Subscription) {
        self.subscription = subscription
        isSubscribed = true
    }

    /// Returns the subscription and leaves none.
    @inlinable
    mutating func take() -> Subscription? {
        var taken: Subscription?
        swap(&taken, &subscription)
        isSubscribed = false
        return taken
    }
}
