/// The shared core of every operator that subscribes to several upstreams and sends one stream
/// downstream: `Merge`…`Merge8`, `MergeMany`, `CombineLatest`…`CombineLatest4`, `Zip`…`Zip4`
/// and the inner publishers of `FlatMap`.
///
/// It is the subscription handed downstream. Each upstream is attached through a `FanInLane`;
/// the core keeps, per lane, what that upstream has sent and what it was asked for, and turns
/// them into outputs by one of three rules. Outputs are delivered by whichever thread finds the
/// core idle ("drain" loop): other threads only enqueue, so deliveries never overlap and no lock
/// is held while the downstream, an upstream or a user closure runs. A value sent into an
/// upstream from inside the downstream is delivered after the current delivery returns.
internal final class FanIn<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable {
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    /// How the values of the lanes become outputs.
    enum Rule {
        /// Every value is an output, in the order the values arrived. Upstreams are asked for no
        /// more than the downstream's outstanding demand, so at most that much waits per lane.
        case merge
        /// Once every lane has a value, each new value yields the latest value of every lane.
        /// Downstream requests are passed to every upstream; each lane keeps only its latest
        /// value, so values beyond demand replace each other.
        case combineLatest
        /// The oldest unused value of every lane together; finishes once a finished lane has
        /// nothing left to pair. Downstream requests are passed to every upstream.
        case zip
    }

    private struct Lane {
        var subscription: Subscription?
        /// Demand passed on while the lane had no subscription yet (combineLatest and zip).
        var pendingRequest = Subscribers.Demand.none
        /// What the upstream was asked for and has not sent yet (merge).
        var outstanding = Subscribers.Demand.none
        /// How many of this lane's values wait in the merge queue.
        var queued = 0
        /// The values waiting to be paired (zip).
        var buffer = FIFO<Any>()
        /// The latest value (combineLatest).
        var latest: Any?
        var finished = false
    }

    private let lock = Lock()
    private let rule: Rule
    private let name: String
    /// Builds an output from one value per lane, in lane order (combineLatest and zip), or from
    /// the single value of a lane (merge).
    private let combine: ([Any]) -> Output
    private var downstream: Downstream?
    private var lanes: [Int: Lane] = [:]
    private var laneCount: Int
    private var nextLane = 0
    /// No lane will be added any more (always true but for FlatMap before its upstream finished).
    private var sealed: Bool
    private var demand = Subscribers.Demand.none
    private var queue = FIFO<(lane: Int, value: Any)>()
    /// combineLatest: a combination not yet delivered.
    private var combinationWaiting = false
    /// A completion to deliver as soon as the current delivery (if any) returns.
    private var terminal: Subscribers.Completion<Failure>?
    private var draining = false
    /// Completed or cancelled: nothing more happens.
    private var done = false

    /// Called (outside the lock) after a lane finished normally; FlatMap asks for another publisher.
    var laneFinished: (() -> Void)?
    /// Called (outside the lock) once if the core fails or is cancelled; FlatMap cancels its upstream.
    var terminated: (() -> Void)?

    /// Creates a core with `lanes` lanes (add more with `addLane()` if `sealed` is false).
    init(
        downstream: Downstream,
        rule: Rule,
        lanes count: Int,
        sealed: Bool = true,
        name: String,
        combine: @escaping ([Any]) -> Output
    ) {
        self.downstream = downstream
        self.rule = rule
        self.name = name
        self.combine = combine
        self.laneCount = count
        self.sealed = sealed
        for index in 0..<count {
            lanes[index] = Lane()
        }
        nextLane = count
    }

    var description: String { name }

    // MARK: Set-up

    /// Creates the subscriber for lane `index`; attach it with `upstream.subscribe(_:)`.
    func lane<Input>(_ index: Int, of type: Input.Type = Input.self) -> FanInLane<Input, Downstream> {
        FanInLane(core: self, index: index)
    }

    /// Adds a lane (FlatMap: a new inner publisher) and returns its index, or nil once terminated.
    ///
    /// With `replacing` (SwitchToLatest) the other lanes are cancelled and forgotten first, with
    /// their waiting values: whatever they send afterwards is ignored.
    func addLane(replacing: Bool = false) -> Int? {
        lock.lock()
        guard !done, terminal == nil else {
            lock.unlock()
            return nil
        }
        var toCancel: [Subscription] = []
        if replacing {
            toCancel = lanes.values.compactMap { $0.subscription }
            lanes.removeAll()
            queue.removeAll()
            laneCount = 0
        }
        let index = nextLane
        nextLane += 1
        laneCount += 1
        lanes[index] = Lane()
        lock.unlock()
        for subscription in toCancel {
            subscription.cancel()
        }
        return index
    }

