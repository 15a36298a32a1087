extension Publishers {
    /// A publisher that publishes only elements that don't match the previous element.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// A closure that says whether two consecutive elements are duplicates.
        public let predicate: (Output, Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let previous = SerialState<Output?>(nil)
            let predicate = self.predicate
            // Its own subscription (as in Combine): a second subscription is cancelled and nothing
            // passes after the completion or a cancel.
            upstream.subscribe(GuardedSubscriber<Output, Failure, S>(
                downstream: subscriber, name: "RemoveDuplicates", mapFailure: { $0 },
                wrapError: { _ in fatalError("a non-throwing predicate threw") },
                reflectedState: { _, _ in [("last", previous.value as Any)] },
                trapsBeforeSubscription: true
            ) { value in
                defer { previous.value = value }
                if let last = previous.value, predicate(last, value) { return .skip }
                return .send(value)
            })
        }
    }

    /// A publisher that publishes only elements that an error-throwing closure says are not duplicates.
    public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let predicate: (Output, Output) throws -> Bool

        public init(upstream: Upstream, predicate: @escaping (Output, Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Error {
            let previous = SerialState<Output?>(nil)
            let predicate = self.predicate
            upstream.subscribe(GuardedSubscriber<Output, Upstream.Failure, S>(
                downstream: subscriber, name: "TryRemoveDuplicates", mapFailure: { $0 }, wrapError: { $0 },
                reflectedState: { _, _ in [("last", previous.value as Any)] },
                trapsBeforeSubscription: true
            ) { value in
                if let last = previous.value, try predicate(last, value) {
                    previous.value = value
                    return .skip
                }
                previous.value = value
                return .send(value)
            })
        }
    }
}

extension Publisher where Output: Equatable {
    /// Publishes only elements that don't match the previous element.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: ==)
    }
}

extension Publisher {
    /// Publishes only elements that the predicate says don't match the previous element.
    public func removeDuplicates(by predicate: @escaping (Output,
        Output) -> Bool) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }

    /// Like `removeDuplicates(by:)`, with an error-throwing predicate.
    public func tryRemoveDuplicates(by predicate: @escaping (Output,
        Output) throws -> Bool) -> Publishers.TryRemoveDuplicates<Self> {
        Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
    }
}
