// Written by scripts/generate-arity: change the template there and run it, not this file.

extension Publishers {
    /// A publisher created by applying the merge function to four upstream publishers.
    ///
    /// It republishes every value any upstream sends, in the order they arrive; it finishes when
    /// every upstream has finished, and fails as soon as one fails (cancelling the others). An
    /// upstream is never asked for more than the downstream's outstanding demand.
    public struct Merge4<A, B, C, D>: Publisher
        where A: Publisher, B: Publisher, C: Publisher, D: Publisher,
        A.Failure == B.Failure,
        A.Output == B.Output,
        B.Failure == C.Failure,
        B.Output == C.Output,
        C.Failure == D.Failure,
        C.Output == D.Output
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

        /// Creates a publisher that merges the elements of four upstream publishers.
        ///
        /// - Parameters:
        ///   - a: Publisher number 1 of the 4, with the same `Output` and `Failure`.
        ///   - b: Publisher number 2 of the 4, with the same `Output` and `Failure`.
        ///   - c: Publisher number 3 of the 4, with the same `Output` and `Failure`.
        ///   - d: Publisher number 4 of the 4, with the same `Output` and `Failure`.
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FanInCore<S, MergeState<Output>>(downstream: subscriber, lanes: 4, name: "Merge4")
            subscriber.receive(subscription: core)
            a.subscribe(core.lane(0))
            b.subscribe(core.lane(1))
            c.subscribe(core.lane(2))
            d.subscribe(core.lane(3))
        }

        /// Merges this publisher with another publisher.
        ///
        /// - Parameter p: A publisher with the same `Output` and `Failure`.
        /// - Returns: A publisher that merges these 4 and `p`.
        public func merge<P: Publisher>(with p: P) -> Publishers.Merge5<A, B, C, D, P>
            where D.Failure == P.Failure, D.Output == P.Output
        {
            Publishers.Merge5(a, b, c, d, p)
        }

        /// Merges this publisher with 2 more publishers.
        ///
        /// - Parameters:
        ///   - z: A publisher with the same `Output` and `Failure`.
        ///   - y: A publisher with the same `Output` and `Failure`.
        /// - Returns: A publisher that merges these 4 and the 2 given.
        public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge6<A, B, C, D, Z, Y>
            where D.Failure == Z.Failure, D.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output
        {
            Publishers.Merge6(a, b, c, d, z, y)
        }

        /// Merges this publisher with 3 more publishers.
        ///
        /// - Parameters:
        ///   - z: A publisher with the same `Output` and `Failure`.
        ///   - y: A publisher with the same `Output` and `Failure`.
        ///   - x: A publisher with the same `Output` and `Failure`.
        /// - Returns: A publisher that merges these 4 and the 3 given.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y,
            _ x: X) -> Publishers.Merge7<A, B, C, D, Z, Y, X>
            where D.Failure == Z.Failure, D.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output,
                Y.Failure == X.Failure, Y.Output == X.Output
        {
            Publishers.Merge7(a, b, c, d, z, y, x)
        }

        /// Merges this publisher with 4 more publishers.
        ///
        /// - Parameters:
        ///   - z: A publisher with the same `Output` and `Failure`.
        ///   - y: A publisher with the same `Output` and `Failure`.
        ///   - x: A publisher with the same `Output` and `Failure`.
        ///   - w: A publisher with the same `Output` and `Failure`.
        /// - Returns: A publisher that merges these 4 and the 4 given.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(with z: Z, _ y: Y, _ x: X,
            _ w: W) -> Publishers.Merge8<A, B, C, D, Z, Y, X, W>
            where D.Failure == Z.Failure, D.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output,
                Y.Failure == X.Failure, Y.Output == X.Output, X.Failure == W.Failure, X.Output == W.Output
        {
            Publishers.Merge8(a, b, c, d, z, y, x, w)
        }
    }
}

extension Publishers.Merge4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}

extension Publisher {
    /// Combines elements from this publisher with those from 3 other publishers, delivering an
    /// interleaved sequence of elements.
    ///
    /// ```swift
    /// let a = [1].publisher
    /// let b = [2].publisher
    /// let c = [3].publisher
    /// let d = [4].publisher
    /// let cancellable = a.merge(with: b, c, d).sink { print($0) }
    /// // Prints "1", "2", "3", "4".
    /// ```
    ///
    /// - Parameters:
    ///   - b: Publisher number 2 of the 4, with the same `Output` and `Failure`.
    ///   - c: Publisher number 3 of the 4, with the same `Output` and `Failure`.
    ///   - d: Publisher number 4 of the 4, with the same `Output` and `Failure`.
    /// - Returns: A publisher that republishes the elements of all 4 as they arrive, and finishes when all have
    ///   finished (or fails at the first failure).
    public func merge<B: Publisher, C: Publisher, D: Publisher>(with b: B, _ c: C, _ d: D)
        -> Publishers.Merge4<Self, B, C, D>
        where Failure == B.Failure,
            Output == B.Output,
            B.Failure == C.Failure,
            B.Output == C.Output,
            C.Failure == D.Failure,
            C.Output == D.Output
    {
        Publishers.Merge4(self, b, c, d)
    }
}
