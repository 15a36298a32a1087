extension Publishers {
    /// A publisher that uses a subject to deliver elements to multiple subscribers.
    ///
    /// Subscribers attach to the subject (created once, on first use); the upstream is subscribed
    /// to only when `connect()` is called, and then once for all of them.
    public final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher,
        @unchecked Sendable
        where Upstream.Failure == SubjectType.Failure, Upstream.Output == SubjectType.Output
    {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher that this publisher receives elements from.
        public let upstream: Upstream
        /// A closure that returns a subject each time a subscriber attaches to the multicast publisher.
        public let createSubject: () -> SubjectType

        @usableFromInline let lock = Lock()
        @usableFromInline var createdSubject: SubjectType?

        /// Creates a multicast publisher that applies a closure to create a subject that delivers
        /// elements to subscribers.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - createSubject: A closure that makes the subject, called once on the first subscription.
        public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
            self.upstream = upstream
            self.createSubject = createSubject
        }

        /// The one subject of this publisher, created on first use (outside the lock: the closure
        /// is the caller's code).
        @usableFromInline
        var subject: SubjectType {
            if let existing = lock.withLock({ createdSubject }) {
                return existing
            }
            let made = createSubject()
            return lock.withLock {
                if let existing = createdSubject { return existing }
                createdSubject = made
                return made
            }
        }

        /// The subscriber attaches to the subject through a `MulticastSubscription`, which is what
        /// it sees as its subscription ("Multicast", as in Combine).
        ///
        /// - Parameter subscriber: The subscriber to attach.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subject.subscribe(MulticastSubscription(downstream: subscriber))
        }

        @inlinable
        public func connect() -> Cancellable {
            upstream.subscribe(subject)
        }
    }
}

/// Stands between a multicast's subject and one subscriber: the subscriber's subscription.
///
/// It passes the first subscription the subject gives on as itself, cancels any other, turns the
/// demand the subscriber answers a value with into a request to the subject, and ignores whatever
/// comes after a completion or its own cancellation. No lock is held while the subscriber or the
/// subject is called.
@usableFromInline
internal final class MulticastSubscription<Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    @usableFromInline
    typealias Input = Downstream.Input
    @usableFromInline
    typealias Failure = Downstream.Failure

    @usableFromInline
    let lock = Lock()
    @usableFromInline
    @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline
    @exclusivity(unchecked) var state = SubscriberState.awaitingSubscription

    @inlinable
    init(downstream: Downstream) {
        self.downstream = downstream
    }

    @usableFromInline
    var description: String { "Multicast" }
    @usableFromInline
    var customMirror: Mirror { Mirror(self, children: [:]) }
    @usableFromInline
    var playgroundDescription: Any { description }

    @usableFromInline
    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription = state, let downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        state = .holding(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard let subscription = state.subscription, let downstream else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        let more = downstream.receive(input)
        if more > 0 {
            subscription.request(more)
        }
        return .none
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard case .subscribed = state, let downstream else {
            lock.unlock()
            return
        }
        state = .terminal
        self.downstream = nil
        lock.unlock()
        downstream.receive(completion: completion)
    }

    @usableFromInline
    func request(_ demand: Subscribers.Demand) {
        let subscription = lock.withLock { state.subscription }
        subscription?.request(demand)
    }

    @usableFromInline
    func cancel() {
        let subscription: Subscription? = lock.withLock {
            defer {
                state = .terminal
                downstream = nil
            }
            return state.subscription
        }
        subscription?.cancel()
    }
}

extension Publisher {
    /// Applies a closure to create a subject that delivers elements to subscribers.
    ///
    /// Nothing is published until `connect()` is called on the returned publisher.
    ///
    /// ```swift
    /// let multicast = [1, 2].publisher
    ///     .multicast { PassthroughSubject<Int, Never>() }
    /// let first = multicast.sink { print("A", $0) }
    /// let second = multicast.sink { print("B", $0) }
    /// let connection = multicast.connect()
    /// // Prints "A 1", "B 1", "A 2", "B 2".
    /// ```
    ///
    /// - Parameter createSubject: A closure that returns the subject to relay through, called once, at the first
    ///   subscription or connection.
    /// - Returns: A connectable publisher that subscribes the subject to the upstream when you call `connect()`.
    public func multicast<S: Subject>(_ createSubject: @escaping () -> S) -> Publishers.Multicast<Self, S>
        where Failure == S.Failure, Output == S.Output
    {
        Publishers.Multicast(upstream: self, createSubject: createSubject)
    }

    /// Provides a subject to deliver elements to multiple subscribers.
    ///
    /// Nothing is published until `connect()` is called on the returned publisher.
    ///
    /// ```swift
    /// let relay = PassthroughSubject<Int, Never>()
    /// let multicast = [1, 2].publisher.multicast(subject: relay)
    /// let first = multicast.sink { print("A", $0) }
    /// let connection = multicast.connect()
    /// // Prints "A 1", "A 2".
    /// ```
    ///
    /// - Parameter subject: The subject to relay through.
    /// - Returns: A connectable publisher that subscribes `subject` to the upstream when you call `connect()`.
    public func multicast<S: Subject>(subject: S) -> Publishers.Multicast<Self, S>
        where Failure == S.Failure, Output == S.Output
    {
        Publishers.Multicast(upstream: self) { subject }
    }
}
