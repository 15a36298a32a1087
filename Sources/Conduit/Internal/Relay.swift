/// The subscription of operators that take their values from one source at a time and may move
/// to another when a source fails: `Catch`, `TryCatch` and `Retry`.
///
/// It keeps the downstream's outstanding demand across sources: a new source is asked for what
/// the downstream still wants. Events from a source it has left are ignored. A source delivers
/// serially (the publisher contract), so values pass straight through; no lock is held while the
/// downstream, a source or a handler runs.
internal final class Relay<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable {
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private let name: String
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var current: Subscription?
    /// Numbers the sources, so that a source that was left is recognised.
    private var generation = 0

    init(downstream: Downstream, name: String) {
        self.downstream = downstream
        self.name = name
    }

    var description: String { name }

    /// Subscribes to `source`; its failure goes to `failed`, which attaches another source or
    /// calls `complete(_:)`; its normal finish goes to `finished` if given (`Concatenate` moves on to
    /// its suffix), else finishes the downstream.
    func attach<P: Publisher>(
        _ source: P,
        finished: (() -> Void)? = nil,
        failed: @escaping (P.Failure) -> Void
    ) where P.Output == Output {
        let number: Int? = lock.withLock {
            guard downstream != nil else { return nil }
            generation += 1
            current = nil
            return generation
        }
        guard let number else { return }
        source.subscribe(RelayLink<P.Output, P.Failure, Downstream>(relay: self, generation: number,
            finished: finished, failed: failed))
    }

    /// Ends the downstream with `completion`.
    func complete(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let downstream = self.downstream
        self.downstream = nil
        current = nil
        lock.unlock()
        downstream?.receive(completion: completion)
    }

    /// A zero demand is accepted and passed on to the current source, as Combine's `Concatenate` does.
    func request(_ newDemand: Subscribers.Demand) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        demand += newDemand
        let current = self.current
        lock.unlock()
        current?.request(newDemand)
    }

    func cancel() {
        lock.lock()
        let current = self.current
        self.current = nil
        downstream = nil
        lock.unlock()
        current?.cancel()
    }

    // MARK: Source events

    fileprivate func received(_ subscription: Subscription, generation number: Int) {
        lock.lock()
        guard downstream != nil, number == generation, current == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        current = subscription
        let demand = self.demand
        lock.unlock()
        if demand > 0 {
            subscription.request(demand)
        }
    }

    fileprivate func received(_ value: Output, generation number: Int) -> Subscribers.Demand {
        lock.lock()
        guard let downstream, number == generation, demand > 0 else {
            lock.unlock()
            return .none
        }
        demand -= 1
        lock.unlock()
        let more = downstream.receive(value)
        if more > 0 {
            lock.withLock { demand += more }
        }
        return more
    }

    /// True if the event comes from the current source; the source is then forgotten.
    fileprivate func sourceEnded(generation number: Int) -> Bool {
        lock.withLock {
            guard downstream != nil, number == generation else { return false }
            current = nil
            return true
        }
    }
}

/// The subscriber attached to one source of a `Relay`.
internal struct RelayLink<Input, Failure: Error, Downstream: Subscriber>: Subscriber, CustomStringConvertible
    where Downstream.Input == Input
{
    let relay: Relay<Downstream>
    let generation: Int
    let finished: (() -> Void)?
    let failed: (Failure) -> Void
    let combineIdentifier = CombineIdentifier()

    var description: String { relay.description }

    func receive(subscription: Subscription) {
        relay.received(subscription, generation: generation)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        relay.received(input, generation: generation)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard relay.sourceEnded(generation: generation) else { return }
        switch completion {
        case .finished:
            if let finished { finished() } else { relay.complete(.finished) }
        case .failure(let error):
            failed(error)
        }
    }
}
