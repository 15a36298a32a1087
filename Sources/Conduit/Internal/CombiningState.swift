/// The `FanInState` of `zip` and `combineLatest`: a fixed set of lanes told apart by index, their
/// values kept typed in `Storage` (one struct per rule and arity). Every downstream request is
/// passed to every upstream, as Combine does; a request made before a lane's subscription arrived
/// waits for it. What the downstream asks for while an output made by a lane's value is being
/// delivered goes back to that lane as its answer, and is requested from the others.
@usableFromInline
internal struct CombiningState<Storage: CombiningStorage>: FanInState {
    @usableFromInline typealias Output = Storage.Output
    @usableFromInline typealias Lane = Int

    /// What is known of one upstream.
    @usableFromInline
    struct LaneState {
        @usableFromInline var subscription: Subscription?
        /// Demand passed on while the lane had no subscription yet.
        @usableFromInline var pendingRequest = Subscribers.Demand.none
        @usableFromInline var finished = false
        @inlinable init() {}
    }

    @usableFromInline var storage = Storage()
    @usableFromInline var lanes: [LaneState]
    @usableFromInline var finishedLanes = 0
    /// Demand the downstream returned from deliveries, to pass on once the delivery loop stops.
    @usableFromInline var askedWhileDelivering = Subscribers.Demand.none
    /// The lane whose value made the output being delivered from inside its upstream's call.
    @usableFromInline var answerLane: Int?
    /// Demand passed on to `answerLane` meanwhile, to return to it.
    @usableFromInline var answer = Subscribers.Demand.none

    @inlinable
    init(lanes count: Int) {
        lanes = Array(repeating: LaneState(), count: count)
    }

    @inlinable
    func isLive(_ lane: Int) -> Bool {
        !lanes[lane].finished
    }

    @inlinable
    mutating func attach(_ subscription: Subscription, to lane: Int,
        demand: Subscribers.Demand) -> Subscribers.Demand? {
        guard lanes[lane].subscription == nil, !lanes[lane].finished else { return nil }
        lanes[lane].subscription = subscription
        let amount = lanes[lane].pendingRequest
        lanes[lane].pendingRequest = .none
        return amount
    }

    @inlinable
    mutating func finish(_ lane: Int) {
        lanes[lane].finished = true
        lanes[lane].subscription = nil
        finishedLanes += 1
    }

    /// Zip keeps a failed lane's subscription, so it is cancelled with the others (as Combine does).
    @inlinable
    mutating func detach(_ lane: Int) {
        if !Storage.finishesWithFirstExhaustedLane {
            lanes[lane].subscription = nil
        }
    }

    @inlinable
    static var deliversOneBeyondDemand: Bool { Storage.finishesWithFirstExhaustedLane }

    @inlinable
    mutating func answering(_ lane: Int) {
        answerLane = lane
    }

    @inlinable
    mutating func takeAnswer() -> Subscribers.Demand {
        let answer = self.answer
        answerLane = nil
        self.answer = .none
        return answer
    }

    @inlinable
    mutating func outputAfterPut(idle: Bool) -> Output? {
        idle ? storage.nextOutput() : nil
    }

    @inlinable
    mutating func nextOutput() -> Output? {
        storage.nextOutput()
    }

    /// Zip: as soon as a finished lane has nothing left to pair; combineLatest: once every lane
    /// finished and the last combination went out.
    @inlinable
    var isFinished: Bool {
        guard finishedLanes > 0 else { return false }
        if Storage.finishesWithFirstExhaustedLane {
            for index in lanes.indices where lanes[index].finished && storage.isEmpty(lane: index) {
                return true
            }
            return false
        }
        return finishedLanes == lanes.count && !storage.hasOutput
    }

    @inlinable
    mutating func requested(_ amount: Subscribers.Demand, demand: Subscribers.Demand) -> [(Subscription,
        Subscribers.Demand)]? {
        passOn(amount)
    }

    @inlinable
    mutating func deliveryAsked(_ amount: Subscribers.Demand) {
        askedWhileDelivering += amount
    }

    @inlinable @inline(__always)
    mutating func requestsAfterDelivery(demand: Subscribers.Demand) -> [(Subscription, Subscribers.Demand)]? {
        guard askedWhileDelivering > 0 else { return nil }
        let amount = askedWhileDelivering
        askedWhileDelivering = .none
        return passOn(amount)
    }

    /// Passes `amount` to every unfinished lane (or keeps it for a lane whose subscription has not
    /// arrived); returns the requests to make.
    @inlinable
    mutating func passOn(_ amount: Subscribers.Demand) -> [(Subscription, Subscribers.Demand)] {
        var requests: [(Subscription, Subscribers.Demand)] = []
        for index in lanes.indices where !lanes[index].finished {
            if index == answerLane {
                answer += amount
            } else if let subscription = lanes[index].subscription {
                requests.append((subscription, amount))
            } else {
                lanes[index].pendingRequest += amount
            }
        }
        return requests
    }

    @inlinable
    mutating func releaseAll() -> [Subscription] {
        var subscriptions: [Subscription] = []
        for index in lanes.indices {
            if let subscription = lanes[index].subscription {
                subscriptions.append(subscription)
            }
            lanes[index].subscription = nil
            lanes[index].finished = true
        }
        storage.removeAll()
        return subscriptions
    }
}

extension FanInCore {
    /// A core for `zip` or `combineLatest` of `count` upstreams, whose values `Storage` keeps.
    @inlinable
    convenience init<Storage>(downstream: Downstream, lanes count: Int, name: String)
        where State == CombiningState<Storage>
    {
        self.init(downstream: downstream, state: CombiningState(lanes: count), name: name)
    }
}
