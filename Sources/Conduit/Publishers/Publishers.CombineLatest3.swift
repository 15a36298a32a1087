// Written by scripts/generate-arity: change the template there and run it, not this file.

extension Publishers {
    /// A publisher that receives and combines the latest elements from three publishers.
    ///
    /// It sends nothing until every upstream has sent a value; after that, each value from any
    /// upstream yields a tuple of the latest value of each. Downstream requests are passed to every
    /// upstream; each upstream's latest value is kept (a buffer of one), so values beyond demand
    /// replace each other. It finishes when every upstream has finished and fails as soon as one fails.
    public struct CombineLatest3<A, B, C>: Publisher
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
            let core = FanInCore<S, CombiningState<LatestStorage3<A.Output, B.Output, C.Output>>>(
                downstream: subscriber, lanes: 3, name: "CombineLatest3")
            subscriber.receive(subscription: core)
            a.subscribe(core.lane(0) { $0.storage.a = $2; $0.storage.changed = true })
            b.subscribe(core.lane(1) { $0.storage.b = $2; $0.storage.changed = true })
            c.subscribe(core.lane(2) { $0.storage.c = $2; $0.storage.changed = true })
        }
    }
}

extension Publishers.CombineLatest3: Equatable where A: Equatable, B: Equatable, C: Equatable {}

extension Publisher {
    /// Like `combineLatest(_:)`, with 2 other publishers.
    ///
    /// ```swift
    /// let a = CurrentValueSubject<Int, Never>(1)
    /// let b = CurrentValueSubject<String, Never>("x")
    /// let c = CurrentValueSubject<Bool, Never>(true)
    /// let cancellable = a.combineLatest(b, c).sink { print($0) }
    /// a.send(2)
    /// // Prints "(1, "x", true)", then "(2, "x", true)".
    /// ```
    ///
    /// - Parameters:
    ///   - publisher1: A second publisher with the same `Failure`.
    ///   - publisher2: A third publisher with the same `Failure`.
    /// - Returns: A publisher that sends a tuple of the three latest elements whenever any sends, once each has sent
    ///   one.
    public func combineLatest<P: Publisher, Q: Publisher>(_ publisher1: P, _ publisher2: Q)
        -> Publishers.CombineLatest3<Self, P, Q>
        where Failure == P.Failure, P.Failure == Q.Failure
    {
        Publishers.CombineLatest3(self, publisher1, publisher2)
    }
}

extension Publisher {
    /// Like `combineLatest` with 2 other publishers, then transforms each combination with `transform`.
    ///
    /// ```swift
    /// let a = CurrentValueSubject<Int, Never>(1)
    /// let b = CurrentValueSubject<Int, Never>(2)
    /// let c = CurrentValueSubject<Int, Never>(3)
    /// let cancellable = a.combineLatest(b, c) { $0 + $1 + $2 }.sink { print($0) }
    /// a.send(10)
    /// // Prints "6", then "15".
    /// ```
    ///
    /// - Parameters:
    ///   - publisher1: A second publisher with the same `Failure`.
    ///   - publisher2: A third publisher with the same `Failure`.
    ///   - transform: A closure that takes the three latest elements and returns the element to publish.
    /// - Returns: A publisher that sends the result of `transform` whenever any sends, once each has sent one.
    public func combineLatest<P: Publisher, Q: Publisher, T>(
        _ publisher1: P, _ publisher2: Q,
        _ transform: @escaping (Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, P, Q>, T>
        where Failure == P.Failure, P.Failure == Q.Failure
    {
        Publishers.CombineLatest3(self, publisher1, publisher2).map { transform($0.0, $0.1, $0.2) }
    }
}
