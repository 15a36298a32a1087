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

    @usableFromInline let lock = Lock()
    @usableFromInline let name: String
    /// FlatMap's limit on children at once; nil for SwitchToLatest.
    @usableFromInline let maxPublishers: Subscribers.Demand?
    /// SwitchToLatest: only the newest child counts.
    @usableFromInline let switching: Bool
    /// The children are `Just`s: their value is taken without subscribing (when nothing observes).
    @usableFromInline let childIsJust: Bool
    @exclusivity(unchecked) @usableFromInline var transform: ((Outer) -> Child)?
    @exclusivity(unchecked) @usableFromInline var downstream: Downstream?
    @exclusivity(unchecked) @usableFromInline var upstream: Subscription?
    @exclusivity(unchecked) @usableFromInline var upstreamPhase = UpstreamPhase.awaitingSubscription
    /// The downstream's outstanding demand.
    @exclusivity(unchecked) @usableFromInline var demand = Subscribers.Demand.none
    /// The children that have not finished, by number, with their subscription once it arrived.
    @exclusivity(unchecked) @usableFromInline var children: [Int: Subscription?] = [:]
    /// The number the next child gets; SwitchToLatest's newest child is `nextChild - 1`.
    @exclusivity(unchecked) @usableFromInline var nextChild = 0
    /// Values waiting for demand or for another thread's delivery, with their child's number.
    @exclusivity(unchecked) @usableFromInline var buffer = RingBuffer<(child: Int, value: Output)>()
    /// The thread delivering to the downstream (0 when none).
    @exclusivity(unchecked) @usableFromInline var deliverer: UInt = 0
    /// How many deliveries of values the delivering thread has under way, one inside another.
    @exclusivity(unchecked) @usableFromInline var nesting = 0
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
        upstreamPhase == .ended && children.isEmpty && buffer.isEmpty
    }

    /// Decides the end with `completion` (lock held): returns the downstream to send it to now, or
    /// nil when another thread is delivering (it sends the completion once its delivery returns).
    @inlinable
    func endLocked(_ completion: Subscribers.Completion<Failure>) -> Downstream? {
        done = true
        transform = nil
        buffer.removeAll()
        if deliverer == 0 || deliverer == ReentrantLock.currentThread {
            let downstream = self.downstream
            self.downstream = nil
            return downstream
        }
        pending = completion
        return nil
    }

    /// Takes every child's subscription (lock held), to cancel after unlocking.
    @inlinable
    func takeChildren() -> [Subscription] {
        let subscriptions = children.values.compactMap { $0 }
        children.removeAll()
        return subscriptions
    }

    // MARK: Subscription (downstream)

    @inlinable
    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "demand must not be zero")
        lock.lock()
        guard !done else {
            lock.unlock()
            return
        }
        let wasUnlimited = demand == .unlimited
        demand += newDemand
        var unlimitedChildren: [Subscription] = []
        var newest: Subscription?
        if switching {
            newest = children[nextChild - 1] ?? nil
        } else if !wasUnlimited, demand == .unlimited {
            unlimitedChildren = children.values.compactMap { $0 }
        }
        let drains = deliverer == 0 && !buffer.isEmpty
        if drains {
            deliverer = ReentrantLock.currentThread
        }
        lock.unlock()
        newest?.request(newDemand)
        for child in unlimitedChildren {
            child.request(.unlimited)
        }
        if drains {
            lock.lock()
            drainAndUnlock()
        }
    }

    @inlinable
    func cancel() {
        lock.lock()
        guard !done else {
            lock.unlock()
            return
        }
        done = true
        downstream = nil
        transform = nil
        pending = nil
        buffer.removeAll()
        let children = takeChildren()
        let upstream = self.upstream
        self.upstream = nil
        upstreamPhase = .ended
        lock.unlock()
        for child in children {
            child.cancel()
        }
        upstream?.cancel()
    }

    // MARK: Subscriber (upstream of publishers)

    @inlinable
    func receive(subscription: Subscription) {
        lock.lock()
        guard !done, upstreamPhase == .awaitingSubscription else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        upstreamPhase = .subscribed
        lock.unlock()
        subscription.request(maxPublishers ?? .unlimited)
    }

    @inlinable
    func receive(_ input: Outer) -> Subscribers.Demand {
        lock.lock()
        guard !done, upstreamPhase == .subscribed, let transform else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        let child = transform(input)
        if childIsJust, !Instrumentation.isActive {
            // As if a child subscribed, sent its value and finished, without the subscription (a
            // child numbered -1 has none to ask for more).
            _ = childReceived(unsafeBitCast(child, to: Just<Output>.self).output, from: -1)
            childFinished(-1)
            return .none
        }
        lock.lock()
        guard !done else {
            lock.unlock()
            return .none
        }
        let id = nextChild
        nextChild += 1
        var replaced: Subscription?
        if switching {
            replaced = children.removeValue(forKey: id - 1) ?? nil
            buffer.removeAll()
        }
        children[id] = .some(nil)
        lock.unlock()
        replaced?.cancel()
        child.subscribe(FlattenChild(core: self, id: id))
        return .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !done, upstreamPhase != .ended else {
            lock.unlock()
            return
        }
        upstreamPhase = .ended
        upstream = nil
        switch completion {
        case .finished:
            guard finishedNormally else {
                lock.unlock()
                return
            }
            let downstream = endLocked(.finished)
            lock.unlock()
            downstream?.receive(completion: .finished)
        case .failure:
            let children = takeChildren()
            let downstream = endLocked(completion)
            lock.unlock()
            for child in children {
                child.cancel()
            }
            downstream?.receive(completion: completion)
        }
    }

    // MARK: Child events

    @inlinable
    func childReceived(_ subscription: Subscription, from id: Int) {
        lock.lock()
        guard !done, let entry = children[id] else {
            // A SwitchToLatest child that has finished is left alone, as Combine does.
            let ignore = !done && switching && id == nextChild - 1
            lock.unlock()
            if !ignore {
                subscription.cancel()
            }
            return
        }
        guard entry == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        children[id] = subscription
        let ask: Subscribers.Demand = switching ? demand : (demand == .unlimited ? .unlimited : .max(1))
        lock.unlock()
        if ask > 0 {
            subscription.request(ask)
        }
    }

    @inlinable
    func childReceived(_ value: Output, from id: Int) -> Subscribers.Demand {
        lock.lock()
        guard !done, counts(id) else {
            lock.unlock()
            return .none
        }
        let me = ReentrantLock.currentThread
        guard demand > 0, buffer.isEmpty, deliverer == 0 || (deliverer == me && nesting < Self.maxNesting),
            let downstream
        else {
            // A SwitchToLatest value nobody asked for is dropped (Combine traps).
            if !switching || demand > 0 {
                buffer.append((id, value))
            }
            lock.unlock()
            return .none
        }
        let outermost = deliverer == 0
        deliverer = me
        let unlimited = demand == .unlimited
        demand -= 1
        nesting += 1
        lock.unlock()
        let more = downstream.receive(value)
        lock.lock()
        nesting -= 1
        let answer: Subscribers.Demand
        if done {
            answer = .none
        } else {
            demand += more
            answer = switching ? (counts(id) ? more : .none) : (unlimited ? .none : .max(1))
        }
        if outermost {
            drainAndUnlock()
        } else {
            lock.unlock()
        }
        return answer
    }

    @inlinable
    func childFinished(_ id: Int) {
        lock.lock()
        guard !done, counts(id) else {
            lock.unlock()
            return
        }
        children.removeValue(forKey: id)
        // Combine asks for another publisher each time a child says it finished.
        let upstream = !switching && maxPublishers != .unlimited && upstreamPhase == .subscribed ? self.upstream : nil
        guard finishedNormally else {
            lock.unlock()
            upstream?.request(.max(1))
            return
        }
        let downstream = endLocked(.finished)
        lock.unlock()
        downstream?.receive(completion: .finished)
    }

    @inlinable
    func childFailed(_ id: Int, _ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !done, counts(id) else {
            lock.unlock()
            return
        }
        children.removeValue(forKey: id)
        let children = takeChildren()
        // FlatMap lets go of its upstream without cancelling it; SwitchToLatest cancels it (Combine).
        let upstream = self.upstream
        self.upstream = nil
        upstreamPhase = .ended
        let downstream = endLocked(completion)
        lock.unlock()
        for child in children {
            child.cancel()
        }
        if switching {
            upstream?.cancel()
        }
        downstream?.receive(completion: completion)
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
                let downstream = self.downstream
                self.downstream = nil
                lock.unlock()
                if let completion {
                    downstream?.receive(completion: completion)
                }
                return
            }
            if demand > 0, let downstream, let next = buffer.popFirst() {
                let (id, value) = next
                demand -= 1
                let child: Subscription?
                if switching || demand != .unlimited, counts(id), let entry = children[id] {
                    child = entry
                } else {
                    child = nil
                }
                nesting += 1
                lock.unlock()
                let more = downstream.receive(value)
                if let child {
                    if !switching {
                        child.request(.max(1))
                    } else if more > 0 {
                        child.request(more)
                    }
                }
                lock.lock()
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
            lock.unlock()
            return
        }
    }
}

/// The subscriber attached to one child publisher of a `FlattenCore`: passes the child's events
/// on, tagged with the child's number.
@usableFromInline
internal struct FlattenChild<Outer, Child: Publisher, Downstream: Subscriber>: Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
    where Child.Output == Downstream.Input, Child.Failure == Downstream.Failure
{
    @usableFromInline typealias Input = Child.Output
    @usableFromInline typealias Failure = Child.Failure

    @usableFromInline let core: FlattenCore<Outer, Child, Downstream>
    @usableFromInline let id: Int
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(core: FlattenCore<Outer, Child, Downstream>, id: Int) {
        self.core = core
        self.id = id
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
        core.childReceived(subscription, from: id)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        core.childReceived(input, from: id)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished:
            core.childFinished(id)
        case .failure:
            core.childFailed(id, completion)
        }
    }
}
