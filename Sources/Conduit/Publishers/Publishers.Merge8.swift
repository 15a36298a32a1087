extension Publishers {
    /// A publisher created by applying the merge function to eight upstream publishers.
    ///
    /// It republishes every value any upstream sends, in the order they arrive; it finishes when
    /// every upstream has finished, and fails as soon as one fails (cancelling the others). An
    /// upstream is never asked for more than the downstream's outstanding demand.
    public struct Merge8<A, B, C, D, E, F, G, H>: Publisher
        where A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher,
            H: Publisher,
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
        F.Output == G.Output,
        G.Failure == H.Failure,
        G.Output == H.Output
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

        /// An eighth publisher to merge.
        public let h: H

        /// Creates a publisher that merges the elements of eight upstream publishers.
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
            self.h = h
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FanInCore<S, MergeState<Output>>(downstream: subscriber, lanes: 8, name: "Merge8")
            subscriber.receive(subscription: core)
            a.subscribe(core.lane(0))
            b.subscribe(core.lane(1))
            c.subscribe(core.lane(2))
            d.subscribe(core.lane(3))
            e.subscribe(core.lane(4))
            f.subscribe(core.lane(5))
            g.subscribe(core.lane(6))
            h.subscribe(core.lane(7))
        }
    }
}

extension Publishers.Merge8: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable,
    F: Equatable, G: Equatable, H: Equatable {}

extension Publisher {
    /// Combines elements from this publisher with those from 7 other publishers, delivering an
    /// interleaved sequence of elements.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H)
        -> Publishers.Merge8<Self, B, C, D, E, F, G, H>
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
            F.Output == G.Output,
            G.Failure == H.Failure,
            G.Output == H.Output
    {
        Publishers.Merge8(self, b, c, d, e, f, g, h)
    }
}
