extension Publishers {
    /// A publisher that receives and combines the latest elements from two publishers.
    ///
    /// It sends nothing until every upstream has sent a value; after that, each value from any
    /// upstream yields a tuple of the latest value of each. Downstream requests are passed to every
    /// upstream; each upstream's latest value is kept (a buffer of one), so values beyond demand
    /// replace each other. It finishes when every upstream has finished and fails as soon as one fails.
    public struct CombineLatest<A, B>: Publisher
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
            let core = FanInCore<S, CombiningState<LatestStorage2<A.Output, B.Output>>>(downstream: subscriber,
                lanes: 2, name: "CombineLatest")
            subscriber.receive(subscription: core)
            a.subscribe(core.lane(0) { $0.storage.a = $2; $0.storage.changed = true })
            b.subscribe(core.lane(1) { $0.storage.b = $2; $0.storage.changed = true })
        }
    }
}

extension Publishers.CombineLatest: Equatable where A: Equatable, B: Equatable {}

extension Publisher {
    /// Subscribes to an additional publisher and publishes a tuple upon receiving output from either publisher.
    ///
    /// ```swift
    /// let letters = PassthroughSubject<String, Never>()
    /// let numbers = PassthroughSubject<Int, Never>()
    /// let cancellable = letters.combineLatest(numbers).sink { print($0) }
    /// letters.send("a")
    /// numbers.send(1)
    /// letters.send("b")
    /// // Prints "("a", 1)", then "("b", 1)".
    /// ```
    ///
    /// - Parameter other: Another publisher with the same `Failure`.
    /// - Returns: A publisher that sends a tuple of both latest elements whenever either sends, once each has sent
    ///   one.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self,
        P> where Failure == P.Failure {
        Publishers.CombineLatest(self, other)
    }
}

extension Publisher {
    /// Like `combineLatest` with 1 other publisher, then transforms each combination with `transform`.
    ///
    /// ```swift
    /// let letters = PassthroughSubject<String, Never>()
    /// let numbers = PassthroughSubject<Int, Never>()
    /// let cancellable = letters.combineLatest(numbers) { "\($0)\($1)" }.sink { print($0) }
    /// letters.send("a")
    /// numbers.send(1)
    /// letters.send("b")
    /// // Prints "a1", then "b1".
    /// ```
    ///
    /// - Parameters:
    ///   - other: Another publisher with the same `Failure`.
    ///   - transform: A closure that takes both latest elements and returns the element to publish.
    /// - Returns: A publisher that sends the result of `transform` whenever either publisher sends, once each has
    ///   sent one.
    public func combineLatest<P: Publisher, T>(
        _ other: P,
        _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T>
        where Failure == P.Failure
    {
        Publishers.CombineLatest(self, other).map { transform($0.0, $0.1) }
    }
}
