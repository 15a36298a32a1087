// Written by scripts/generate-arity: change the template there and run it, not this file.

extension Publishers {
    /// A publisher created by applying the merge function to seven upstream publishers.
    ///
    /// It republishes every value any upstream sends, in the order they arrive; it finishes when
    /// every upstream has finished, and fails as soon as one fails (cancelling the others). An
    /// upstream is never asked for more than the downstream's outstanding demand.
    public struct Merge7<A, B, C, D, E, F, G>: Publisher
        where A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher,
        A.Failure == B.Failure,
        A.Output == B.Output,
        B.Failure == C.Failure,
        B.Output == C.Output,
        C.Failure == D.Failure,
        C.Output == D.Output,
        D.Failure == E.Failure,
        D.Output == E.Output,
        E.Failure == F.Failure,
        E.Output == F.Output,
        F.Failure == G.Failure,
        F.Output == G.Output
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

        /// A sixth publisher to merge.
        public let f: F

        /// A seventh publisher to merge.
        public let g: G

        /// Creates a publisher that merges the elements of seven upstream publishers.
        ///
        /// - Parameters:
        ///   - a: Publisher number 1 of the 7, with the same `Output` and `Failure`.
        ///   - b: Publisher number 2 of the 7, with the same `Output` and `Failure`.
        ///   - c: Publisher number 3 of the 7, with the same `Output` and `Failure`.
        ///   - d: Publisher number 4 of the 7, with the same `Output` and `Failure`.
        ///   - e: Publisher number 5 of the 7, with the same `Output` and `Failure`.
        ///   - f: Publisher number 6 of the 7, with the same `Output` and `Failure`.
        ///   - g: Publisher number 7 of the 7, with the same `Output` and `Failure`.
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FanInCore<S, MergeState<Output>>(downstream: subscriber, lanes: 7, name: "Merge7")
            subscriber.receive(subscription: core)
            a.subscribe(core.lane(0))
            b.subscribe(core.lane(1))
            c.subscribe(core.lane(2))
            d.subscribe(core.lane(3))
            e.subscribe(core.lane(4))
            f.subscribe(core.lane(5))
            g.subscribe(core.lane(6))
        }

        /// Merges this publisher with another publisher.
        ///
        /// - Parameter p: A publisher with the same `Output` and `Failure`.
        /// - Returns: A publisher that merges these 7 and `p`.
        public func merge<P: Publisher>(with p: P) -> Publishers.Merge8<A, B, C, D, E, F, G, P>
            where G.Failure == P.Failure, G.Output == P.Output
        {
            Publishers.Merge8(a, b, c, d, e, f, g, p)
        }
    }
}

extension Publishers.Merge7: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable,
    F: Equatable, G: Equatable {}

extension Publisher {
    /// Combines elements from this publisher with those from 6 other publishers, delivering an
    /// interleaved sequence of elements.
    ///
    /// ```swift
    /// let a = [1].publisher
    /// let b = [2].publisher
    /// let c = [3].publisher
    /// let d = [4].publisher
    /// let e = [5].publisher
    /// let f = [6].publisher
    /// let g = [7].publisher
    /// let cancellable = a.merge(with: b, c, d, e, f, g).sink { print($0) }
    /// // Prints "1", "2", "3", "4", "5", "6", "7".
    /// ```
    ///
    /// - Parameters:
    ///   - b: Publisher number 2 of the 7, with the same `Output` and `Failure`.
    ///   - c: Publisher number 3 of the 7, with the same `Output` and `Failure`.
    ///   - d: Publisher number 4 of the 7, with the same `Output` and `Failure`.
    ///   - e: Publisher number 5 of the 7, with the same `Output` and `Failure`.
    ///   - f: Publisher number 6 of the 7, with the same `Output` and `Failure`.
    ///   - g: Publisher number 7 of the 7, with the same `Output` and `Failure`.
    /// - Returns: A publisher that republishes the elements of all 7 as they arrive, and finishes when all have
    ///   finished (or fails at the first failure).
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher>(with b: B,
        _ c: C, _ d: D, _ e: E, _ f: F, _ g: G)
        -> Publishers.Merge7<Self, B, C, D, E, F, G>
        where Failure == B.Failure,
            Output == B.Output,
            B.Failure == C.Failure,
            B.Output == C.Output,
            C.Failure == D.Failure,
            C.Output == D.Output,
            D.Failure == E.Failure,
            D.Output == E.Output,
            E.Failure == F.Failure,
            E.Output == F.Output,
            F.Failure == G.Failure,
            F.Output == G.Output
    {
        Publishers.Merge7(self, b, c, d, e, f, g)
    }
}
