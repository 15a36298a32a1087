// Written by scripts/generate-arity: change the template there and run it, not this file.

extension Publishers {
    /// A publisher that receives and combines the latest elements from four publishers.
    ///
    /// It sends nothing until every upstream has sent a value; after that, each value from any
    /// upstream yields a tuple of the latest value of each. Downstream requests are passed to every
    /// upstream; each upstream's latest value is kept (a buffer of one), so values beyond demand
    /// replace each other. It finishes when every upstream has finished and fails as soon as one fails.
    public struct CombineLatest4<A, B, C, D>: Publisher
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
            let core = FanInCore<S, CombiningState<LatestStorage4<A.Output, B.Output, C.Output, D.Output>>>(
                downstream: subscriber, lanes: 4, name: "CombineLatest4")
            subscriber.receive(subscription: core)
            a.subscribe(core.lane(0) { $0.storage.a = $2; $0.storage.changed = true })
            b.subscribe(core.lane(1) { $0.storage.b = $2; $0.storage.changed = true })
            c.subscribe(core.lane(2) { $0.storage.c = $2; $0.storage.changed = true })
            d.subscribe(core.lane(3) { $0.storage.d = $2; $0.storage.changed = true })
        }
    }
}

extension Publishers.CombineLatest4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}

extension Publisher {
    /// Like `combineLatest(_:)`, with 3 other publishers.
    ///
    /// ```swift
    /// let a = CurrentValueSubject<Int, Never>(1)
    /// let b = CurrentValueSubject<Int, Never>(2)
    /// let c = CurrentValueSubject<Int, Never>(3)
    /// let d = CurrentValueSubject<Int, Never>(4)
    /// let cancellable = a.combineLatest(b, c, d).sink { print($0) }
    /// // Prints "(1, 2, 3, 4)".
    /// ```
    ///
    /// - Parameters:
    ///   - publisher1: A second publisher with the same `Failure`.
    ///   - publisher2: A third publisher with the same `Failure`.
    ///   - publisher3: A fourth publisher with the same `Failure`.
    /// - Returns: A publisher that sends a tuple of the four latest elements whenever any sends, once each has sent
    ///   one.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher>(_ publisher1: P, _ publisher2: Q,
        _ publisher3: R)
        -> Publishers.CombineLatest4<Self, P, Q, R>
        where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure
    {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
    }
}

extension Publisher {
    /// Like `combineLatest` with 3 other publishers, then transforms each combination with `transform`.
    ///
    /// ```swift
    /// let a = CurrentValueSubject<Int, Never>(1)
    /// let b = CurrentValueSubject<Int, Never>(2)
    /// let c = CurrentValueSubject<Int, Never>(3)
    /// let d = CurrentValueSubject<Int, Never>(4)
    /// let cancellable = a.combineLatest(b, c, d) { $0 + $1 + $2 + $3 }.sink { print($0) }
    /// // Prints "10".
    /// ```
    ///
    /// - Parameters:
    ///   - publisher1: A second publisher with the same `Failure`.
    ///   - publisher2: A third publisher with the same `Failure`.
    ///   - publisher3: A fourth publisher with the same `Failure`.
    ///   - transform: A closure that takes the four latest elements and returns the element to publish.
    /// - Returns: A publisher that sends the result of `transform` whenever any sends, once each has sent one.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher, T>(
        _ publisher1: P, _ publisher2: Q, _ publisher3: R,
        _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest4<Self, P, Q, R>, T>
        where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure
    {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3).map { transform($0.0, $0.1, $0.2, $0.3) }
    }
}
