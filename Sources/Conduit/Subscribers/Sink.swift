extension Subscribers {
    /// A simple subscriber that requests an unlimited number of values upon subscription and
    /// calls a closure for each value and for the completion.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
    {
        /// The closure to execute on receipt of a value.
        ///
        /// Constants: calling a closure kept in a variable costs a retain and a release of what
        /// it captures (two atomic operations, ~12 ns of a ~45 ns delivery). What they capture is
        /// still let go once the subscription completes, as in Combine (where a finished
        /// subscription breaks a `self.cancellable = p.sink { self... }` cycle): the cancellable
        /// that `sink(receiveCompletion:receiveValue:)` returns lets go of the sink then.
        public let receiveValue: (Input) -> Void
        /// The closure to execute on completion.
        public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

        /// Guards `state`; one inline word (no separate allocation). Not Synchronization's `Mutex`:
        /// the thread sanitizer does not see that one order accesses on its contended path.
        private let lock = ReentrantLock()
        /// Where the sink stands with its upstream.
        @exclusivity(unchecked) private var state = SubscriberState.awaitingSubscription
        /// The cancellable `sink(receiveCompletion:receiveValue:)` returned, which owns this sink
        /// (so it is not owned here); told to let go of the sink when the subscription completes.
        /// Cleared under `lock` by completion and by cancel: a cancellable being deinitialised
        /// cancels this sink first, so it is never reached once gone.
        @exclusivity(unchecked) private var holder: Unmanaged<AnyCancellable>?

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
            lock.withLock(owner: self) {
                state = .terminal
                // Under the lock: a cancellable being deinitialised waits in `cancel()` for it.
                holder?._withUnsafeGuaranteedRef { $0.letGo() }
                holder = nil
            }
            receiveCompletion(completion)
        }

        public func cancel() {
            var subscription: Subscription?
            lock.withLock(owner: self) {
                subscription = state.subscription
                state = .terminal
                holder = nil
            }
            subscription?.cancel()
        }

        /// Remembers the cancellable that owns this sink; call before subscribing it (no lock:
        /// the sink reaches other threads only through the subscribe that follows).
        @usableFromInline
        func held(by cancellable: AnyCancellable) {
            holder = Unmanaged.passUnretained(cancellable)
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
        let cancellable = AnyCancellable(object: sink)
        sink.held(by: cancellable)
        subscribe(sink)
        return cancellable
    }
}

extension Publisher where Failure == Never {
    /// Attaches a subscriber with closure-based behaviour to a publisher that never fails.
    @inlinable
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
