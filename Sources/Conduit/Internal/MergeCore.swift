/// The subscription that `Merge`…`Merge8`, `MergeMany`, `FlatMap` and `SwitchToLatest` hand
/// downstream: every value any of its lanes (`MergeLane`, one per upstream or inner publisher)
/// sends goes out, in the order the values arrived.
///
/// Deliveries never overlap and no lock is held while the downstream or an upstream runs: the
/// thread that finds the core idle delivers ("drains"), others queue their values (typed, in a
/// ring buffer). A value that arrives while the core is idle with demand goes out at once, without
/// the queue. An upstream is never asked for more than the downstream's outstanding demand. It
/// finishes once it is sealed (no lane will be added) and every lane has finished; any failure
/// fails the whole and cancels the other lanes. `@usableFromInline` with `@inlinable` members, so
/// a client's pipeline runs specialised code.
@usableFromInline
internal final class MergeCore<Downstream: Subscriber>: Subscription, CustomStringConvertible,
    @unchecked Sendable
{
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let lock = Lock()
    @usableFromInline let name: String
    @exclusivity(unchecked) @usableFromInline var downstream: Downstream?
    /// The lanes by slot; `free` lists the slots a new lane may reuse.
    @exclusivity(unchecked) @usableFromInline var lanes: [MergeLaneState] = []
    @exclusivity(unchecked) @usableFromInline var free: [Int] = []
    /// How many lanes have not finished.
    @exclusivity(unchecked) @usableFromInline var activeLanes = 0
    /// No lane will be added any more (always true but for FlatMap before its upstream finished).
    @exclusivity(unchecked) @usableFromInline var sealed: Bool
    @exclusivity(unchecked) @usableFromInline var demand = Subscribers.Demand.none
    /// Values waiting for demand or for the current delivery to return, with their lane's slot.
    @exclusivity(unchecked) @usableFromInline var queue = RingBuffer<(slot: Int, value: Output)>()
    /// The demand is unlimited and every subscribed lane was asked for unlimited values already.
    @exclusivity(unchecked) @usableFromInline var lanesUnlimited = false
    /// A completion to deliver as soon as the current delivery (if any) returns.
    @exclusivity(unchecked) @usableFromInline var terminal: Subscribers.Completion<Failure>?
    @exclusivity(unchecked) @usableFromInline var draining = false
    /// Completed or cancelled: nothing more happens.
    @exclusivity(unchecked) @usableFromInline var done = false
    /// FlatMap: ask every inner publisher for one value as soon as it is subscribed, even with no
    /// downstream demand, as Combine does, so values wait in the queue in the order they arrived
    /// (a sender's values keep their order even when an inner's slot is reused). Set before use.
    @exclusivity(unchecked) @usableFromInline var prefetchOne = false

    /// Called (outside the lock) after a lane finished normally; FlatMap asks for another publisher.
    @exclusivity(unchecked) @usableFromInline var laneFinished: (() -> Void)?
    /// Called (outside the lock) once if the core fails or is cancelled; FlatMap cancels its upstream.
    @exclusivity(unchecked) @usableFromInline var terminated: (() -> Void)?

    /// Creates a core with `count` lanes (add more with `addLane` if `sealed` is false).
    @inlinable
    init(downstream: Downstream, lanes count: Int, sealed: Bool = true, name: String) {
        self.downstream = downstream
        self.sealed = sealed
        self.name = name
        self.lanes = Array(repeating: MergeLaneState(), count: count)
        self.activeLanes = count
    }

    @usableFromInline
    var description: String { name }

    /// The subscriber of lane `index` (of those made by the initialiser).
    @inlinable
    func lane(_ index: Int) -> MergeLane<Downstream> {
        MergeLane(core: self, slot: index, generation: 0)
    }

    // MARK: Set-up (FlatMap, SwitchToLatest)

    /// Adds a lane (a new inner publisher) and returns its subscriber, or nil once terminated.
    ///
    /// With `replacing` (SwitchToLatest) the other lanes are cancelled and forgotten first, with
    /// their waiting values: whatever they send afterwards is ignored.
    @inlinable
    func addLane(replacing: Bool) -> MergeLane<Downstream>? {
        lock.lock()
        guard !done, terminal == nil else {
            lock.unlock()
            return nil
        }
        var toCancel: [Subscription] = []
        if replacing {
            toCancel = releaseLanes()
        }
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            lanes[slot].finished = false
            lanes[slot].outstanding = .none
            lanes[slot].queued = 0
        } else {
            slot = lanes.count
            lanes.append(MergeLaneState())
        }
        activeLanes += 1
        let lane = MergeLane(core: self, slot: slot, generation: lanes[slot].generation)
        lock.unlock()
        for subscription in toCancel {
            subscription.cancel()
        }
        return lane
    }

    /// Delivers `value` as if an inner publisher had sent it and finished, if the core is idle
    /// with demand (FlatMap's synchronous `Just`); returns false, doing nothing, otherwise.
    @inlinable
    func deliverIfIdle(_ value: Output) -> Bool {
        lock.lock()
        guard !done, terminal == nil else {
            lock.unlock()
            return true
        }
        guard !draining, demand > 0, queue.isEmpty, let downstream else {
            lock.unlock()
            return false
        }
        demand -= 1
        draining = true
        lock.unlock()
        let more = downstream.receive(value)
        drain(after: more)
        return true
    }

    /// Tells the core that no more lanes will be added (FlatMap: its upstream finished).
    @inlinable
    func seal() {
        lock.withLock { sealed = true }
        drain(after: nil)
    }

    /// Fails the whole (FlatMap: its upstream failed).
    @inlinable
    func fail(_ error: Failure) {
        terminate(with: .failure(error))
    }

    // MARK: Subscription

    @inlinable
    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "demand must not be zero")
        lock.lock()
        guard !done else {
            lock.unlock()
            return
        }
        demand += newDemand
        lock.unlock()
        drain(after: nil)
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
        let subscriptions = releaseLanes()
        let terminated = self.terminated
        self.terminated = nil
        laneFinished = nil
        lock.unlock()
        for subscription in subscriptions {
            subscription.cancel()
        }
        terminated?()
    }

    // MARK: Lane events

    /// Whether the lane in `slot` is the live lane of `generation`. Lock held.
    @inlinable
    func isLive(_ slot: Int, _ generation: Int) -> Bool {
        !done && terminal == nil && lanes[slot].generation == generation && !lanes[slot].finished
    }

    @inlinable
    func laneReceived(_ slot: Int, _ generation: Int, subscription: Subscription) {
        lock.lock()
        guard isLive(slot, generation), lanes[slot].subscription == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        lanes[slot].subscription = subscription
        let amount = topUp(slot)
        lock.unlock()
        if amount > 0 {
            subscription.request(amount)
        }
    }

    @inlinable
    func laneReceived(_ slot: Int, _ generation: Int, value: Output) -> Subscribers.Demand {
        lock.lock()
        guard isLive(slot, generation) else {
            lock.unlock()
            return .none
        }
        if lanes[slot].outstanding != .unlimited, lanes[slot].outstanding > 0 {
            lanes[slot].outstanding -= 1
        }
        // Idle with demand and nothing older waiting: deliver now.
        if !draining, demand > 0, queue.isEmpty, let downstream {
            demand -= 1
            draining = true
            lock.unlock()
            let more = downstream.receive(value)
            drain(after: more)
            return .none
        }
        // Otherwise the drainer, or the next request, takes it from the queue.
        lanes[slot].queued += 1
        queue.append((slot, value))
        lock.unlock()
        return .none
    }

    @inlinable
    func laneReceived(_ slot: Int, _ generation: Int, completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard isLive(slot, generation) else {
            lock.unlock()
            return
        }
        switch completion {
        case .failure:
            lanes[slot].subscription = nil
            lock.unlock()
            terminate(with: completion)
        case .finished:
            lanes[slot].finished = true
            lanes[slot].subscription = nil
            activeLanes -= 1
            if lanes[slot].queued == 0 {
                freeSlot(slot)
            }
            let laneFinished = self.laneFinished
            lock.unlock()
            laneFinished?()
            drain(after: nil)
        }
    }

    // MARK: Delivery

    /// Delivers what can be delivered, then the completion if it is due. With `more`, the caller
    /// has just delivered a value (it holds the `draining` role) and the downstream asked for
    /// `more`; without it, the loop runs only if no other thread is delivering.
    @inlinable
    func drain(after more: Subscribers.Demand?) {
        lock.lock()
        if let more {
            if more > 0, !done {
                demand += more
            }
        } else {
            guard !draining, !done else {
                lock.unlock()
                return
            }
            draining = true
        }
        while true {
            if done {
                draining = false
                lock.unlock()
                return
            }
            if let completion = terminal {
                done = true
                draining = false
                let downstream = self.downstream
                self.downstream = nil
                let toCancel = releaseLanes()
                let terminated: (() -> Void)?
                if case .failure = completion { terminated = self.terminated } else { terminated = nil }
                self.terminated = nil
                laneFinished = nil
                lock.unlock()
                for subscription in toCancel {
                    subscription.cancel()
                }
                terminated?()
                downstream?.receive(completion: completion)
                return
            }
            if demand > 0, let downstream, let (slot, value) = queue.popFirst().map({ ($0.slot, $0.value) }) {
                lanes[slot].queued -= 1
                if lanes[slot].finished, lanes[slot].queued == 0 {
                    freeSlot(slot)
                }
                demand -= 1
                lock.unlock()
                let more = downstream.receive(value)
                lock.lock()
                if more > 0, !done {
                    demand += more
                }
                continue
            }
            if sealed, activeLanes == 0, queue.isEmpty {
                terminal = .finished
                continue
            }
            break
        }
        draining = false
        guard demand > 0, !lanesUnlimited else {
            lock.unlock()
            return
        }
        var requests: [(Subscription, Subscribers.Demand)] = []
        for slot in lanes.indices {
            guard let subscription = lanes[slot].subscription else { continue }
            let amount = topUp(slot)
            if amount > 0 {
                requests.append((subscription, amount))
            }
        }
        lanesUnlimited = demand == .unlimited
        lock.unlock()
        for (subscription, amount) in requests {
            subscription.request(amount)
        }
    }

    // MARK: Helpers (lock held)

    /// Asks the lane's upstream for what the downstream's outstanding demand allows.
    @inlinable
    func topUp(_ slot: Int) -> Subscribers.Demand {
        guard !lanes[slot].finished else { return .none }
        guard demand > 0 else {
            guard prefetchOne, lanes[slot].outstanding == .none, lanes[slot].queued == 0 else { return .none }
            lanes[slot].outstanding = .max(1)
            return .max(1)
        }
        if demand == .unlimited {
            guard lanes[slot].outstanding != .unlimited else { return .none }
            lanes[slot].outstanding = .unlimited
            return .unlimited
        }
        let have = lanes[slot].outstanding + lanes[slot].queued
        guard demand > have else { return .none }
        let amount = demand - have
        lanes[slot].outstanding += amount
        return amount
    }

    /// Makes a finished lane's slot available to a later lane; its old subscriber is ignored from now on.
    @inlinable
    func freeSlot(_ slot: Int) {
        lanes[slot].generation &+= 1
        lanes[slot].finished = true
        lanes[slot].queued = 0
        free.append(slot)
    }

    /// Forgets every lane and the waiting values; returns the subscriptions to cancel.
    @inlinable
    func releaseLanes() -> [Subscription] {
        var subscriptions: [Subscription] = []
        for slot in lanes.indices {
            if let subscription = lanes[slot].subscription {
                subscriptions.append(subscription)
                lanes[slot].subscription = nil
            }
            if !lanes[slot].finished || lanes[slot].queued > 0 {
                freeSlot(slot)
            }
        }
        activeLanes = 0
        queue.removeAll()
        return subscriptions
    }

    /// Ends the whole with `completion` (a failure, or FlatMap's upstream failing): the lanes are
    /// cancelled at once, and the completion is delivered when no delivery is under way.
    @inlinable
    func terminate(with completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !done, terminal == nil else {
            lock.unlock()
            return
        }
        terminal = completion
        let subscriptions = releaseLanes()
        lock.unlock()
        for subscription in subscriptions {
            subscription.cancel()
        }
        drain(after: nil)
    }
}

