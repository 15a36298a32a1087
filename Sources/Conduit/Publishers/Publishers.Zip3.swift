// Written by scripts/generate-arity: change the template there and run it, not this file.

extension Publishers {
    /// A publisher created by applying the zip function to three upstream publishers.
    ///
    /// It waits until every upstream has sent a value, then sends the oldest unconsumed value of
    /// each together as a tuple; values are paired in order and never dropped. It finishes as soon
    /// as an upstream has finished and nothing it sent is left to pair, and fails as soon as one fails.
    public struct Zip3<A, B, C>: Publisher
        where A: Publisher, B: Publisher, C: Publisher, A.Failure == B.Failure, B.Failure == C.Failure
    {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A

        /// The second upstream publisher.
        public let b: B

        /// The third upstream publisher.
        public let c: C

        /// Creates a publisher that combines the elements of three upstream publishers.
        ///
        /// - Parameters:
        ///   - a: The first upstream publisher.
        ///   - b: The second upstream publisher.
        ///   - c: The third upstream publisher.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FanInCore<S, CombiningState<ZipStorage3<A.Output, B.Output, C.Output>>>(
                downstream: subscriber, lanes: 3, name: "Zip")
            subscriber.receive(subscription: core)
            a.subscribe(core.lane(0) { $0.storage.a.append($2) })
            b.subscribe(core.lane(1) { $0.storage.b.append($2) })
            c.subscribe(core.lane(2) { $0.storage.c.append($2) })
        }
    }
}

extension Publishers.Zip3: Equatable where A: Equatable, B: Equatable, C: Equatable {}

extension Publisher {
    /// Like `zip(_:)`, with 2 other publishers.
    ///
    /// ```swift
    /// let cancellable = [1, 2].publisher
    ///     .zip(["a", "b"].publisher, [true, false].publisher)
    ///     .sink { print($0) }
    /// // Prints "(1, "a", true)", "(2, "b", false)".
    /// ```
    ///
    /// - Parameters:
    ///   - publisher1: A second publisher with the same `Failure`.
    ///   - publisher2: A third publisher with the same `Failure`.
    /// - Returns: A publisher that sends a tuple of the n-th elements of the three.
    public func zip<P: Publisher, Q: Publisher>(_ publisher1: P, _ publisher2: Q)
        -> Publishers.Zip3<Self, P, Q>
        where Failure == P.Failure, P.Failure == Q.Failure
    {
        Publishers.Zip3(self, publisher1, publisher2)
    }
}

extension Publisher {
    /// Like `zip` with 2 other publishers, then transforms each combination with `transform`.
    ///
    /// ```swift
    /// let cancellable = [1, 2].publisher
    ///     .zip([10, 20].publisher, [100, 200].publisher) { $0 + $1 + $2 }
    ///     .sink { print($0) }
    /// // Prints "111", "222".
    /// ```
    ///
    /// - Parameters:
    ///   - publisher1: A second publisher with the same `Failure`.
    ///   - publisher2: A third publisher with the same `Failure`.
    ///   - transform: A closure that takes the n-th elements of the three and returns the element to publish.
    /// - Returns: A publisher that sends the result of `transform` for the n-th elements of the three.
    public func zip<P: Publisher, Q: Publisher, T>(
        _ publisher1: P, _ publisher2: Q,
        _ transform: @escaping (Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.Zip3<Self, P, Q>, T>
        where Failure == P.Failure, P.Failure == Q.Failure
    {
        Publishers.Zip3(self, publisher1, publisher2).map { transform($0.0, $0.1, $0.2) }
    }
}
