extension Publishers {
    /// A publisher that transforms all elements from the upstream publisher with a provided
    /// error-throwing closure; a thrown error cancels the upstream and fails the stream.
    public struct TryMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that transforms each element.
        public let transform: (Upstream.Output) throws -> Output

        /// Creates a `Publishers.TryMap` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - transform: The closure that transforms each element.
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Error {
            let transform = self.transform
            upstream.subscribe(GuardedSubscriber<Upstream.Output, Upstream.Failure, S>(
                downstream: subscriber, name: "TryMap", mapFailure: { $0 }, wrapError: { $0 },
                cancelsLateSubscription: false
            ) { .send(try transform($0)) })
        }
    }
}

extension Publisher {
    /// Transforms all elements from the upstream publisher with a provided error-throwing closure.
    ///
    /// An error thrown by `transform` ends the stream with that error as its failure.
    ///
    /// ```swift
    /// struct NotANumber: Error {}
    /// let cancellable = ["1", "x", "3"].publisher
    ///     .tryMap { text -> Int in
    ///         guard let number = Int(text) else { throw NotANumber() }
    ///         return number
    ///     }
    ///     .sink(receiveCompletion: { if case .failure(let error) = $0 { print("failed:", error) } },
    ///           receiveValue: { print($0) })
    /// // Prints "1", then "failed: NotANumber()".
    /// ```
    ///
    /// - Parameter transform: A closure that takes an element from the upstream publisher and returns the element
    ///   to publish, or throws to fail the stream.
    /// - Returns: A publisher that sends the result of `transform` for each element, and fails with the error it
    ///   throws.
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
        Publishers.TryMap(upstream: self, transform: transform)
    }
}

extension Publishers.TryMap {
    /// Fuses a throwing map and a map into one `TryMap`.
    ///
    /// - Parameter transform: A closure that takes this map's result and returns the element to publish.
    /// - Returns: One `TryMap` of the same upstream, applying this map's closure, then `transform`.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.TryMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { transform(try first($0)) }
    }

    /// Fuses two throwing maps into one `TryMap`.
    ///
    /// - Parameter transform: A closure that takes this map's result and returns the element to publish, or throws.
    /// - Returns: One `TryMap` of the same upstream, applying this map's closure, then `transform`.
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { try transform(try first($0)) }
    }
}
