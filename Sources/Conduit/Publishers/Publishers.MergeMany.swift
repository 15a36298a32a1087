extension Publishers {
    /// A publisher created by applying the merge function to an arbitrary number of upstream
    /// publishers of one type.
    ///
    /// Like `Merge`: every value any upstream sends, in arrival order; finished when all upstreams
    /// have finished (at once if there are none); failed as soon as one fails.
    public struct MergeMany<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The array of upstream publishers that this publisher merges together.
        public let publishers: [Upstream]

        /// Creates a publisher that merges an arbitrary number of upstream publishers.
        ///
        /// - Parameter upstream: The publishers to merge.
        public init(_ upstream: Upstream...) {
            publishers = upstream
        }

        /// Creates a publisher that merges a sequence of upstream publishers.
        ///
        /// - Parameter upstream: The publishers to merge.
        public init<S: Swift.Sequence>(_ upstream: S) where Upstream == S.Element {
            publishers = Array(upstream)
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FanInCore<S, MergeState<Output>>(downstream: subscriber, lanes: publishers.count,
                name: "MergeMany")
            subscriber.receive(subscription: core)
            for (index, publisher) in publishers.enumerated() {
                publisher.subscribe(core.lane(index))
            }
        }

        /// Combines elements from this publisher with those from another publisher of the same type.
        ///
        /// - Parameter other: Another publisher of the same type.
        /// - Returns: A publisher that merges these and `other`.
        public func merge(with other: Upstream) -> Publishers.MergeMany<Upstream> {
            Publishers.MergeMany(publishers + [other])
        }
    }
}

extension Publishers.MergeMany: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Combines elements from this publisher with those from another publisher of the same type,
    /// delivering an interleaved sequence of elements.
    ///
    /// ```swift
    /// let cancellable = [1, 2].publisher
    ///     .merge(with: [3].publisher)
    ///     .sink { print($0) }
    /// // Prints "1", "2", "3".
    /// ```
    ///
    /// - Parameter other: Another publisher of the same type.
    /// - Returns: A publisher that republishes the elements of both as they arrive.
    public func merge(with other: Self) -> Publishers.MergeMany<Self> {
        Publishers.MergeMany(self, other)
    }
}