    /// Tells the core that no more lanes will be added (FlatMap: its upstream finished).
    func seal() {
        lock.withLock { sealed = true }
        drain()
    }

    /// Fails the whole (FlatMap: its upstream failed).
    func fail(_ error: Failure) {
        terminate(with: .failure(error))
    }

    // MARK: Subscription

    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "demand must not be zero")
        var requests: [(Subscription, Subscribers.Demand)] = []
        lock.lock()
        guard !done else {
            lock.unlock()
            return
        }
        demand += newDemand
        if rule != .merge {
            requests = passOn(newDemand)
        }
        lock.unlock()
        for (subscription, amount) in requests {
            subscription.request(amount)
        }
        drain()
    }

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

    func laneReceived(_ index: Int, subscription: Subscription) {
        lock.lock()
        guard !done, terminal == nil, var lane = lanes[index], lane.subscription == nil, !lane.finished else {
            lock.unlock()
            subscription.cancel()
            return
        }
        lane.subscription = subscription
        var amount = Subscribers.Demand.none
        if rule == .merge {
            amount = topUp(&lane)
        } else {
            amount = lane.pendingRequest
            lane.pendingRequest = .none
        }
        lanes[index] = lane
        lock.unlock()
        if amount > 0 {
            subscription.request(amount)
        }
    }

    func laneReceived(_ index: Int, value: Any) -> Subscribers.Demand {
        lock.lock()
        guard !done, terminal == nil, var lane = lanes[index], !lane.finished else {
            lock.unlock()
            return .none
        }
        switch rule {
        case .merge:
            if lane.outstanding != .unlimited, lane.outstanding > 0 {
                lane.outstanding -= 1
            }
            lane.queued += 1
            queue.append((index, value))
        case .combineLatest:
            lane.latest = value
        case .zip:
            lane.buffer.append(value)
        }
        lanes[index] = lane
        if rule == .combineLatest, lanes.values.allSatisfy({ $0.latest != nil }) {
            combinationWaiting = true
        }
        lock.unlock()
        drain()
        return .none
    }

    func laneReceived(_ index: Int, completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .failure:
            terminate(with: completion, lane: index)
        case .finished:
            lock.lock()
            guard !done, terminal == nil, var lane = lanes[index], !lane.finished else {
                lock.unlock()
                return
            }
            lane.finished = true
            lane.subscription = nil
            if rule == .merge, lane.queued == 0 {
                lanes[index] = nil
            } else {
                lanes[index] = lane
            }
            let laneFinished = self.laneFinished
            lock.unlock()
            laneFinished?()
            drain()
        }
    }

    // MARK: Delivery

    /// Delivers what can be delivered, then the completion if it is due. Only one thread at a
    /// time runs the loop; others leave their work in the state and return.
    private func drain() {
        lock.lock()
        guard !draining, !done else {
            lock.unlock()
            return
        }
        draining = true
        var passedOn = Subscribers.Demand.none
        var toCancel: [Subscription] = []
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
                toCancel += releaseLanes()
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
            if demand > 0, let output = nextOutput(), let downstream {
                demand -= 1
                lock.unlock()
                let more = downstream.receive(output)
                lock.lock()
                if more > 0, !done {
                    demand += more
                    passedOn += more
                }
                continue
            }
            if isComplete(cancelling: &toCancel) {
                terminal = .finished
                continue
            }
            break
        }
        draining = false
        var requests: [(Subscription, Subscribers.Demand)] = []
        if rule == .merge {
            for index in lanes.keys {
                guard var lane = lanes[index], let subscription = lane.subscription else { continue }
                let amount = topUp(&lane)
                lanes[index] = lane
                if amount > 0 {
                    requests.append((subscription, amount))
                }
            }
        } else if passedOn > 0 {
            requests = passOn(passedOn)
        }
        lock.unlock()
        for subscription in toCancel {
            subscription.cancel()
        }
        for (subscription, amount) in requests {
            subscription.request(amount)
        }
    }

    /// The next output the rule allows, taking its values out of the lanes; call with the lock held.
    private func nextOutput() -> Output? {
        switch rule {
        case .merge:
            guard let (index, value) = queue.popFirst() else { return nil }
            if var lane = lanes[index] {
                lane.queued -= 1
                lanes[index] = lane.finished && lane.queued == 0 ? nil : lane
            }
            return combine([value])
        case .combineLatest:
            guard combinationWaiting else { return nil }
            combinationWaiting = false
            return combine((0..<laneCount).map { lanes[$0]!.latest! })
        case .zip:
            guard lanes.values.allSatisfy({ !$0.buffer.isEmpty }) else { return nil }
            var values: [Any] = []
            values.reserveCapacity(laneCount)
            for index in 0..<laneCount {
                values.append(lanes[index]!.buffer.popFirst()!)
            }
            return combine(values)
        }
    }

    /// Whether the whole has finished normally; collects lanes to cancel (zip). Lock held.
    private func isComplete(cancelling toCancel: inout [Subscription]) -> Bool {
        switch rule {
        case .merge:
            return sealed && queue.isEmpty && lanes.values.allSatisfy { $0.finished }
        case .combineLatest:
            return !combinationWaiting && lanes.values.allSatisfy { $0.finished }
        case .zip:
            guard lanes.values.contains(where: { $0.finished && $0.buffer.isEmpty }) else { return false }
            toCancel += releaseLanes()
            return true
        }
    }

    // MARK: Helpers (lock held)

    /// Merge: asks the lane's upstream for what the downstream's outstanding demand allows.
    private func topUp(_ lane: inout Lane) -> Subscribers.Demand {
        guard !lane.finished, demand > 0 else { return .none }
        if demand == .unlimited {
            guard lane.outstanding != .unlimited else { return .none }
            lane.outstanding = .unlimited
            return .unlimited
        }
        let have = lane.outstanding + lane.queued
        guard demand > have else { return .none }
        let amount = demand - have
        lane.outstanding += amount
        return amount
    }

    /// combineLatest and zip: passes a downstream request to every upstream (or keeps it for a
    /// lane whose subscription has not arrived).
    private func passOn(_ amount: Subscribers.Demand) -> [(Subscription, Subscribers.Demand)] {
        var requests: [(Subscription, Subscribers.Demand)] = []
        for index in lanes.keys {
            guard var lane = lanes[index], !lane.finished else { continue }
            if let subscription = lane.subscription {
                requests.append((subscription, amount))
            } else {
                lane.pendingRequest += amount
                lanes[index] = lane
            }
        }
        return requests
    }

    /// Forgets every lane and the waiting values; returns the subscriptions to cancel.
    private func releaseLanes() -> [Subscription] {
        let subscriptions = lanes.values.compactMap { $0.subscription }
        for index in lanes.keys {
            lanes[index]?.subscription = nil
            lanes[index]?.finished = true
            lanes[index]?.buffer.removeAll()
            lanes[index]?.latest = nil
        }
        queue.removeAll()
        combinationWaiting = false
        return subscriptions
    }

    /// Ends the whole with `completion` (a failure, or FlatMap's upstream failing): the other
    /// lanes are cancelled at once, and the completion is delivered when no delivery is under way.
    private func terminate(with completion: Subscribers.Completion<Failure>, lane index: Int? = nil) {
        lock.lock()
        guard !done, terminal == nil else {
            lock.unlock()
            return
        }
        if let index {
            lanes[index]?.subscription = nil
        }
        terminal = completion
        let subscriptions = releaseLanes()
        lock.unlock()
        for subscription in subscriptions {
            subscription.cancel()
        }
        drain()
    }
}

/// The subscriber attached to one upstream of a `FanIn`: passes that upstream's events to the
/// core, tagged with the lane's index.
internal struct FanInLane<Input, Downstream: Subscriber>: Subscriber, CustomStringConvertible {
    typealias Failure = Downstream.Failure

    let core: FanIn<Downstream>
    let index: Int
    let combineIdentifier = CombineIdentifier()

    init(core: FanIn<Downstream>, index: Int) {
        self.core = core
        self.index = index
    }

    var description: String { core.description }

    func receive(subscription: Subscription) {
        core.laneReceived(index, subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        core.laneReceived(index, value: input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        core.laneReceived(index, completion: completion)
    }
}
