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
            RetryLoop(upstream: upstream, relay: relay, remaining: retries).attempt()
        }
    }
}

/// The attempts of one `Retry` subscription. An upstream that fails while it is being subscribed
/// to (a subject that has already failed) fails every new attempt at once: the attempts then run
/// in a loop, not by recursion, so a large retry count cannot overflow the stack.
private final class RetryLoop<Upstream: Publisher, Downstream: Subscriber>: @unchecked Sendable
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
{
    private let upstream: Upstream
    private let relay: Relay<Downstream>
    private let lock = Lock()
    /// Attempts left; nil retries without limit.
    private var remaining: Int?
    /// True while `attempt()` is subscribing; a failure meanwhile asks the loop for another round.
    private var subscribing = false
    private var again = false

    init(upstream: Upstream, relay: Relay<Downstream>, remaining: Int?) {
        self.upstream = upstream
        self.relay = relay
        self.remaining = remaining
    }

    func attempt() {
        repeat {
            lock.withLock {
                subscribing = true
                again = false
            }
            relay.attach(upstream) { [self] error in failed(error) }
        } while lock.withLock({ () -> Bool in
            subscribing = false
            return again
        })
    }

    private func failed(_ error: Upstream.Failure) {
        // nil: no attempts left; true: start a new loop; false: the running loop goes on.
        let attemptNow: Bool? = lock.withLock {
            if let remaining {
                if remaining <= 0 { return nil }
                self.remaining = remaining - 1
            }
            if subscribing {
                again = true
                return false
            }
            return true
        }
        switch attemptNow {
        case nil: relay.complete(.failure(error))
        case true?: attempt()
        case false?: break
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
