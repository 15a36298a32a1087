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

    // MARK: Subscription (downstream)

    @inlinable
    func request(_ newDemand: Subscribers.Demand) {
        guard newDemand > 0 else {
            APIViolation.report(.zeroDemand)
            return
        }
        lockClosed()
        guard !done else {
            unlockReopened()
            return
        }
        let wasUnlimited = demand == .unlimited
        demand += newDemand
        var unlimitedChildren: [Subscription] = []
        var newest: Subscription?
        if switching {
            newest = newestSubscription
        } else if !wasUnlimited, demand == .unlimited {
            unlimitedChildren = childSubscriptions()
        }
        let drains = deliverer == 0 && !buffer.isEmpty
        if drains {
            deliverer = ReentrantLock.currentThread
        }
        unlockReopened()
        newest?.request(newDemand)
        for child in unlimitedChildren {
            child.request(.unlimited)
        }
        if drains {
            lockClosed()
            drainAndUnlock()
        }
    }

    @inlinable
    func cancel() {
        lockClosed()
        guard !done else {
            unlockReopened()
            return
        }
        done = true
        var taken: Downstream?
        if deliverer == 0 {
            swap(&taken, &downstream)
        }
        let lettingGo = feedsSinkSerially
        transform = nil
        pending = nil
        buffer.removeAll()
        let children = takeChildren()
        let upstream = self.upstream
        self.upstream = nil
        upstreamPhase = .ended
        unlockReopened()
        if lettingGo { letGo(taken) }
        for child in children {
            child.cancel()
        }
        upstream?.subscription.cancel()
    }

    // MARK: Subscriber (upstream of publishers)

    @inlinable
    func receive(subscription: Subscription) {
        lock.lock(owner: self)
        guard !done, upstreamPhase == .awaitingSubscription else {
            lock.unlock(owner: self)
            subscription.cancel()
            return
        }
        upstream = FlattenUpstream(subscription)
        upstreamPhase = .subscribed
        lock.unlock(owner: self)
        subscription.request(maxPublishers ?? .unlimited)
    }

    @inlinable
    func receive(_ input: Outer) -> Subscribers.Demand {
        lock.lock(owner: self)
        guard !done, upstreamPhase == .subscribed, let transform else {
            lock.unlock(owner: self)
            return .none
        }
        lock.unlock(owner: self)
        let child = transform(input)
        if childIsJust, !InstrumentationHook.isActive {
            justArrived(unsafeBitCast(child, to: Just<Output>.self).output)
            return .none
        }
        lock.lock(owner: self)
        guard !done else {
            lock.unlock(owner: self)
            return .none
        }
        let id = nextChild
        nextChild += 1
        guard switching else {
            // No optional existential to destroy on this path (its value witnesses cost ~60
            // instructions per child even when it is nil).
            let slot = addChild(id)
            lock.unlock(owner: self)
            child.subscribe(FlattenChild(core: self, id: id, slot: slot))
            return .none
        }
        var replaced: Subscription?
        if holds(newestSlot, id - 1) {
            replaced = removeChild(at: newestSlot)
        }
        buffer.removeAll()
        let slot = addChild(id)
        newestSlot = slot
        lock.unlock(owner: self)
        replaced?.cancel()
        child.subscribe(FlattenChild(core: self, id: id, slot: slot))
        return .none
    }

    /// FlatMap's `Just` child, taken without subscribing it: its value is received and it finishes,
    /// as if it had subscribed, sent its value and finished (it has no number and no slot, so
    /// nothing asks it for more), in two lock round trips instead of four.
    @inlinable
    func justArrived(_ value: Output) {
        lockClosed()
        guard !done else {
            unlockReopened()
            return
        }
        let me = ReentrantLock.currentThread
        guard demand > 0, buffer.isEmpty, deliverer == 0 || (deliverer == me && nesting < Self.maxNesting),
            let downstream
        else {
            buffer.append((-1, -1, value))
            // Combine asks for another publisher each time a child says it finished.
            let upstream = maxPublishers != .unlimited && upstreamPhase == .subscribed ? self.upstream : nil
            unlockReopened()
            upstream?.subscription.request(.max(1))
            return
        }
        let outermost = deliverer == 0
        deliverer = me
        let serially = feedsSinkSerially
        demand -= 1
        nesting += 1
        unlockReopened()
        let more = deliver(value, to: downstream, serially: serially)
        lockClosed()
        nesting -= 1
        if done {
            if outermost {
                drainAndUnlock()
            } else {
                unlockReopened()
            }
            return
        }
        demand += more
        if outermost {
            guard buffer.isEmpty, !finishedNormally else {
                // Values arrived meanwhile, or everything ended: they go out first, then the child
                // finishes, as two steps.
                drainAndUnlock()
                childFinished(-1, slot: -1)
                return
            }
            deliverer = 0
        } else if finishedNormally {
            let end = endLocked(.finished)
            unlockReopened()
            send(.finished, to: end)
            return
        }
        // Combine asks for another publisher each time a child says it finished.
        let upstream = maxPublishers != .unlimited && upstreamPhase == .subscribed ? self.upstream : nil
        unlockReopened()
        upstream?.subscription.request(.max(1))
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        lockClosed()
        guard !done, upstreamPhase != .ended else {
            unlockReopened()
            return
        }
        upstreamPhase = .ended
        upstream = nil
        switch completion {
        case .finished:
            guard finishedNormally else {
                unlockReopened()
                return
            }
            let end = endLocked(.finished)
            unlockReopened()
            send(.finished, to: end)
        case .failure:
            let children = takeChildren()
            let end = endLocked(completion)
            unlockReopened()
            for child in children {
                child.cancel()
            }
            send(completion, to: end)
        }
    }

    // MARK: Child events

    @inlinable
    func childReceived(_ subscription: Subscription, from id: Int, slot: Int) {
        lock.lock(owner: self)
        guard !done, holds(slot, id) else {
            // A SwitchToLatest child that has finished is left alone, as Combine does.
            let ignore = !done && switching && id == nextChild - 1
            lock.unlock(owner: self)
            if !ignore {
                subscription.cancel()
            }
            return
        }
        guard !slots[slot].isSubscribed else {
            lock.unlock(owner: self)
            subscription.cancel()
            return
        }
        slots[slot].hold(subscription)
        let ask: Subscribers.Demand = switching ? demand : (demand == .unlimited ? .unlimited : .max(1))
        lock.unlock(owner: self)
        if ask > 0 {
            subscription.request(ask)
        }
    }

    @inlinable
    func childReceived(_ value: Output, from id: Int, slot: Int) -> Subscribers.Demand {
        let me = ReentrantLock.currentThread
        if delivery.compareExchange(
            expected: FlattenDelivery.open, desired: me | FlattenDelivery.open, ordering: .acquiring
        ).exchanged {
            return deliverOpenly(value, me: me)
        }
        lockClosed()
        guard !done, counts(id) else {
            unlockReopened()
            return .none
        }
        guard demand > 0, buffer.isEmpty, deliverer == 0 || (deliverer == me && nesting < Self.maxNesting),
            downstream != nil
        else {
            // A SwitchToLatest value nobody asked for is an API violation, as in Combine (dropped
            // under a violation handler).
            if !switching || demand > 0 {
                buffer.append((id, slot, value))
            } else if downstream != nil {
                unlockReopened()
                APIViolation.report(.valueWithoutDemand)
                return .none
            }
            unlockReopened()
            return .none
        }
        let outermost = deliverer == 0
        deliverer = me
        let unlimited = demand == .unlimited
        let serially = feedsSinkSerially
        demand -= 1
        nesting += 1
        unlockReopened()
        let more = deliverToDownstream(value, serially: serially)
        lockClosed()
        nesting -= 1
        let answer: Subscribers.Demand
        if done {
            answer = .none
        } else {
            demand += more
            answer = switching ? (counts(id) ? more : .none) : (unlimited ? .none : .max(1))
        }
        if outermost {
            if done || !buffer.isEmpty || finishedNormally {
                drainAndUnlock()
                return answer
            }
            // Nothing waits and nothing ends: what `drainAndUnlock` would find, without the call.
            deliverer = 0
        }
        unlockReopened()
        return answer
    }

    /// A child's value delivered without the lock: this thread took `delivery` open, so FlatMap's
    /// demand is unlimited, nothing waits and nothing has ended, and it is the deliverer until it
    /// puts `delivery` back. If a thread holding the lock closed it meanwhile (a value left waiting,
    /// a cancel, an end), the delivery settles under the lock as the locked path does.
    @inlinable
    func deliverOpenly(_ value: Output, me: UInt) -> Subscribers.Demand {
        nesting += 1
        let more = deliverToDownstream(value, serially: feedsSinkSerially)
        nesting -= 1
        if delivery.compareExchange(
            expected: me | FlattenDelivery.open, desired: FlattenDelivery.open, ordering: .releasing
        ).exchanged {
            return .none
        }
        lockClosed()
        if !done {
            demand += more
        }
        if done || !buffer.isEmpty || finishedNormally {
            drainAndUnlock()
            return .none
        }
        deliverer = 0
        unlockReopened()
        return .none
    }

    /// Hands `value` to `downstream` (a reference the caller holds) while this thread is the
    /// deliverer; a sink fed serially takes it uncounted.
    @inlinable @inline(__always)
    func deliver(_ value: Output, to downstream: Downstream, serially: Bool) -> Subscribers.Demand {
        guard serially, Downstream.self == Subscribers.Sink<Output, Failure>.self else {
            return downstream.receive(value)
        }
        _identityCast(downstream, to: Subscribers.Sink<Output, Failure>.self).receiveSerially(value)
        return .none
    }

    /// Hands `value` to the downstream, which must be set, while this thread is the deliverer. A
    /// sink is borrowed in place, not copied (a retain and a release per value): while a delivery
    /// is under way, nothing lets the downstream go but the outermost delivery, once it is over.
    /// `serially`: `feedsSinkSerially`, read holding the lock (the value goes uncounted).
    @inlinable @inline(__always)
    func deliverToDownstream(_ value: Output, serially: Bool) -> Subscribers.Demand {
        guard Downstream.self == Subscribers.Sink<Output, Failure>.self else {
            return downstream.unsafelyUnwrapped.receive(value)
        }
        let address = withUnsafeMutablePointer(to: &downstream) {
            UnsafeRawPointer($0).load(as: UnsafeRawPointer.self)
        }
        return Unmanaged<Subscribers.Sink<Output, Failure>>.fromOpaque(address)._withUnsafeGuaranteedRef {
            guard serially else { return $0.receive(value) }
            $0.receiveSerially(value)
            return .none
        }
    }

    @inlinable
    func childFinished(_ id: Int, slot: Int) {
        lockClosed()
        guard !done, counts(id) else {
            unlockReopened()
            return
        }
        if switching, holds(slot, id), !slots[slot].isSubscribed {
            return completedBeforeSubscription()
        }
        if holds(slot, id) {
            _ = removeChild(at: slot)
        }
        // Combine asks for another publisher each time a child says it finished.
        let upstream = !switching && maxPublishers != .unlimited && upstreamPhase == .subscribed ? self.upstream : nil
        guard finishedNormally else {
            unlockReopened()
            upstream?.subscription.request(.max(1))
            return
        }
        let end = endLocked(.finished)
        unlockReopened()
        send(.finished, to: end)
    }

    @inlinable
    func childFailed(_ id: Int, slot: Int, _ completion: Subscribers.Completion<Failure>) {
        lockClosed()
        guard !done, counts(id) else {
            unlockReopened()
            return
        }
        if switching, holds(slot, id), !slots[slot].isSubscribed {
            return completedBeforeSubscription()
        }
        if holds(slot, id) {
            _ = removeChild(at: slot)
        }
        let children = takeChildren()
        // FlatMap lets go of its upstream without cancelling it; SwitchToLatest cancels it (Combine).
        let upstream = self.upstream
        self.upstream = nil
        upstreamPhase = .ended
        let end = endLocked(completion)
        unlockReopened()
        for child in children {
            child.cancel()
        }
        if switching {
            upstream?.subscription.cancel()
        }
        send(completion, to: end)
    }

    /// A SwitchToLatest child completed before its subscription: an API violation, as in Combine
    /// (ignored under a violation handler). Called holding the lock; releases it.
    @usableFromInline
    func completedBeforeSubscription() {
        unlockReopened()
        APIViolation.report(.completionBeforeSubscription)
    }

    // MARK: Delivery

    /// Sends waiting values while there is demand, then the completion if it is due (called with
    /// the lock held by the thread delivering, outside any delivery; returns with it released).
    /// FlatMap asks a child for one more value for each of its waiting values sent (while the
    /// demand is limited); SwitchToLatest asks the newest child for what the downstream answered.
    @inlinable
    func drainAndUnlock() {
        while true {
            if done {
                deliverer = 0
                let completion = pending
                pending = nil
                var downstream: Downstream?
                swap(&downstream, &self.downstream)
                let lettingGo = feedsSinkSerially
                unlockReopened()
                if let completion {
                    downstream?.receive(completion: completion)
                }
                if lettingGo { letGo(downstream) }
                return
            }
            if demand > 0, let downstream, let next = buffer.popFirst() {
                let (id, slot, value) = next
                demand -= 1
                let child: Subscription?
                if switching || demand != .unlimited, counts(id), holds(slot, id) {
                    child = slots[slot].subscription
                } else {
                    child = nil
                }
                nesting += 1
                let serially = feedsSinkSerially
                unlockReopened()
                let more = deliver(value, to: downstream, serially: serially)
                if let child {
                    if !switching {
                        child.request(.max(1))
                    } else if more > 0 {
                        child.request(more)
                    }
                }
                lockClosed()
                nesting -= 1
                if !done {
                    demand += more
                }
                continue
            }
            if finishedNormally {
                done = true
                transform = nil
                pending = .finished
                continue
            }
            deliverer = 0
            unlockReopened()
            return
        }
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

/// The subscriber attached to one child publisher of a `FlattenCore`: passes the child's events
/// on, tagged with the child's number and slot. It keeps no reference to its subscription (the
/// core does), so a subject's conduit may keep it inside itself (`SubjectCarriedSubscriber`).
@usableFromInline
internal struct FlattenChild<Outer, Child: Publisher, Downstream: Subscriber>: Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, SubjectCarriedSubscriber
    where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure
{
    @usableFromInline typealias Input = Child.Output
    @usableFromInline typealias Failure = Child.Failure

    @usableFromInline let core: FlattenCore<Outer, Child, Downstream>
    @usableFromInline let id: Int
    /// The child's slot in the core.
    @usableFromInline let slot: Int
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(core: FlattenCore<Outer, Child, Downstream>, id: Int, slot: Int) {
        self.core = core
        self.id = id
        self.slot = slot
    }

    @usableFromInline
    var description: String { core.description }

    /// The subscription it belongs to, by identifier, as Combine shows an inner subscriber.
    @usableFromInline
    var customMirror: Mirror {
        Mirror(self, children: ["parentSubscription": core.combineIdentifier])
    }

    @usableFromInline
    var playgroundDescription: Any { core.description }

    @inlinable
    func receive(subscription: Subscription) {
        core.childReceived(subscription, from: id, slot: slot)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        core.childReceived(input, from: id, slot: slot)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished:
            core.childFinished(id, slot: slot)
        case .failure:
            core.childFailed(id, slot: slot, completion)
        }
    }
}
