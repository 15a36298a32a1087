// Written by scripts/generate-arity: change the template there and run it, not this file.

extension Publishers {
    /// A publisher created by applying the merge function to five upstream publishers.
    ///
    /// It republishes every value any upstream sends, in the order they arrive; it finishes when
    /// every upstream has finished, and fails as soon as one fails (cancelling the others). An
    /// upstream is never asked for more than the downstream's outstanding demand.
    public struct Merge5<A, B, C, D, E>: Publisher
        where A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher,
        A.Failure == B.Failure,
        A.Output == B.Output,
        B.Failure == C.Failure,
        B.Output == C.Output,
        C.Failure == D.Failure,
        C.Output == D.Output,
        D.Failure == E.Failure,
        D.Output == E.Output
    {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// A publisher to merge.
        public let a: A

        /// A second publisher to merge.
        public let b: B

        /// A third publisher to merge.
        public let c: C

        /// A fourth publisher to merge.
        public let d: D

        /// A fifth publisher to merge.
        public let e: E

        /// Creates a publisher that merges the elements of five upstream publishers.
        ///
        /// - Parameters:
        ///   - a: Publisher number 1 of the 5, with the same `Output` and `Failure`.
        ///   - b: Publisher number 2 of the 5, with the same `Output` and `Failure`.
        ///   - c: Publisher number 3 of the 5, with the same `Output` and `Failure`.
        ///   - d: Publisher number 4 of the 5, with the same `Output` and `Failure`.
        ///   - e: Publisher number 5 of the 5, with the same `Output` and `Failure`.
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FanInCore<S, MergeState<Output>>(downstream: subscriber, lanes: 5, name: "Merge5")
            subscriber.receive(subscription: core)
            a.subscribe(core.lane(0))
            b.subscribe(core.lane(1))
            c.subscribe(core.lane(2))
            d.subscribe(core.lane(3))
            e.subscribe(core.lane(4))
        }

        /// Merges this publisher with another publisher.
        ///
        /// - Parameter p: A publisher with the same `Output` and `Failure`.
        /// - Returns: A publisher that merges these 5 and `p`.
        public func merge<P: Publisher>(with p: P) -> Publishers.Merge6<A, B, C, D, E, P>
            where E.Failure == P.Failure, E.Output == P.Output
        {
            Publishers.Merge6(a, b, c, d, e, p)
        }

        /// Merges this publisher with 2 more publishers.
        ///
        /// - Parameters:
        ///   - z: A publisher with the same `Output` and `Failure`.
        ///   - y: A publisher with the same `Output` and `Failure`.
        /// - Returns: A publisher that merges these 5 and the 2 given.
        public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge7<A, B, C, D, E, Z, Y>
            where E.Failure == Z.Failure, E.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output
        {
            Publishers.Merge7(a, b, c, d, e, z, y)
        }

        /// Merges this publisher with 3 more publishers.
        ///
        /// - Parameters:
        ///   - z: A publisher with the same `Output` and `Failure`.
        ///   - y: A publisher with the same `Output` and `Failure`.
        ///   - x: A publisher with the same `Output` and `Failure`.
        /// - Returns: A publisher that merges these 5 and the 3 given.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y,
            _ x: X) -> Publishers.Merge8<A, B, C, D, E, Z, Y, X>
            where E.Failure == Z.Failure, E.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output,
                Y.Failure == X.Failure, Y.Output == X.Output
        {
            Publishers.Merge8(a, b, c, d, e, z, y, x)
        }
    }
}

extension Publishers.Merge5: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable {}

extension Publisher {
    /// Combines elements from this publisher with those from 4 other publishers, delivering an
    /// interleaved sequence of elements.
    ///
    /// ```swift
    /// let a = [1].publisher
    /// let b = [2].publisher
    /// let c = [3].publisher
    /// let d = [4].publisher
    /// let e = [5].publisher
    /// let cancellable = a.merge(with: b, c, d, e).sink { print($0) }
    /// // Prints "1", "2", "3", "4", "5".
    /// ```
    ///
    /// - Parameters:
    ///   - b: Publisher number 2 of the 5, with the same `Output` and `Failure`.
    ///   - c: Publisher number 3 of the 5, with the same `Output` and `Failure`.
    ///   - d: Publisher number 4 of the 5, with the same `Output` and `Failure`.
    ///   - e: Publisher number 5 of the 5, with the same `Output` and `Failure`.
    /// - Returns: A publisher that republishes the elements of all 5 as they arrive, and finishes when all have
    ///   finished (or fails at the first failure).
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher>(with b: B, _ c: C, _ d: D, _ e: E)
        -> Publishers.Merge5<Self, B, C, D, E>
        where Failure == B.Failure,
            Output == B.Output,
            B.Failure == C.Failure,
            B.Output == C.Output,
            C.Failure == D.Failure,
            C.Output == D.Output,
            D.Failure == E.Failure,
            D.Output == E.Output
    {
        Publishers.Merge5(self, b, c, d, e)
    }
}
