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
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FanIn(downstream: subscriber, rule: .zip, lanes: 2, name: "Zip") { values in
                (values[0] as! A.Output, values[1] as! B.Output)
            }
            subscriber.receive(subscription: core)
            a.subscribe(core.lane(0, of: A.Output.self))
            b.subscribe(core.lane(1, of: B.Output.self))
        }
    }
}

extension Publishers.Zip: Equatable where A: Equatable, B: Equatable {}

extension Publisher {
    /// Combines elements from another publisher and delivers pairs of elements as tuples.
    public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P> where Failure == P.Failure {
        Publishers.Zip(self, other)
    }
}
