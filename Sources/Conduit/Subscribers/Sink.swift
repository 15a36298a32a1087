extension Subscribers {
    /// A simple subscriber that requests an unlimited number of values upon subscription and
    /// calls a closure for each value and for the completion.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
    {
        /// The closure to execute on receipt of a value.
        ///
        /// Both closures are replaced by empty ones once the completion arrives, so what they
        /// capture is released even while the sink itself is still held (as in Combine, where a
        /// finished subscription breaks a `self.cancellable = p.sink { self... }` cycle). Not
        /// locked: a publisher never delivers a value and the completion at the same time.
        @exclusivity(unchecked)
        public private(set) var receiveValue: (Input) -> Void
        /// The closure to execute on completion.
        @exclusivity(unchecked)
        public private(set) var receiveCompletion: (Subscribers.Completion<Failure>) -> Void

        /// Guards `state`; one inline word (no separate allocation). Not Synchronization's `Mutex`:
        /// the thread sanitizer does not see that one order accesses on its contended path.
        private let lock = ReentrantLock()
        /// Where the sink stands with its upstream.
        @exclusivity(unchecked) private var state = SubscriberState.awaitingSubscription

        /// Initializes a sink with the provided closures.
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        public var description: String { "Sink" }

        public var customMirror: Mirror { Mirror(self, children: []) }

        public var playgroundDescription: Any { description }

        public func receive(subscription: Subscription) {
            var accepted = false
            lock.withLock(owner: self) {
                guard case .awaitingSubscription = state else { return }
                state = .holding(subscription)
                accepted = true
            }
            if accepted {
                subscription.request(.unlimited)
            } else {
                subscription.cancel()
            }
        }

        @inlinable
        public func receive(_ value: Input) -> Subscribers.Demand {
            receiveValue(value)
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            lock.withLock(owner: self) { state = .terminal }
            let receiveCompletion = self.receiveCompletion
            self.receiveValue = { _ in }
            self.receiveCompletion = { _ in }
            receiveCompletion(completion)
        }

        public func cancel() {
            var subscription: Subscription?
            lock.withLock(owner: self) {
                subscription = state.subscription
                state = .terminal
            }
            subscription?.cancel()
        }
    }
}

extension Publisher {
    /// Attaches a subscriber with closure-based behaviour; it requests an unlimited number of values.
    @inlinable
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(
            receiveCompletion: receiveCompletion,
            receiveValue: receiveValue
        )
        subscribe(sink)
        return AnyCancellable(object: sink)
    }
}

extension Publisher where Failure == Never {
    /// Attaches a subscriber with closure-based behaviour to a publisher that never fails.
    @inlinable
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
