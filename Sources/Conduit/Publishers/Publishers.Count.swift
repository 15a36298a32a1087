extension Publishers {
    /// A publisher that publishes the number of elements received from the upstream publisher.
    public struct Count<Upstream: Publisher>: Publisher {
        public typealias Output = Int
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// Creates a `Publishers.Count` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameter upstream: The publisher from which this publisher receives elements.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Failure {
            var count = 0
            upstream.reduceInto(subscriber, name: "Count", accumulate: { _ in count += 1; return .more },
                result: { count })
        }
    }
}

extension Publisher {
    /// Publishes the number of elements received from the upstream publisher.
    ///
    /// ```swift
    /// let cancellable = ["a", "b", "c"].publisher
    ///     .count()
    ///     .sink { print($0) }
    /// // Prints "3".
    /// ```
    ///
    /// - Returns: A publisher that sends the number of elements once the upstream finishes.
    public func count() -> Publishers.Count<Self> {
        Publishers.Count(upstream: self)
    }
}
