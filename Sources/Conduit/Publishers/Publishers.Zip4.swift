// Written by scripts/generate-arity: change the template there and run it, not this file.

extension Publishers {
    /// A publisher created by applying the zip function to four upstream publishers.
    ///
    /// It waits until every upstream has sent a value, then sends the oldest unconsumed value of
    /// each together as a tuple; values are paired in order and never dropped. It finishes as soon
    /// as an upstream has finished and nothing it sent is left to pair, and fails as soon as one fails.
    public struct Zip4<A, B, C, D>: Publisher
        where A: Publisher, B: Publisher, C: Publisher, D: Publisher, A.Failure == B.Failure, B.Failure == C.Failure,
            C.Failure == D.Failure
    {
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        public typealias Failure = A.Failure

        /// The first upstream publisher.
        public let a: A

        /// The second upstream publisher.
        public let b: B

        /// The third upstream publisher.
        public let c: C

        /// The fourth upstream publisher.
        public let d: D

        /// Creates a publisher that combines the elements of four upstream publishers.
        ///
        /// - Parameters:
        ///   - a: The first upstream publisher.
        ///   - b: The second upstream publisher.
        ///   - c: The third upstream publisher.
        ///   - d: The fourth upstream publisher.
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FanInCore<S, CombiningState<ZipStorage4<A.Output, B.Output, C.Output, D.Output>>>(
                downstream: subscriber, lanes: 4, name: "Zip")
            subscriber.receive(subscription: core)
            a.subscribe(core.lane(0) { $0.storage.a.append($2) })
            b.subscribe(core.lane(1) { $0.storage.b.append($2) })
            c.subscribe(core.lane(2) { $0.storage.c.append($2) })
            d.subscribe(core.lane(3) { $0.storage.d.append($2) })
        }
    }
}

extension Publishers.Zip4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}

extension Publisher {
    /// Like `zip(_:)`, with 3 other publishers.
    ///
    /// ```swift
    /// let cancellable = [1].publisher
    ///     .zip(["a"].publisher, [true].publisher, [2.5].publisher)
    ///     .sink { print($0) }
    /// // Prints "(1, "a", true, 2.5)".
    /// ```
    ///
    /// - Parameters:
    ///   - publisher1: A second publisher with the same `Failure`.
    ///   - publisher2: A third publisher with the same `Failure`.
    ///   - publisher3: A fourth publisher with the same `Failure`.
    /// - Returns: A publisher that sends a tuple of the n-th elements of the four.
    public func zip<P: Publisher, Q: Publisher, R: Publisher>(_ publisher1: P, _ publisher2: Q, _ publisher3: R)
        -> Publishers.Zip4<Self, P, Q, R>
        where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure
    {
        Publishers.Zip4(self, publisher1, publisher2, publisher3)
    }
}

extension Publisher {
    /// Like `zip` with 3 other publishers, then transforms each combination with `transform`.
    ///
    /// ```swift
    /// let cancellable = [1].publisher
    ///     .zip([10].publisher, [100].publisher, [1000].publisher) { $0 + $1 + $2 + $3 }
    ///     .sink { print($0) }
    /// // Prints "1111".
    /// ```
    ///
    /// - Parameters:
    ///   - publisher1: A second publisher with the same `Failure`.
    ///   - publisher2: A third publisher with the same `Failure`.
    ///   - publisher3: A fourth publisher with the same `Failure`.
    ///   - transform: A closure that takes the n-th elements of the four and returns the element to publish.
    /// - Returns: A publisher that sends the result of `transform` for the n-th elements of the four.
    public func zip<P: Publisher, Q: Publisher, R: Publisher, T>(
        _ publisher1: P, _ publisher2: Q, _ publisher3: R,
        _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.Zip4<Self, P, Q, R>, T>
        where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure
    {
        Publishers.Zip4(self, publisher1, publisher2, publisher3).map { transform($0.0, $0.1, $0.2, $0.3) }
    }
}
