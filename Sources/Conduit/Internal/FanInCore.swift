/// The subscription that every operator joining several publishers hands downstream (`Zip`…`Zip4`,
/// `CombineLatest`…`CombineLatest4`, `Merge`…`Merge8` and `MergeMany`):
/// one `FanInLane` per upstream feeds it, and its `State` (`CombiningState` or `MergeState`) keeps
/// the lanes and their values, typed, and says which output is due.
///
/// Deliveries never overlap and no lock is held while the downstream or an upstream runs: the
/// thread that finds the core idle delivers ("drains"), others leave their values in the state. A
/// value that makes an output due while the core is idle with demand goes out at once. Any failure
/// fails the whole and cancels the other lanes; the completion goes out once the current delivery
/// (if any) returns. `@usableFromInline` with `@inlinable` members, so a client's pipeline runs
/// code specialised for its types.
@usableFromInline
internal final class FanInCore<Downstream: Subscriber, State: FanInState>: Subscription,
    CustomStringConvertible, @unchecked Sendable
    where State.Output == Downstream.Input
{
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let lock = Lock()
    @usableFromInline let name: String
    @exclusivity(unchecked) @usableFromInline var downstream: Downstream?
    @exclusivity(unchecked) @usableFromInline var state: State
    @exclusivity(unchecked) @usableFromInline var demand = Subscribers.Demand.none
    /// An output went out beyond the demand (zip): the next demand pays for it first.
    @exclusivity(unchecked) @usableFromInline var overdrawn = false
    /// A completion to deliver as soon as the current delivery (if any) returns.
    @exclusivity(unchecked) @usableFromInline var terminal: Subscribers.Completion<Failure>?
    @exclusivity(unchecked) @usableFromInline var draining = false
    /// Completed or cancelled: nothing more happens.
    @exclusivity(unchecked) @usableFromInline var done = false

    @inlinable
    init(downstream: Downstream, state: State, name: String) {
        self.downstream = downstream
        self.state = state
        self.name = name
    }

    @usableFromInline
    var description: String { name }

    /// Whether an output may go out now (lock held): with demand, or once beyond it for zip.
    @inlinable @inline(__always)
    var mayDeliver: Bool {
        demand > 0 || (State.deliversOneBeyondDemand && !overdrawn)
    }

    /// Counts an output that goes out (lock held).
    @inlinable @inline(__always)
    func takeDemand() {
        if demand > 0 {
            demand -= 1
        } else {
            overdrawn = true
        }
    }

    /// Adds demand the downstream asked for (lock held), paying for an output sent beyond it first.
    @inlinable @inline(__always)
    func addDemand(_ more: Subscribers.Demand) {
        if overdrawn {
            overdrawn = false
            demand += more - 1
        } else {
            demand += more
        }
    }

    /// The subscriber of `lane`, which stores each value it receives into the state with `put`.
    @inlinable
    func lane<Input>(_ lane: State.Lane, _ put: @escaping (inout State, State.Lane,
        Input) -> Void) -> FanInLane<Downstream, State, Input> {
        FanInLane(core: self, lane: lane, put: put)
    }

    // MARK: Subscription

    @inlinable
    func request(_ newDemand: Subscribers.Demand) {
        guard newDemand > 0 else {
            APIViolation.report(.zeroDemand)
            return
        }
        lock.lock()
        guard !done else {
            lock.unlock()
            return
        }
        addDemand(newDemand)
        let requests = state.requested(newDemand, demand: demand)
        lock.unlock()
        if let requests {
            for (subscription, amount) in requests {
                subscription.request(amount)
            }
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
        let subscriptions = state.releaseAll()
        lock.unlock()
        for subscription in subscriptions {
            subscription.cancel()
        }
    }

    // MARK: Lane events

    @inlinable
    func laneReceived(_ lane: State.Lane, subscription: Subscription) {
        lock.lock()
        guard !done, terminal == nil, let amount = state.attach(subscription, to: lane, demand: demand) else {
            lock.unlock()
            subscription.cancel()
            return
        }
        lock.unlock()
        if amount > 0 {
            subscription.request(amount)
        }
    }

    @inlinable
    func laneReceived<Input>(_ lane: State.Lane, value: Input, put: (inout State, State.Lane,
        Input) -> Void) -> Subscribers.Demand {
        lock.lock()
        guard !done, terminal == nil, state.isLive(lane) else {
            lock.unlock()
            return .none
        }
        put(&state, lane, value)
        // Idle with demand: the state hands back what is due now; otherwise the drainer (or the
        // next request) finds the value in the state.
        guard let output = state.outputAfterPut(idle: !draining && mayDeliver), let downstream else {
            lock.unlock()
            return .none
        }
        takeDemand()
        state.answering(lane)
        draining = true
        lock.unlock()
        let more = downstream.receive(output)
        return drain(after: more)
    }

    @inlinable
    func laneReceived(_ lane: State.Lane, completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !done, terminal == nil, state.isLive(lane) else {
            lock.unlock()
            return
        }
        switch completion {
        case .failure:
            state.detach(lane)
            lock.unlock()
            terminate(with: completion)
        case .finished:
            state.finish(lane)
            lock.unlock()
            drain(after: nil)
        }
    }

    // MARK: Delivery

    /// Delivers what can be delivered, then the completion if it is due, then makes the requests
    /// the state asks for. With `more`, the caller has just delivered an output (it holds the
    /// `draining` role) and the downstream asked for `more`; without it, the loop runs only if no
    /// other thread is delivering. Returns the demand to answer the lane whose value the caller
    /// delivered with (see `FanInState.answering`).
    @inlinable @discardableResult
    func drain(after more: Subscribers.Demand?) -> Subscribers.Demand {
        lock.lock()
        if let more {
            if more > 0, !done {
                addDemand(more)
                state.deliveryAsked(more)
            }
        } else {
            guard !draining, !done else {
                lock.unlock()
                return .none
            }
            draining = true
        }
        while true {
            if done {
                draining = false
                _ = state.takeAnswer()
                lock.unlock()
                return .none
            }
            if let completion = terminal {
                done = true
                draining = false
                let downstream = self.downstream
                self.downstream = nil
                let toCancel = state.releaseAll()
                _ = state.takeAnswer()
                lock.unlock()
                for subscription in toCancel {
                    subscription.cancel()
                }
                downstream?.receive(completion: completion)
                return .none
            }
            if mayDeliver, let downstream, let output = state.nextOutput() {
                takeDemand()
                lock.unlock()
                let more = downstream.receive(output)
                lock.lock()
                if more > 0, !done {
                    addDemand(more)
                    state.deliveryAsked(more)
                }
                continue
            }
            if state.isFinished {
                terminal = .finished
                continue
            }
            break
        }
        draining = false
        let requests = state.requestsAfterDelivery(demand: demand)
        let answer = more == nil ? .none : state.takeAnswer()
        lock.unlock()
        if let requests {
            for (subscription, amount) in requests {
                subscription.request(amount)
            }
        }
        return answer
    }

    /// Ends the whole with `completion` (a lane's failure): the
    /// lanes are cancelled at once, and the completion is delivered when no delivery is under way.
    @inlinable
    func terminate(with completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !done, terminal == nil else {
            lock.unlock()
            return
        }
        terminal = completion
        let subscriptions = state.releaseAll()
        lock.unlock()
        for subscription in subscriptions {
            subscription.cancel()
        }
        drain(after: nil)
    }
}

/// The subscriber attached to one upstream (or inner publisher) of a `FanInCore`: stores that
/// upstream's values into the core's state with `put`, and passes its subscription and completion
/// on, tagged with its lane.
@usableFromInline
internal struct FanInLane<Downstream: Subscriber, State: FanInState, Input>: Subscriber, CustomStringConvertible
    where State.Output == Downstream.Input
{
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let core: FanInCore<Downstream, State>
    @usableFromInline let lane: State.Lane
    /// Stores a value of this lane into the state (called with the core's lock held).
    @usableFromInline let put: (inout State, State.Lane, Input) -> Void
    @usableFromInline let combineIdentifier = CombineIdentifier()

    @inlinable
    init(core: FanInCore<Downstream, State>, lane: State.Lane, put: @escaping (inout State, State.Lane,
        Input) -> Void) {
        self.core = core
        self.lane = lane
        self.put = put
    }

    @usableFromInline
    var description: String { core.description }

    @inlinable
    func receive(subscription: Subscription) {
        core.laneReceived(lane, subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        core.laneReceived(lane, value: input, put: put)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        core.laneReceived(lane, completion: completion)
    }
}