/// What a `MergeCore` knows of one lane; a slot is reused for a later lane (FlatMap) once its
/// lane finished and none of its values wait, with a new `generation`.
@usableFromInline
internal struct MergeLaneState {
    @usableFromInline var subscription: Subscription?
    /// What the upstream was asked for and has not sent yet.
    @usableFromInline var outstanding = Subscribers.Demand.none
    /// How many of this lane's values wait in the core's queue.
    @usableFromInline var queued = 0
    /// Finished, failed, cancelled, replaced or free: its events are ignored.
    @usableFromInline var finished = false
    /// Tells the lanes that used this slot apart.
    @usableFromInline var generation = 0

    @inlinable
    init() {}
}

/// The subscriber attached to one upstream (or inner publisher) of a `MergeCore`: passes that
/// upstream's events to the core, tagged with its slot and generation.
@usableFromInline
internal struct MergeLane<Downstream: Subscriber>: Subscriber, CustomStringConvertible {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let core: MergeCore<Downstream>
    @usableFromInline let slot: Int
    @usableFromInline let generation: Int
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(core: MergeCore<Downstream>, slot: Int, generation: Int) {
        self.core = core
        self.slot = slot
        self.generation = generation
    }

    @usableFromInline
    var description: String { core.description }

    @inlinable
    func receive(subscription: Subscription) {
        core.laneReceived(slot, generation, subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        core.laneReceived(slot, generation, value: input)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        core.laneReceived(slot, generation, completion: completion)
    }
}
