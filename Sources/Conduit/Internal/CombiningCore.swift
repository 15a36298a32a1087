/// The subscription that `Zip`…`Zip4` and `CombineLatest`…`CombineLatest4` hand downstream: it
/// subscribes one `CombiningLane` per upstream and turns their values, kept typed in `Storage`,
/// into outputs.
///
/// Deliveries never overlap and no lock is held while the downstream or an upstream runs: the
/// thread that finds the core idle delivers ("drains"), others leave their values in the storage.
/// A value that completes a combination while the core is idle with demand goes out at once,
/// without a queue. Downstream requests are passed to every upstream. Any failure fails the whole
/// and cancels the other upstreams. `@usableFromInline` with `@inlinable` members, so a client's
/// pipeline runs specialised code.
@usableFromInline
internal final class CombiningCore<Downstream: Subscriber, Storage: CombiningStorage>: Subscription,
    CustomStringConvertible, @unchecked Sendable
    where Storage.Output == Downstream.Input
{
    @usableFromInline typealias Failure = Downstream.Failure

    /// What the core knows of one upstream.
    @usableFromInline
    struct LaneState {
        @usableFromInline var subscription: Subscription?
        /// Demand passed on while the lane had no subscription yet.
        @usableFromInline var pendingRequest = Subscribers.Demand.none
        @usableFromInline var finished = false
        @inlinable init() {}
    }

    @usableFromInline let lock = Lock()
    @usableFromInline let name: String
    @exclusivity(unchecked) @usableFromInline var downstream: Downstream?
    @exclusivity(unchecked) @usableFromInline var storage = Storage()
    @exclusivity(unchecked) @usableFromInline var lanes: [LaneState]
    @exclusivity(unchecked) @usableFromInline var finishedLanes = 0
    @exclusivity(unchecked) @usableFromInline var demand = Subscribers.Demand.none
    /// A completion to deliver as soon as the current delivery (if any) returns.
    @exclusivity(unchecked) @usableFromInline var terminal: Subscribers.Completion<Failure>?
    @exclusivity(unchecked) @usableFromInline var draining = false
    /// Completed or cancelled: nothing more happens.
    @exclusivity(unchecked) @usableFromInline var done = false

    @inlinable
    init(downstream: Downstream, lanes count: Int, name: String) {
        self.downstream = downstream
        self.name = name
        self.lanes = Array(repeating: LaneState(), count: count)
    }

    @usableFromInline
    var description: String { name }

    /// The subscriber for lane `index`, which stores its values into the storage with `put`.
    @inlinable
    func lane<Input>(_ index: Int, _ put: @escaping (inout Storage, Input) -> Void) -> CombiningLane<Downstream, Storage, Input> {
        CombiningLane(core: self, index: index, put: put)
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
        let requests = passOn(newDemand)
        lock.unlock()
        for subscription in requests {
            subscription.request(newDemand)
        }
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
        lock.unlock()
        for subscription in subscriptions {
            subscription.cancel()
        }
    }

    // MARK: Lane events

    @inlinable
    func laneReceived(_ index: Int, subscription: Subscription) {
        lock.lock()
        guard !done, terminal == nil, lanes[index].subscription == nil, !lanes[index].finished else {
            lock.unlock()
            subscription.cancel()
            return
        }
        lanes[index].subscription = subscription
        let amount = lanes[index].pendingRequest
        lanes[index].pendingRequest = .none
        lock.unlock()
        if amount > 0 {
            subscription.request(amount)
        }
    }

    @inlinable
    func laneReceived<Input>(_ index: Int, value: Input, put: (inout Storage, Input) -> Void) -> Subscribers.Demand {
        lock.lock()
        guard !done, terminal == nil, !lanes[index].finished else {
            lock.unlock()
            return .none
        }
        put(&storage, value)
        // Idle with demand: deliver the combination now; otherwise the drainer (or the next
        // request) finds the value in the storage.
        guard !draining, demand > 0, let output = storage.nextOutput(), let downstream else {
            lock.unlock()
            return .none
        }
        demand -= 1
        draining = true
        lock.unlock()
        let more = downstream.receive(output)
        drain(after: more)
        return .none
    }

    @inlinable
    func laneReceived(_ index: Int, completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .failure:
            terminate(with: completion, lane: index)
        case .finished:
            lock.lock()
            guard !done, terminal == nil, !lanes[index].finished else {
                lock.unlock()
                return
            }
            lanes[index].finished = true
            lanes[index].subscription = nil
            finishedLanes += 1
            lock.unlock()
            drain(after: nil)
        }
    }

    // MARK: Delivery

    /// Delivers what can be delivered, then the completion if it is due. With `more`, the caller
    /// has just delivered an output (it holds the `draining` role) and the downstream asked for
    /// `more`; without it, the loop runs only if no other thread is delivering.
    @inlinable
    func drain(after more: Subscribers.Demand?) {
        lock.lock()
        var passedOn = Subscribers.Demand.none
        if let more {
            if more > 0, !done {
                demand += more
                passedOn += more
            }
        } else {
            guard !draining, !done else {
                lock.unlock()
                return
            }
            draining = true
        }
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
                lock.unlock()
                for subscription in toCancel {
                    subscription.cancel()
                }
                downstream?.receive(completion: completion)
                return
            }
            if demand > 0, let downstream, let output = storage.nextOutput() {
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
            if finishedLanes > 0, isComplete() {
                toCancel += releaseLanes()
                terminal = .finished
                continue
            }
            break
        }
        draining = false
        let requests = passedOn > 0 ? passOn(passedOn) : []
        lock.unlock()
        for subscription in toCancel {
            subscription.cancel()
        }
        for subscription in requests {
            subscription.request(passedOn)
        }
    }

    /// Whether the whole has finished normally. Lock held.
    @inlinable
    func isComplete() -> Bool {
        if Storage.finishesWithFirstExhaustedLane {
            for index in lanes.indices where lanes[index].finished && storage.isEmpty(lane: index) {
                return true
            }
            return false
        }
        return finishedLanes == lanes.count && !storage.hasOutput
    }

    // MARK: Helpers (lock held)

    /// Passes a downstream request to every upstream (or keeps it for a lane whose subscription
    /// has not arrived); returns the subscriptions to ask.
    @inlinable
    func passOn(_ amount: Subscribers.Demand) -> [Subscription] {
        var requests: [Subscription] = []
        for index in lanes.indices where !lanes[index].finished {
            if let subscription = lanes[index].subscription {
                requests.append(subscription)
            } else {
                lanes[index].pendingRequest += amount
            }
        }
        return requests
    }

    /// Forgets every lane and the waiting values; returns the subscriptions to cancel.
    @inlinable
    func releaseLanes() -> [Subscription] {
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

    /// Fails the whole: the other lanes are cancelled at once, and the completion is delivered
    /// when no delivery is under way.
    @inlinable
    func terminate(with completion: Subscribers.Completion<Failure>, lane index: Int) {
        lock.lock()
        guard !done, terminal == nil else {
            lock.unlock()
            return
        }
        lanes[index].subscription = nil
        terminal = completion
        let subscriptions = releaseLanes()
        lock.unlock()
        for subscription in subscriptions {
            subscription.cancel()
        }
        drain(after: nil)
    }
}

/// The subscriber attached to one upstream of a `CombiningCore`: stores that upstream's values
/// into the core's typed storage with `put`, and passes its subscription and completion on.
@usableFromInline
internal struct CombiningLane<Downstream: Subscriber, Storage: CombiningStorage, Input>: Subscriber,
    CustomStringConvertible
    where Storage.Output == Downstream.Input
{
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let core: CombiningCore<Downstream, Storage>
    @usableFromInline let index: Int
    @usableFromInline let put: (inout Storage, Input) -> Void
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(core: CombiningCore<Downstream, Storage>, index: Int, put: @escaping (inout Storage, Input) -> Void) {
        self.core = core
        self.index = index
        self.put = put
    }

    @usableFromInline
    var description: String { core.description }

    @inlinable
    func receive(subscription: Subscription) {
        core.laneReceived(index, subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        core.laneReceived(index, value: input, put: put)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        core.laneReceived(index, completion: completion)
    }
}
