/// The subscription of `PrefixUntilOutput` and `DropUntilOutput`: it relays an upstream and
/// watches a second publisher ("other") for its first value.
///
/// For `prefix` that value finishes the stream; for `drop` it opens the gate (values before it
/// are dropped, and the upstream is asked for one more in their place). Downstream demand goes
/// to the upstream; the other publisher is asked for one value. Deliveries are serialised with a
/// recursive lock, so a value from the other publisher on another thread waits for the current
/// delivery, while one sent from inside the downstream is handled at once.
internal final class UntilOutput<Downstream: Subscriber, Other: Publisher>: Subscription, CustomStringConvertible,
    @unchecked Sendable
{
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    enum Mode {
        case prefix
        case drop
    }

    private let lock = Lock()
    private let delivery = ReentrantLock()
    private let mode: Mode
    /// What a failure of the other publisher does: a completion to send downstream, or nil to ignore it.
    private let otherFailed: (Other.Failure) -> Subscribers.Completion<Failure>?
    private var downstream: Downstream?
    private var upstream: Subscription?
    private var other: Subscription?
    private var pendingDemand = Subscribers.Demand.none
    private var open = false
    private var done = false

    init(downstream: Downstream, mode: Mode,
        otherFailed: @escaping (Other.Failure) -> Subscribers.Completion<Failure>?) {
        self.downstream = downstream
        self.mode = mode
        self.otherFailed = otherFailed
    }

    var description: String { mode == .prefix ? "PrefixUntilOutput" : "DropUntilOutput" }

    /// Subscribes to the other publisher, then to the upstream.
    func start<Upstream: Publisher>(upstream: Upstream, other: Other)
        where Upstream.Output == Output, Upstream.Failure == Failure
    {
        other.subscribe(UntilOutputOther(owner: self))
        upstream.subscribe(UntilOutputUpstream(owner: self))
    }

    /// A zero demand is accepted, as in Combine, and changes nothing.
    func request(_ demand: Subscribers.Demand) {
        let upstream: Subscription? = lock.withLock {
            guard !done, demand > 0 else { return nil }
            if self.upstream == nil { pendingDemand += demand }
            return self.upstream
        }
        upstream?.request(demand)
    }

    func cancel() {
        let subscriptions: [Subscription] = lock.withLock {
            done = true
            downstream = nil
            defer { upstream = nil; other = nil }
            return [upstream, other].compactMap { $0 }
        }
        for subscription in subscriptions {
            subscription.cancel()
        }
    }

    /// Ends the stream: cancels the subscriptions asked for and delivers `completion`.
    private func finish(_ completion: Subscribers.Completion<Failure>, cancelUpstream: Bool, cancelOther: Bool) {
        lock.lock()
        guard !done, let downstream else {
            lock.unlock()
            return
        }
        done = true
        self.downstream = nil
        let toCancel = [cancelUpstream ? upstream : nil, cancelOther ? other : nil].compactMap { $0 }
        upstream = nil
        other = nil
        lock.unlock()
        for subscription in toCancel {
            subscription.cancel()
        }
        delivery.withLock(owner: self) {
            downstream.receive(completion: completion)
        }
    }

    // MARK: Upstream events

    fileprivate func upstreamSubscribed(_ subscription: Subscription) {
        let demand: Subscribers.Demand? = lock.withLock {
            guard !done, upstream == nil else { return nil }
            upstream = subscription
            defer { pendingDemand = .none }
            return pendingDemand
        }
        guard let demand else {
            subscription.cancel()
            return
        }
        if demand > 0 {
            subscription.request(demand)
        }
    }

    fileprivate func upstreamSent(_ value: Output) -> Subscribers.Demand {
        lock.lock()
        guard !done else {
            lock.unlock()
            return .none
        }
        if mode == .drop, !open {
            lock.unlock()
            return .max(1)
        }
        lock.unlock()
        return delivery.withLock(owner: self) {
            guard let downstream = lock.withLock({ done ? nil : self.downstream }) else { return .none }
            return downstream.receive(value)
        }
    }

    fileprivate func upstreamCompleted(_ completion: Subscribers.Completion<Failure>) {
        lock.withLock { upstream = nil }
        finish(completion, cancelUpstream: false, cancelOther: true)
    }

    // MARK: Other events

    fileprivate func otherSubscribed(_ subscription: Subscription) {
        let accepted: Bool = lock.withLock {
            guard !done, other == nil, !open else { return false }
            other = subscription
            return true
        }
        if accepted {
            subscription.request(.max(1))
        } else {
            subscription.cancel()
        }
    }

    fileprivate func otherSent() {
        switch mode {
        case .prefix:
            finish(.finished, cancelUpstream: true, cancelOther: true)
        case .drop:
            let subscription: Subscription? = lock.withLock {
                guard !done, !open else { return nil }
                open = true
                defer { other = nil }
                return other
            }
            subscription?.cancel()
        }
    }

    fileprivate func otherCompleted(_ completion: Subscribers.Completion<Other.Failure>) {
        lock.withLock { other = nil }
        if case .failure(let error) = completion, let ending = otherFailed(error) {
            finish(ending, cancelUpstream: true, cancelOther: false)
        }
    }
}

private struct UntilOutputUpstream<Downstream: Subscriber, Other: Publisher>: Subscriber, CustomStringConvertible {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    let owner: UntilOutput<Downstream, Other>
    let combineIdentifier = CombineIdentifier()

    var description: String { owner.description }

    func receive(subscription: Subscription) {
        owner.upstreamSubscribed(subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        owner.upstreamSent(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        owner.upstreamCompleted(completion)
    }
}

private struct UntilOutputOther<Downstream: Subscriber, Other: Publisher>: Subscriber, CustomStringConvertible {
    typealias Input = Other.Output
    typealias Failure = Other.Failure

    let owner: UntilOutput<Downstream, Other>
    let combineIdentifier = CombineIdentifier()

    var description: String { owner.description }

    func receive(subscription: Subscription) {
        owner.otherSubscribed(subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        owner.otherSent()
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        owner.otherCompleted(completion)
    }
}
