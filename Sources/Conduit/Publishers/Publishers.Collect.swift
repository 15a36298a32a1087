extension Publishers {
    /// A publisher that buffers every element and publishes them as one array when the upstream finishes.
    public struct Collect<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// Creates a `Publishers.Collect` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameter upstream: The publisher from which this publisher receives elements.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var items: [Upstream.Output] = []
            // Combine's `collect()` shows reflection only how many elements it holds.
            upstream.reduceInto(subscriber, name: "Collect", accumulate: { items.append($0); return .more },
                result: { items }, reflectedChildren: { [("count", items.count)] })
        }
    }
}

extension Publisher {
    /// Collects all received elements, and emits a single array of the collection when the upstream finishes.
    ///
    /// It keeps every element until the end: use it on publishers that finish, and not on ones that may send
    /// without end.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher
    ///     .collect()
    ///     .sink { print($0) }
    /// // Prints "[1, 2, 3]".
    /// ```
    ///
    /// - Returns: A publisher that sends one array of every element once the upstream finishes.
    public func collect() -> Publishers.Collect<Self> {
        Publishers.Collect(upstream: self)
    }
}
