/// The state both subjects share: the conduits of their subscribers, their completion, and the
/// upstream subscriptions handed to them with `send(subscription:)`.
internal final class SubjectHub<Output, Failure: Error>: @unchecked Sendable {
    private let lock = Lock()
    private var conduits: [SubjectConduit<Output, Failure>] = []
    private var completion: Subscribers.Completion<Failure>?
    private var upstreams: [Subscription] = []
    private let name: String

    init(name: String) {
        self.name = name
    }

    deinit {
        for upstream in upstreams {
            upstream.cancel()
        }
    }

    var isCompleted: Bool {
        lock.withLock { completion != nil }
    }

    /// Offers the value to every current subscriber; the conduits enforce each one's demand.
    func broadcast(_ value: Output, generation: UInt64) {
        lock.lock()
        guard completion == nil else {
            lock.unlock()
            return
        }
        let receivers = conduits
        lock.unlock()
        for conduit in receivers {
            conduit.offer(value, generation: generation)
        }
    }

    /// Completes the subject once: current subscribers receive the completion, later ones at once.
    func complete(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard self.completion == nil else {
            lock.unlock()
            return
        }
        self.completion = completion
        let receivers = conduits
        conduits = []
        lock.unlock()
        for conduit in receivers {
            conduit.finish(completion)
        }
    }

    /// Keeps an upstream subscription and asks it for everything.
    func adopt(_ subscription: Subscription) {
        lock.withLock { upstreams.append(subscription) }
        subscription.request(.unlimited)
    }

    /// Attaches a subscriber, or completes it at once if the subject has completed.
    func attach<S: Subscriber>(_ subscriber: S, current: (() -> (Output, UInt64))?)
        where S.Input == Output, S.Failure == Failure
    {
        lock.lock()
        if let completion {
            lock.unlock()
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        let conduit = SubjectConduitTo(downstream: subscriber, subjectName: name, current: current) { [self] in
            detach($0)
        }
        conduits.append(conduit)
        lock.unlock()
        subscriber.receive(subscription: conduit)
    }

    private func detach(_ conduit: SubjectConduit<Output, Failure>) {
        lock.withLock {
            if let index = conduits.firstIndex(where: { $0 === conduit }) {
                conduits.remove(at: index)
            }
        }
    }
}
