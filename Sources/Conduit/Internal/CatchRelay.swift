/// The subscriber and subscription of `catch` and `tryCatch`: it takes values from the upstream
/// and, when the upstream fails, from the publisher the handler makes of the failure.
///
/// As in Combine, the downstream gets its subscription ("Catch" or "TryCatch") when the upstream's
/// arrives, and a completion that comes before it is ignored. The demand the downstream has
/// outstanding carries over to the replacement. No lock is held while the downstream, a source or
/// the handler runs.
internal final class CatchRelay<UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = UpstreamFailure

    /// Where the relay stands: each step is taken once, in this order (or straight to `done`).
    private enum Phase {
        case awaitingUpstream
        case upstream
        /// The handler ran; the replacement's subscription has not arrived yet.
        case recovering
        case recovered
        case done
    }

    private let lock = Lock()
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var source: Subscription?
    private var phase = Phase.awaitingUpstream
    /// Runs the handler on the upstream's failure and subscribes the replacement to this relay
    /// (through `recovered(_:)`), or ends it with `endRecovery(_:)` if the handler throws.
    private let recover: (UpstreamFailure, CatchRelay) -> Void
    let description: String

    init(downstream: Downstream, name: String, recover: @escaping (UpstreamFailure, CatchRelay) -> Void) {
        self.downstream = downstream
        self.description = name
        self.recover = recover
    }

    var customMirror: Mirror {
        let (downstream, demand) = lock.withLock { (self.downstream, self.demand) }
        return Mirror(self, children: ["downstream": downstream as Any, "demand": demand])
    }

    var playgroundDescription: Any { description }

    // MARK: Upstream events

    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingUpstream = phase, let downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        phase = .upstream
        source = subscription
        lock.unlock()
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        deliver(input, from: .upstream)
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        lock.lock()
        guard case .upstream = phase, let downstream else {
            lock.unlock()
            return
        }
        source = nil
        switch completion {
        case .finished:
            phase = .done
            self.downstream = nil
            lock.unlock()
            downstream.receive(completion: .finished)
        case .failure(let error):
            phase = .recovering
            lock.unlock()
            recover(error, self)
        }
    }

    // MARK: Replacement events

    /// A subscriber for the replacement publisher, whose failures `wrap` turns into the downstream's.
    func recovered<NewFailure: Error>(
        _ wrap: @escaping (NewFailure) -> Downstream.Failure
    ) -> CatchRecoveryLink<UpstreamFailure, NewFailure, Downstream> {
        CatchRecoveryLink(relay: self, wrap: wrap)
    }

    func replacementSubscribed(_ subscription: Subscription) {
        lock.lock()
        guard case .recovering = phase, downstream != nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        phase = .recovered
        source = subscription
        let demand = self.demand
        lock.unlock()
        if demand > 0 {
            subscription.request(demand)
        }
    }

    func replacementSent(_ input: Input) -> Subscribers.Demand {
        deliver(input, from: .recovered)
    }

    func replacementCompleted(_ completion: Subscribers.Completion<Downstream.Failure>) {
        lock.lock()
        guard case .recovered = phase else {
            lock.unlock()
            return
        }
        lock.unlock()
        endRecovery(completion)
    }

    /// Ends the stream after the upstream failed: the replacement completed, or the handler threw.
    func endRecovery(_ completion: Subscribers.Completion<Downstream.Failure>) {
        lock.lock()
        switch phase {
        case .recovering, .recovered:
            break
        case .awaitingUpstream, .upstream, .done:
            lock.unlock()
            return
        }
        let downstream = self.downstream
        phase = .done
        self.downstream = nil
        source = nil
        lock.unlock()
        downstream?.receive(completion: completion)
    }

    // MARK: Downstream calls

    func request(_ newDemand: Subscribers.Demand) {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        demand += newDemand
        let source = self.source
        lock.unlock()
        source?.request(newDemand)
    }

    func cancel() {
        lock.lock()
        let source = self.source
        self.source = nil
        downstream = nil
        phase = .done
        lock.unlock()
        source?.cancel()
    }

    /// Hands a value from the source of `stage` on, if there is demand for it.
    private func deliver(_ input: Input, from stage: Phase) -> Subscribers.Demand {
        lock.lock()
        guard let downstream, demand > 0 else {
            lock.unlock()
            return .none
        }
        switch (stage, phase) {
        case (.upstream, .upstream), (.recovered, .recovered):
            break
        default:
            lock.unlock()
            return .none
        }
        demand -= 1
        lock.unlock()
        let more = downstream.receive(input)
        if more > 0 {
            lock.withLock { demand += more }
        }
        return more
    }
}

/// The subscriber a `CatchRelay` attaches to the replacement publisher; it shows itself as the
/// relay does.
internal struct CatchRecoveryLink<UpstreamFailure: Error, NewFailure: Error, Downstream: Subscriber>: Subscriber,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
{
    typealias Input = Downstream.Input
    typealias Failure = NewFailure

    let relay: CatchRelay<UpstreamFailure, Downstream>
    let wrap: (NewFailure) -> Downstream.Failure
    let combineIdentifier = CombineIdentifier()

    var description: String { relay.description }
    var customMirror: Mirror { relay.customMirror }
    var playgroundDescription: Any { relay.playgroundDescription }

    func receive(subscription: Subscription) {
        relay.replacementSubscribed(subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        relay.replacementSent(input)
    }

    func receive(completion: Subscribers.Completion<NewFailure>) {
        relay.replacementCompleted(completion.mapFailure(wrap))
    }
}
