extension Publishers {
    /// A publisher that publishes only elements that don't match the previous element.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// A closure that says whether two consecutive elements are duplicates.
        public let predicate: (Output, Output) -> Bool

        /// Creates a `Publishers.RemoveDuplicates` from its parts; the operator that returns one is the usual way to
        /// make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - predicate: The closure that decides, for each element, as the operator's name says.
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

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that decides, for each element, as the operator's name says.
        public let predicate: (Output, Output) throws -> Bool

        /// Creates a `Publishers.TryRemoveDuplicates` from its parts; the operator that returns one is the usual way to
        /// make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - predicate: The closure that decides, for each element, as the operator's name says.
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
    ///
    /// ```swift
    /// let cancellable = [1, 1, 2, 2, 1].publisher
    ///     .removeDuplicates()
    ///     .sink { print($0) }
    /// // Prints "1", "2", "1".
    /// ```
    ///
    /// - Returns: A publisher that republishes an element only when it differs from the one before it.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: ==)
    }
}

extension Publisher {
    /// Publishes only elements that the predicate says don't match the previous element.
    ///
    /// ```swift
    /// let cancellable = ["a", "A", "b"].publisher
    ///     .removeDuplicates { $0.lowercased() == $1.lowercased() }
    ///     .sink { print($0) }
    /// // Prints "a", "b".
    /// ```
    ///
    /// - Parameter predicate: A closure that takes the element published before and the new one and returns whether
    ///   they count as the same.
    /// - Returns: A publisher that republishes an element only when `predicate` says it differs from the one before
    ///   it.
    public func removeDuplicates(by predicate: @escaping (Output,
        Output) -> Bool) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }

    /// Like `removeDuplicates(by:)`, with an error-throwing predicate.
    ///
    /// ```swift
    /// struct Invalid: Error {}
    /// let cancellable = ["a", "a", ""].publisher
    ///     .tryRemoveDuplicates { previous, next in
    ///         if next.isEmpty { throw Invalid() }
    ///         return previous == next
    ///     }
    ///     .sink(receiveCompletion: { if case .failure(let error) = $0 { print("failed:", error) } },
    ///           receiveValue: { print($0) })
    /// // Prints "a", then "failed: Invalid()".
    /// ```
    ///
    /// - Parameter predicate: A closure that takes the element published before and the new one and returns whether
    ///   they count as the same, or throws to fail the stream.
    /// - Returns: A publisher that republishes an element only when `predicate` says it differs from the one before
    ///   it, or fails with the error `predicate` throws.
    public func tryRemoveDuplicates(by predicate: @escaping (Output,
        Output) throws -> Bool) -> Publishers.TryRemoveDuplicates<Self> {
        Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
    }
}
