extension Publishers {
    /// A publisher that omits a specified number of elements before republishing later elements.
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let count: Int

        public init(upstream: Upstream, count: Int) {
            precondition(count >= 0, "count must not be negative")
            self.upstream = upstream
            self.count = count
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let drop = DropSubscription(downstream: subscriber, count: count)
            subscriber.receive(subscription: drop)
            upstream.subscribe(drop)
        }
    }

    /// A publisher that omits elements from an upstream publisher until a given closure returns false.
    public struct DropWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var dropping = true
            let predicate = self.predicate
            // Its own subscription (as in Combine): a second subscription is cancelled and nothing
            // passes after the completion or a cancel.
            upstream.subscribe(GuardedSubscriber<Output, Failure, S>(
                downstream: subscriber, name: "DropWhile", mapFailure: { $0 },
                wrapError: { _ in fatalError("a non-throwing predicate threw") }, cancelsLateSubscription: false
            ) { value in
                if dropping, predicate(value) { return .skip }
                dropping = false
                return .send(value)
            })
        }
    }

    /// Like `DropWhile`, with an error-throwing predicate.
    public struct TryDropWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let predicate: (Upstream.Output) throws -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Error {
            var dropping = true
            let predicate = self.predicate
            upstream.subscribe(GuardedSubscriber<Output, Upstream.Failure, S>(
                downstream: subscriber, name: "TryDropWhile", mapFailure: { $0 }, wrapError: { $0 },
                cancelsLateSubscription: false
            ) { value in
                if dropping, try predicate(value) { return .skip }
                dropping = false
                return .send(value)
            })
        }
    }
}

extension Publisher {
    /// Omits the specified number of elements before republishing subsequent elements.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }

    /// Omits elements from the upstream publisher until a given closure returns false.
    public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
        Publishers.DropWhile(upstream: self, predicate: predicate)
    }

    /// Like `drop(while:)`, with an error-throwing predicate.
    public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
        Publishers.TryDropWhile(upstream: self, predicate: predicate)
    }
}

/// The subscriber and subscription of `dropFirst(_:)`, with Combine's demand: the downstream gets
/// its subscription before the upstream is subscribed; what it asks for until the upstream's
/// subscription comes is kept, and the upstream is then asked for that plus the number of
/// elements to drop, in one request (so `dropFirst(2)` under a demand of 42 asks for 44). Dropped
/// elements need no new request; later requests go straight to the upstream.
private final class DropSubscription<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private var downstream: Downstream?
    private var upstream: Subscription?
    /// Demand asked for while there is no upstream subscription.
    private var pendingDemand = Subscribers.Demand.none
    /// Elements still to drop; only the upstream's (serial) deliveries touch it.
    private var remaining: Int

    init(downstream: Downstream, count: Int) {
        self.downstream = downstream
        self.remaining = count
    }

    var description: String { "Drop" }

    func receive(subscription: Subscription) {
        lock.lock()
        guard upstream == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        // Cancelled before it came: Combine leaves it alone.
        guard downstream != nil else {
            lock.unlock()
            return
        }
        upstream = subscription
        let demand = pendingDemand + remaining
        pendingDemand = .none
        lock.unlock()
        if demand > 0 { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        if remaining > 0 {
            remaining -= 1
            return .none
        }
        return lock.withLock { downstream }?.receive(input) ?? .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let downstream: Downstream? = lock.withLock {
            upstream = nil
            return self.downstream
        }
        downstream?.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard let upstream else {
            if downstream != nil { pendingDemand += demand }
            lock.unlock()
            return
        }
        lock.unlock()
        upstream.request(demand)
    }

    func cancel() {
        let upstream: Subscription? = lock.withLock {
            defer {
                self.upstream = nil
                downstream = nil
            }
            return self.upstream
        }
        upstream?.cancel()
    }
}
