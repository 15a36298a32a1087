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

        private let lock = Lock()
        private var createdSubject: SubjectType?

        /// Creates a multicast publisher that applies a closure to create a subject that delivers
        /// elements to subscribers.
        public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
            self.upstream = upstream
            self.createSubject = createSubject
        }

        /// The one subject of this publisher, created on first use (outside the lock: the closure
        /// is the caller's code).
        private var subject: SubjectType {
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

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subject.subscribe(subscriber)
        }

        public func connect() -> Cancellable {
            upstream.subscribe(subject)
        }
    }
}

extension Publisher {
    /// Applies a closure to create a subject that delivers elements to subscribers.
    ///
    /// Nothing is published until `connect()` is called on the returned publisher.
    public func multicast<S: Subject>(_ createSubject: @escaping () -> S) -> Publishers.Multicast<Self, S>
        where Failure == S.Failure, Output == S.Output
    {
        Publishers.Multicast(upstream: self, createSubject: createSubject)
    }

    /// Provides a subject to deliver elements to multiple subscribers.
    ///
    /// Nothing is published until `connect()` is called on the returned publisher.
    public func multicast<S: Subject>(subject: S) -> Publishers.Multicast<Self, S>
        where Failure == S.Failure, Output == S.Output
    {
        Publishers.Multicast(upstream: self) { subject }
    }
}
