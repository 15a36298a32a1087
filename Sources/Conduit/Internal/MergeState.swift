/// The `FanInState` of `merge` and `MergeMany`: every value any lane sends goes out, in the order
/// the values arrived (a typed ring buffer of values tagged with their lane's slot). An upstream
/// is never asked for more than the downstream's outstanding demand.
///
/// Lanes live in an array of slots; a lane that finished, failed or was released gets a new
/// generation, so its later events are ignored. The whole finishes once every lane has finished
/// with nothing left to deliver.
@usableFromInline
internal struct MergeState<Output>: FanInState {
    /// A slot and the generation of the lane that uses it.
    @usableFromInline
    struct Lane {
        @usableFromInline let slot: Int
        @usableFromInline let generation: Int
        @inlinable init(slot: Int, generation: Int) {
            self.slot = slot
            self.generation = generation
        }
    }

    /// What is known of the lane in one slot.
    @usableFromInline
    struct LaneState {
        @usableFromInline var subscription: Subscription?
        /// What the upstream was asked for and has not sent yet.
        @usableFromInline var outstanding = Subscribers.Demand.none
        /// How many of this lane's values wait in the queue.
        @usableFromInline var queued = 0
        /// Finished, failed, cancelled, replaced or free: its events are ignored.
        @usableFromInline var finished = false
        /// Tells the lanes that used this slot apart.
        @usableFromInline var generation = 0
        @inlinable init() {}
    }

    @usableFromInline var lanes: [LaneState]
    /// Slots a new lane may reuse.
    @usableFromInline var free: [Int] = []
    /// How many lanes have not finished.
    @usableFromInline var activeLanes: Int
    /// No lane will be added any more (always true: merge's lanes are fixed).
    @usableFromInline var sealed: Bool
    /// Values waiting for demand or for the current delivery to return, with their lane's slot.
    @usableFromInline var queue = RingBuffer<(slot: Int, value: Output)>()
    /// The value `put` just took, until `outputAfterPut` (under the same lock) sends or queues it.
    @usableFromInline var arrival: (slot: Int, value: Output)?
    /// The demand is unlimited and every subscribed lane was asked for unlimited values already.
    @usableFromInline var lanesUnlimited = false

    /// `count` lanes, in slots `0..<count`; all of them given at once.
    @inlinable
    init(lanes count: Int, sealed: Bool) {
        lanes = Array(repeating: LaneState(), count: count)
        activeLanes = count
        self.sealed = sealed
    }

    @inlinable
    func isLive(_ lane: Lane) -> Bool {
        lanes[lane.slot].generation == lane.generation && !lanes[lane.slot].finished
    }

    @inlinable
    mutating func attach(_ subscription: Subscription, to lane: Lane,
        demand: Subscribers.Demand) -> Subscribers.Demand? {
        guard isLive(lane), lanes[lane.slot].subscription == nil else { return nil }
        lanes[lane.slot].subscription = subscription
        return topUp(lane.slot, demand: demand)
    }

    /// Takes a value a live lane sent; `outputAfterPut` then lets it go out at once or queues it.
    @inlinable
    mutating func put(_ value: Output, from lane: Lane) {
        if lanes[lane.slot].outstanding != .unlimited, lanes[lane.slot].outstanding > 0 {
            lanes[lane.slot].outstanding -= 1
        }
        arrival = (lane.slot, value)
    }

    /// The value just put goes out at once if the core is `idle` and nothing older waits;
    /// otherwise it joins the queue.
    @inlinable
    mutating func outputAfterPut(idle: Bool) -> Output? {
        guard let (slot, value) = arrival else { return nil }
        arrival = nil
        if idle, queue.isEmpty {
            return value
        }
        lanes[slot].queued += 1
        queue.append((slot, value))
        return nil
    }

    @inlinable
    mutating func finish(_ lane: Lane) {
        lanes[lane.slot].finished = true
        lanes[lane.slot].subscription = nil
        activeLanes -= 1
        if lanes[lane.slot].queued == 0 {
            freeSlot(lane.slot)
        }
    }

    @inlinable
    mutating func detach(_ lane: Lane) {
        lanes[lane.slot].subscription = nil
    }

    @inlinable
    mutating func nextOutput() -> Output? {
        guard let (slot, value) = queue.popFirst() else { return nil }
        lanes[slot].queued -= 1
        if lanes[slot].finished, lanes[slot].queued == 0 {
            freeSlot(slot)
        }
        return value
    }

    @inlinable
    var isFinished: Bool {
        sealed && activeLanes == 0 && queue.isEmpty
    }

    @inlinable
    mutating func requested(_ amount: Subscribers.Demand, demand: Subscribers.Demand) -> [(Subscription,
        Subscribers.Demand)]? {
        nil
    }

    @inlinable
    mutating func deliveryAsked(_ amount: Subscribers.Demand) {}

    @inlinable
    static var deliversOneBeyondDemand: Bool { false }

    @inlinable
    mutating func answering(_ lane: Lane) {}

    @inlinable
    mutating func takeAnswer() -> Subscribers.Demand { .none }

    /// Tops every lane up to the outstanding demand.
    @inlinable @inline(__always)
    mutating func requestsAfterDelivery(demand: Subscribers.Demand) -> [(Subscription, Subscribers.Demand)]? {
        guard demand > 0, !lanesUnlimited else { return nil }
        return topUpAll(demand: demand)
    }

    /// Tops every lane up to the outstanding `demand` (> 0); returns the requests to make.
    @inlinable
    mutating func topUpAll(demand: Subscribers.Demand) -> [(Subscription, Subscribers.Demand)] {
        var requests: [(Subscription, Subscribers.Demand)] = []
        for slot in lanes.indices {
            guard let subscription = lanes[slot].subscription else { continue }
            let amount = topUp(slot, demand: demand)
            if amount > 0 {
                requests.append((subscription, amount))
            }
        }
        lanesUnlimited = demand == .unlimited
        return requests
    }

    /// What to ask the lane's upstream for so that it may send what the downstream's outstanding
    /// `demand` allows.
    @inlinable
    mutating func topUp(_ slot: Int, demand: Subscribers.Demand) -> Subscribers.Demand {
        guard !lanes[slot].finished else { return .none }
        guard demand > 0 else { return .none }
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
    mutating func freeSlot(_ slot: Int) {
        lanes[slot].generation &+= 1
        lanes[slot].finished = true
        lanes[slot].queued = 0
        free.append(slot)
    }

    @inlinable
    mutating func releaseAll() -> [Subscription] {
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
}

extension FanInCore {
    /// A core for `merge` of `count` upstreams.
    @inlinable
    convenience init(downstream: Downstream, lanes count: Int, sealed: Bool = true, name: String)
        where State == MergeState<Downstream.Input>
    {
        self.init(downstream: downstream, state: MergeState(lanes: count, sealed: sealed), name: name)
    }

    /// The subscriber of lane `index`, of those made by the initialiser.
    @inlinable
    func lane(_ index: Int) -> FanInLane<Downstream, State, Downstream.Input>
        where State == MergeState<Downstream.Input>
    {
        lane(MergeState.Lane(slot: index, generation: 0)) { $0.put($2, from: $1) }
    }
}
