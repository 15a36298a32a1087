extension Publishers {
    /// A publisher that attempts to recreate its subscription to a failed upstream publisher.
    ///
    /// After a failure it subscribes to the upstream again, up to `retries` times (without limit
    /// if `nil`), keeping the downstream's outstanding demand; the last failure is passed on.
    public struct Retry<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The maximum number of retry attempts to perform; `nil` retries without limit.
        public let retries: Int?

        /// Creates a publisher that attempts to recreate its subscription to a failed upstream publisher.
        public init(upstream: Upstream, retries: Int?) {
            self.upstream = upstream
            self.retries = retries
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let relay = Relay(downstream: subscriber, name: "Retry")
            subscriber.receive(subscription: relay)
            Self.attempt(upstream, to: relay, remaining: retries)
        }

        private static func attempt<S: Subscriber>(_ upstream: Upstream, to relay: Relay<S>, remaining: Int?)
            where S.Input == Output, S.Failure == Failure
        {
            relay.attach(upstream) { error in
                if let remaining, remaining <= 0 {
                    relay.complete(.failure(error))
                } else {
                    attempt(upstream, to: relay, remaining: remaining.map { $0 - 1 })
                }
            }
        }
    }
}

extension Publishers.Retry: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Attempts to recreate a failed subscription with the upstream publisher up to the number of
    /// times you specify.
    public func retry(_ retries: Int) -> Publishers.Retry<Self> {
        Publishers.Retry(upstream: self, retries: retries)
    }
}
