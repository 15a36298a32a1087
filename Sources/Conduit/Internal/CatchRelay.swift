/// The subscriber and subscription of `catch` and `tryCatch`: it takes values from the upstream
/// and, when the upstream fails, from the publisher the handler makes of the failure.
///
/// As in Combine, the downstream gets its subscription ("Catch" or "TryCatch") when the upstream's
/// arrives, and a completion that comes before it is ignored. The demand the downstream has
/// outstanding carries over to the replacement. No lock is held while the downstream, a source or
/// the handler runs.
@usableFromInline
internal final class CatchRelay<UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    @usableFromInline
    typealias Input = Downstream.Input
    @usableFromInline
    typealias Failure = UpstreamFailure

    /// Where the relay stands: each step is taken once, in this order (or straight to `done`).
    @usableFromInline
    enum Phase {
        case awaitingUpstream
        case upstream
        /// The handler ran; the replacement's subscription has not arrived yet.
        case recovering
        case recovered
        case done
    }

    @usableFromInline
    let lock = Lock()
    @usableFromInline
    @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline
    @exclusivity(unchecked) var demand = Subscribers.Demand.none
    @usableFromInline
    @exclusivity(unchecked) var source: Subscription?
    @usableFromInline
    @exclusivity(unchecked) var phase = Phase.awaitingUpstream
    /// Runs the handler on the upstream's failure and subscribes the replacement to this relay
    /// (through `recovered(_:)`), or ends it with `endRecovery(_:)` if the handler throws.
    @usableFromInline
    let recover: (UpstreamFailure, CatchRelay) -> Void
    @usableFromInline
    let description: String

    @inlinable
    init(downstream: Downstream, name: String, recover: @escaping (UpstreamFailure, CatchRelay) -> Void) {
        self.downstream = downstream
        self.description = name
        self.recover = recover
    }

    @usableFromInline
    var customMirror: Mirror {
        let (downstream, demand) = lock.withLock { (self.downstream, self.demand) }
        return Mirror(self, children: ["downstream": downstream as Any, "demand": demand])
    }

    @usableFromInline
    var playgroundDescription: Any { description }

    // MARK: Upstream events

    @usableFromInline
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

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        deliver(input, from: .upstream)
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        lock.lock()
        guard case .upstream = phase, let downstream else {
            // A second failure while the replacement is on its way or under way: Combine traps.
            let secondFailure: Bool = switch phase {
            case .recovering, .recovered: downstream != nil
            default: false
            }
            lock.unlock()
            if secondFailure { APIViolation.report(.secondCompletion) }
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
    @usableFromInline
    func recovered<NewFailure: Error>(
        _ wrap: @escaping (NewFailure) -> Downstream.Failure
    ) -> CatchRecoveryLink<UpstreamFailure, NewFailure, Downstream> {
        CatchRecoveryLink(relay: self, wrap: wrap)
    }

    @usableFromInline
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

    @usableFromInline
    func replacementSent(_ input: Input) -> Subscribers.Demand {
        deliver(input, from: .recovered)
    }

    @usableFromInline
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
    @usableFromInline
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

    @usableFromInline
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

    @usableFromInline
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
    @inlinable
    func deliver(_ input: Input, from stage: Phase) -> Subscribers.Demand {
        lock.lock()
        guard let downstream, demand > 0 else {
            // As in Combine, a value before the upstream's subscription, or one from the publisher
            // delivering now that nobody asked for, is an API violation.
            let violation: APIViolation? = switch (stage, phase) {
            case (_, .awaitingUpstream) where downstream != nil: .valueBeforeSubscription
            case (.upstream, .upstream) where downstream != nil, (.recovered, .recovered) where downstream != nil:
                .valueWithoutDemand
            default: nil
            }
            lock.unlock()
            if let violation { APIViolation.report(violation) }
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
@usableFromInline
internal struct CatchRecoveryLink<UpstreamFailure: Error, NewFailure: Error, Downstream: Subscriber>: Subscriber,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
{
    @usableFromInline
    typealias Input = Downstream.Input
    @usableFromInline
    typealias Failure = NewFailure

    @usableFromInline
    let relay: CatchRelay<UpstreamFailure, Downstream>
    @usableFromInline
    let wrap: (NewFailure) -> Downstream.Failure
    @usableFromInline
    let combineIdentifier = CombineIdentifier()

    @usableFromInline
    var description: String { relay.description }
    @usableFromInline
    var customMirror: Mirror { relay.customMirror }
    @usableFromInline
    var playgroundDescription: Any { relay.playgroundDescription }

    @usableFromInline
    func receive(subscription: Subscription) {
        relay.replacementSubscribed(subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        relay.replacementSent(input)
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<NewFailure>) {
        relay.replacementCompleted(completion.mapFailure(wrap))
    }
}
