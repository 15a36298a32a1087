/// The subscriber that `FlatMap` and `SwitchToLatest` attach to their upstream (a stream of
/// values that become publishers): each value's publisher is attached to a new lane of the
/// operator's `FanInCore` (with a `MergeState`), which merges what the inner publishers send.
///
/// FlatMap asks its upstream for `maxPublishers` and for one more each time an inner publisher
/// finishes; SwitchToLatest asks for everything and lets each new inner publisher replace the
/// previous one. A `Just` inner publisher, with unlimited `maxPublishers`, the core idle with
/// demand and no instrumentation, is delivered at once, without a lane.
@usableFromInline
internal final class FlattenUpstream<Input, Inner: Publisher, Downstream: Subscriber>: Subscriber,
    CustomStringConvertible, @unchecked Sendable
    where Inner.Output == Downstream.Input, Inner.Failure == Downstream.Failure
{
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let lock = Lock()
    @usableFromInline
    enum Phase {
        case awaitingSubscription, subscribed, terminal
    }

    @exclusivity(unchecked) @usableFromInline var phase = Phase.awaitingSubscription
    @exclusivity(unchecked) @usableFromInline var subscription: Subscription?
    @usableFromInline let core: FanInCore<Downstream, MergeState<Downstream.Input>>
    @usableFromInline let transform: (Input) -> Inner
    /// How many inner publishers may be active at once; `nil` for SwitchToLatest.
    @usableFromInline let maxPublishers: Subscribers.Demand?
    /// The inner publishers are `Just`s and may take the core's direct path.
    @usableFromInline let innerIsJust: Bool

    @inlinable
    init(core: FanInCore<Downstream, MergeState<Downstream.Input>>, maxPublishers: Subscribers.Demand?,
        transform: @escaping (Input) -> Inner) {
        self.core = core
        self.maxPublishers = maxPublishers
        self.transform = transform
        self.innerIsJust = maxPublishers == .unlimited && Inner.self == Just<Inner.Output>.self
        core.state.prefetchOne = maxPublishers != nil
    }

    @usableFromInline
    var description: String { core.description }

    /// Connects the core's hooks to this subscriber: a finished inner publisher makes room for
    /// another, and the end of the whole cancels the upstream. The core drops both hooks when it ends.
    @inlinable
    func attachHooks() {
        if let maxPublishers, maxPublishers != .unlimited {
            core.laneFinished = { [self] in
                lock.lock()
                let subscription = self.subscription
                lock.unlock()
                subscription?.request(.max(1))
            }
        }
        core.terminated = { [self] in
            lock.lock()
            let subscription = self.subscription
            self.subscription = nil
            phase = .terminal
            lock.unlock()
            subscription?.cancel()
        }
    }

    @inlinable
    func receive(subscription: Subscription) {
        lock.lock()
        guard phase == .awaitingSubscription else {
            lock.unlock()
            subscription.cancel()
            return
        }
        phase = .subscribed
        self.subscription = subscription
        lock.unlock()
        let demand = maxPublishers ?? .unlimited
        if demand > 0 {
            subscription.request(demand)
        }
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard phase == .subscribed else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        let inner = transform(input)
        if innerIsJust, !Instrumentation.isActive,
           core.deliverIfIdle(unsafeBitCast(inner, to: Just<Inner.Output>.self).output)
        {
            return .none
        }
        guard let lane = core.addLane(replacing: maxPublishers == nil) else { return .none }
        inner.subscribe(lane)
        return .none
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard phase == .subscribed else {
            lock.unlock()
            return
        }
        phase = .terminal
        subscription = nil
        lock.unlock()
        switch completion {
        case .finished:
            core.seal()
        case .failure(let error):
            core.terminate(with: .failure(error))
        }
    }
}
