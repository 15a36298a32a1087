extension Publishers {
    /// A publisher created by applying the merge function to two upstream publishers.
    ///
    /// It republishes every value any upstream sends, in the order they arrive; it finishes when
    /// every upstream has finished, and fails as soon as one fails (cancelling the others). An
    /// upstream is never asked for more than the downstream's outstanding demand.
    public struct Merge<A, B>: Publisher
        where A: Publisher, B: Publisher,
        A.Failure == B.Failure,
        A.Output == B.Output
    {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// A publisher to merge.
        public let a: A

        /// A second publisher to merge.
        public let b: B

        /// Creates a publisher that merges the elements of two upstream publishers.
        ///
        /// - Parameters:
        ///   - a: Publisher number 1 of the 2, with the same `Output` and `Failure`.
        ///   - b: Publisher number 2 of the 2, with the same `Output` and `Failure`.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FanInCore<S, MergeState<Output>>(downstream: subscriber, lanes: 2, name: "Merge")
            subscriber.receive(subscription: core)
            a.subscribe(core.lane(0))
            b.subscribe(core.lane(1))
        }

        /// Merges this publisher with another publisher.
        ///
        /// - Parameter p: A publisher with the same `Output` and `Failure`.
        /// - Returns: A publisher that merges these 2 and `p`.
        public func merge<P: Publisher>(with p: P) -> Publishers.Merge3<A, B, P>
            where B.Failure == P.Failure, B.Output == P.Output
        {
            Publishers.Merge3(a, b, p)
        }

        /// Merges this publisher with 2 more publishers.
        ///
        /// - Parameters:
        ///   - z: A publisher with the same `Output` and `Failure`.
        ///   - y: A publisher with the same `Output` and `Failure`.
        /// - Returns: A publisher that merges these 2 and the 2 given.
        public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y) -> Publishers.Merge4<A, B, Z, Y>
            where B.Failure == Z.Failure, B.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output
        {
            Publishers.Merge4(a, b, z, y)
        }

        /// Merges this publisher with 3 more publishers.
        ///
        /// - Parameters:
        ///   - z: A publisher with the same `Output` and `Failure`.
        ///   - y: A publisher with the same `Output` and `Failure`.
        ///   - x: A publisher with the same `Output` and `Failure`.
        /// - Returns: A publisher that merges these 2 and the 3 given.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X) -> Publishers.Merge5<A,
            B, Z, Y, X>
            where B.Failure == Z.Failure, B.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output,
                Y.Failure == X.Failure, Y.Output == X.Output
        {
            Publishers.Merge5(a, b, z, y, x)
        }

        /// Merges this publisher with 4 more publishers.
        ///
        /// - Parameters:
        ///   - z: A publisher with the same `Output` and `Failure`.
        ///   - y: A publisher with the same `Output` and `Failure`.
        ///   - x: A publisher with the same `Output` and `Failure`.
        ///   - w: A publisher with the same `Output` and `Failure`.
        /// - Returns: A publisher that merges these 2 and the 4 given.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(with z: Z, _ y: Y, _ x: X,
            _ w: W) -> Publishers.Merge6<A, B, Z, Y, X, W>
            where B.Failure == Z.Failure, B.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output,
                Y.Failure == X.Failure, Y.Output == X.Output, X.Failure == W.Failure, X.Output == W.Output
        {
            Publishers.Merge6(a, b, z, y, x, w)
        }

        /// Merges this publisher with 5 more publishers.
        ///
        /// - Parameters:
        ///   - z: A publisher with the same `Output` and `Failure`.
        ///   - y: A publisher with the same `Output` and `Failure`.
        ///   - x: A publisher with the same `Output` and `Failure`.
        ///   - w: A publisher with the same `Output` and `Failure`.
        ///   - v: A publisher with the same `Output` and `Failure`.
        /// - Returns: A publisher that merges these 2 and the 5 given.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher>(with z: Z, _ y: Y,
            _ x: X, _ w: W, _ v: V) -> Publishers.Merge7<A, B, Z, Y, X, W, V>
            where B.Failure == Z.Failure, B.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output,
                Y.Failure == X.Failure, Y.Output == X.Output, X.Failure == W.Failure, X.Output == W.Output,
                    W.Failure == V.Failure, W.Output == V.Output
        {
            Publishers.Merge7(a, b, z, y, x, w, v)
        }

        /// Merges this publisher with 6 more publishers.
        ///
        /// - Parameters:
        ///   - z: A publisher with the same `Output` and `Failure`.
        ///   - y: A publisher with the same `Output` and `Failure`.
        ///   - x: A publisher with the same `Output` and `Failure`.
        ///   - w: A publisher with the same `Output` and `Failure`.
        ///   - v: A publisher with the same `Output` and `Failure`.
        ///   - u: A publisher with the same `Output` and `Failure`.
        /// - Returns: A publisher that merges these 2 and the 6 given.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher, U: Publisher>(
            with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V, _ u: U) -> Publishers.Merge8<A, B, Z, Y, X, W, V, U>
            where B.Failure == Z.Failure, B.Output == Z.Output, Z.Failure == Y.Failure, Z.Output == Y.Output,
                Y.Failure == X.Failure, Y.Output == X.Output, X.Failure == W.Failure, X.Output == W.Output,
                    W.Failure == V.Failure, W.Output == V.Output, V.Failure == U.Failure, V.Output == U.Output
        {
            Publishers.Merge8(a, b, z, y, x, w, v, u)
        }
    }
}

extension Publishers.Merge: Equatable where A: Equatable, B: Equatable {}

extension Publisher {
    /// Combines elements from this publisher with those from another publisher, delivering an
    /// interleaved sequence of elements.
    ///
    /// ```swift
    /// let left = PassthroughSubject<Int, Never>()
    /// let right = PassthroughSubject<Int, Never>()
    /// let cancellable = left.merge(with: right).sink { print($0) }
    /// left.send(1)
    /// right.send(2)
    /// left.send(3)
    /// // Prints "1", "2", "3".
    /// ```
    ///
    /// - Parameter other: Another publisher of the same `Output` and `Failure`.
    /// - Returns: A publisher that republishes the elements of both as they arrive, and finishes when both have
    ///   finished (or fails at the first failure).
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
        where Failure == P.Failure, Output == P.Output
    {
        Publishers.Merge(self, other)
    }
}
