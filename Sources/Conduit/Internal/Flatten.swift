/// The subscriber that `FlatMap` and `SwitchToLatest` attach to their upstream (a stream of
/// values that become publishers): each value's publisher is attached to a new lane of the
/// operator's `FanIn`, which merges what the inner publishers send.
///
/// FlatMap asks its upstream for `maxPublishers` and for one more each time an inner publisher
/// finishes; SwitchToLatest asks for everything and lets each new inner publisher replace the
/// previous one.
internal final class FlattenUpstream<Input, Inner: Publisher, Downstream: Subscriber>: Subscriber,
    CustomStringConvertible, @unchecked Sendable
    where Inner.Output == Downstream.Input, Inner.Failure == Downstream.Failure
{
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private var state = SubscriberState.awaitingSubscription
    private let core: FanIn<Downstream>
    private let transform: (Input) -> Inner
    /// How many inner publishers may be active at once; `nil` for SwitchToLatest.
    private let maxPublishers: Subscribers.Demand?

    init(core: FanIn<Downstream>, maxPublishers: Subscribers.Demand?, transform: @escaping (Input) -> Inner) {
        self.core = core
        self.maxPublishers = maxPublishers
        self.transform = transform
    }

    var description: String { core.description }

    /// Connects the core's hooks to this subscriber: a finished inner publisher makes room for
    /// another, and the end of the whole cancels the upstream. The core drops both hooks when it ends.
    func attachHooks() {
        if let maxPublishers, maxPublishers != .unlimited {
            core.laneFinished = { [self] in
                lock.lock()
                let subscription = state.subscription
                lock.unlock()
                subscription?.request(.max(1))
            }
        }
        core.terminated = { [self] in
            lock.lock()
            let subscription = state.subscription
            state = .terminal
            lock.unlock()
            subscription?.cancel()
        }
    }

    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription = state else {
            lock.unlock()
            subscription.cancel()
            return
        }
        state = .subscribed(subscription)
        lock.unlock()
        let demand = maxPublishers ?? .unlimited
        if demand > 0 {
            subscription.request(demand)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = state else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        let inner = transform(input)
        guard let index = core.addLane(replacing: maxPublishers == nil) else { return .none }
        inner.subscribe(core.lane(index, of: Inner.Output.self))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard case .subscribed = state else {
            lock.unlock()
            return
        }
        state = .terminal
        lock.unlock()
        switch completion {
        case .finished:
            core.seal()
        case .failure(let error):
            core.fail(error)
        }
    }
}
