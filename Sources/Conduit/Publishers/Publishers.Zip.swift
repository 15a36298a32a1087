extension Publishers {
    /// A publisher created by applying the zip function to two upstream publishers.
    ///
    /// It waits until every upstream has sent a value, then sends the oldest unconsumed value of
    /// each together as a tuple; values are paired in order and never dropped. It finishes as soon
    /// as an upstream has finished and nothing it sent is left to pair, and fails as soon as one fails.
    public struct Zip<A, B>: Publisher
        where A: Publisher, B: Publisher, A.Failure == B.Failure
    {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A

        /// The second upstream publisher.
        public let b: B

        /// Creates a publisher that combines the elements of two upstream publishers.
        ///
        /// - Parameters:
        ///   - a: The first upstream publisher.
        ///   - b: The second upstream publisher.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FanInCore<S, CombiningState<ZipStorage2<A.Output, B.Output>>>(downstream: subscriber, lanes: 2,
                name: "Zip")
            subscriber.receive(subscription: core)
            a.subscribe(core.lane(0) { $0.storage.a.append($2) })
            b.subscribe(core.lane(1) { $0.storage.b.append($2) })
        }
    }
}

extension Publishers.Zip: Equatable where A: Equatable, B: Equatable {}

extension Publisher {
    /// Combines elements from another publisher and delivers pairs of elements as tuples.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher
    ///     .zip(["a", "b"].publisher)
    ///     .sink { print($0) }
    /// // Prints "(1, "a")", "(2, "b")".
    /// ```
    ///
    /// - Parameter other: Another publisher with the same `Failure`.
    /// - Returns: A publisher that pairs the n-th elements of both, and finishes when either has finished and has
    ///   no element left to pair.
    public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P> where Failure == P.Failure {
        Publishers.Zip(self, other)
    }
}

extension Publisher {
    /// Like `zip` with 1 other publisher, then transforms each combination with `transform`.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher
    ///     .zip(["a", "b"].publisher) { "\($0)\($1)" }
    ///     .sink { print($0) }
    /// // Prints "1a", "2b".
    /// ```
    ///
    /// - Parameters:
    ///   - other: Another publisher with the same `Failure`.
    ///   - transform: A closure that takes a pair of elements and returns the element to publish.
    /// - Returns: A publisher that sends the result of `transform` for the n-th elements of both.
    public func zip<P: Publisher, T>(
        _ other: P,
        _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.Zip<Self, P>, T>
        where Failure == P.Failure
    {
        Publishers.Zip(self, other).map { transform($0.0, $0.1) }
    }
}
