/// The subscriber of operators that may end the stream early: the `try` operators (a closure
/// throws), and those that finish before the upstream does (`prefix`, `first(where:)`,
/// `output(at:)`, ...).
///
/// It stands between upstream and downstream as the downstream's subscription, so that it can
/// cancel the upstream and complete the downstream once, and ignore whatever the upstream sends
/// after that. `step` sees each value (serially) and says what to do; a thrown error fails the
/// downstream with that error.
@usableFromInline
internal final class GuardedSubscriber<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber,
    Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    @usableFromInline typealias Failure = UpstreamFailure
    @usableFromInline typealias Output = Downstream.Input

    /// What one upstream value becomes.
    @usableFromInline
    enum Step {
        case send(Output)
        /// Nothing goes out; the upstream is asked for one more value in its place.
        case skip
        /// Send this value (if any), then finish and cancel the upstream. With a value, the
        /// downstream's demand for it is returned.
        case finish(Output?)
    }

    @usableFromInline let lock = Lock()
    /// Present from the subscription until the stream ends.
    @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
    /// The downstream until the subscription comes, for an operator that answers an event before
    /// it with an API violation (Combine's `tryFilter`, `tryCompactMap`, `removeDuplicates`,
    /// `prefix(while:)` and their `try` forms): kept aside, the value path's one test of
    /// `downstream` finds the violation too.
    @usableFromInline @exclusivity(unchecked) var waitingDownstream: Downstream?
    @usableFromInline @exclusivity(unchecked) var upstream: Subscription?
    @usableFromInline @exclusivity(unchecked) var done = false
    /// Whether a subscription that comes after the downstream cancelled is cancelled (Combine's
    /// `filter`-like operators) or left alone (its `tryMap`, `tryScan`, `output(in:)`...).
    @usableFromInline let cancelsLateSubscription: Bool
    @usableFromInline @exclusivity(unchecked) var cancelledWhileWaiting = false
    /// Whether reflection shows the downstream (Combine's `tryFilter`, `prefix(while:)`...) or
    /// nothing (its `tryMap`, `drop(while:)`, `output(in:)`...).
    @usableFromInline let reflectsDownstream: Bool
    /// Whether a completion that comes before the subscription still reaches the downstream
    /// (Combine's `encode`/`decode`) or is ignored (its other guarded operators).
    @usableFromInline let passesEarlyCompletion: Bool
    /// What reflection shows after the downstream, given the stream's status and upstream
    /// subscription (Combine's `removeDuplicates` shows the last value, its `tryScan` the status
    /// and the result, its `encode` whether it finished and the upstream).
    @usableFromInline let reflectedState: ((_ status: String, _ upstream: Subscription?) -> [Mirror.Child])?
    @usableFromInline let step: (Input) throws -> Step
    @usableFromInline let mapFailure: (UpstreamFailure) -> Downstream.Failure
    @usableFromInline let wrapError: (Error) -> Downstream.Failure
    @usableFromInline let description: String

    @inlinable
    init(
        downstream: Downstream,
        name: String,
        mapFailure: @escaping (UpstreamFailure) -> Downstream.Failure,
        wrapError: @escaping (Error) -> Downstream.Failure,
        cancelsLateSubscription: Bool = true,
        reflectsDownstream: Bool = false,
        passesEarlyCompletion: Bool = false,
        reflectedState: ((_ status: String, _ upstream: Subscription?) -> [Mirror.Child])? = nil,
        trapsBeforeSubscription: Bool = false,
        step: @escaping (Input) throws -> Step
    ) {
        self.reflectedState = reflectedState
        if trapsBeforeSubscription {
            self.waitingDownstream = downstream
        } else {
            self.downstream = downstream
        }
        self.passesEarlyCompletion = passesEarlyCompletion
        self.reflectsDownstream = reflectsDownstream
        self.cancelsLateSubscription = cancelsLateSubscription
        self.description = name
        self.mapFailure = mapFailure
        self.wrapError = wrapError
        self.step = step
    }

    @usableFromInline
    var customMirror: Mirror {
        lock.lock()
        let downstream = self.downstream ?? waitingDownstream
        let upstream = self.upstream
        let status = done ? "terminal" : upstream == nil ? "awaiting subscription" : "subscribed"
        lock.unlock()
        if let reflectedState {
            return Mirror(self, children: [("downstream", downstream as Any)] + reflectedState(status, upstream))
        }
        guard reflectsDownstream else { return Mirror(self, children: [:]) }
        return Mirror(self, children: ["downstream": downstream as Any])
    }

    @usableFromInline
    var playgroundDescription: Any { description }

    @usableFromInline
    func receive(subscription: Subscription) {
        lock.lock()
        guard upstream == nil, !done, let downstream = downstream ?? waitingDownstream else {
            let leaveAlone = cancelledWhileWaiting && !cancelsLateSubscription
            cancelledWhileWaiting = false
            lock.unlock()
            if !leaveAlone { subscription.cancel() }
            return
        }
        upstream = subscription
        self.downstream = downstream
        waitingDownstream = nil
        lock.unlock()
        downstream.receive(subscription: self)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard !done, let downstream else {
            let early = waitingDownstream != nil
            lock.unlock()
            if early { APIViolation.report(.valueBeforeSubscription) }
            return .none
        }
        lock.unlock()
        do {
            switch try step(input) {
            case .send(let output):
                return downstream.receive(output)
            case .skip:
                return .max(1)
            case .finish(nil):
                guard let upstream = terminate() else { return .none }
                upstream.cancel()
                downstream.receive(completion: .finished)
                return .none
            case .finish(let output?):
                // `output(in:)`'s last element: as in Combine, the demand the downstream returns
                // for it is returned; before the subscription nothing ends (there is nothing to
                // cancel yet), the element is only handed on.
                guard let upstream = terminate() else {
                    return isAwaitingSubscription ? downstream.receive(output) : .none
                }
                upstream.cancel()
                let demand = downstream.receive(output)
                downstream.receive(completion: .finished)
                return demand
            }
        } catch {
            if let upstream = terminate() {
                upstream.cancel()
            } else if !(passesEarlyCompletion && terminateBeforeSubscription()) {
                return .none
            }
            downstream.receive(completion: .failure(wrapError(error)))
            return .none
        }
    }

    /// A completion before the subscription is ignored unless `passesEarlyCompletion`.
    @usableFromInline
    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        lock.lock()
        guard !done, upstream != nil || passesEarlyCompletion, let downstream else {
            let early = waitingDownstream != nil
            lock.unlock()
            if early { APIViolation.report(.completionBeforeSubscription) }
            return
        }
        done = true
        self.downstream = nil
        upstream = nil
        lock.unlock()
        downstream.receive(completion: completion.mapFailure(mapFailure))
    }

    @usableFromInline
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard !done, let upstream else {
            let early = waitingDownstream != nil
            lock.unlock()
            if early { APIViolation.report(.requestBeforeSubscription) }
            return
        }
        lock.unlock()
        upstream.request(demand)
    }

    @usableFromInline
    func cancel() {
        let upstream: Subscription? = lock.withLock {
            defer {
                done = true
                downstream = nil
                waitingDownstream = nil
                self.upstream = nil
            }
            if !done, self.upstream == nil { cancelledWhileWaiting = true }
            return done ? nil : self.upstream
        }
        upstream?.cancel()
    }

    /// Ends the stream from outside (a timeout): cancels the upstream and completes the downstream.
    @usableFromInline
    func expire(with completion: Subscribers.Completion<Downstream.Failure>) {
        let downstream = lock.withLock { self.downstream }
        guard let upstream = terminate(), let downstream else { return }
        upstream.cancel()
        downstream.receive(completion: completion)
    }

    /// Whether the upstream's subscription has not come yet (and the stream has not ended).
    @usableFromInline
    var isAwaitingSubscription: Bool {
        lock.withLock { !done && upstream == nil }
    }

    /// Marks the stream done when it has no upstream yet (`decode` failing on a value sent before
    /// the subscription, as Combine's does); whether it did.
    @usableFromInline
    func terminateBeforeSubscription() -> Bool {
        lock.withLock {
            guard !done, upstream == nil, downstream != nil else { return false }
            done = true
            downstream = nil
            return true
        }
    }

    /// Marks the stream done; returns the upstream to cancel, or nil if it was already done.
    @usableFromInline
    func terminate() -> Subscription? {
        lock.withLock {
            guard !done, let upstream else { return nil }
            done = true
            downstream = nil
            self.upstream = nil
            return upstream
        }
    }
}
