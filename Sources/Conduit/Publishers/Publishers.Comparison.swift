extension Publishers {
    /// A publisher that republishes items from another publisher only if each new item is in
    /// increasing order from the previously-published item (the minimum or maximum, by the closure).
    public struct Comparison<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// A closure that receives two elements and returns true if they are in increasing order.
        public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) -> Bool

        /// Creates a `Publishers.Comparison` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - areInIncreasingOrder: The closure that returns whether its first argument comes before its second.
        public init(upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var best: Output?
            let ordered = areInIncreasingOrder
            upstream.reduceInto(subscriber, name: "Comparison", accumulate: { value in
                if let current = best, !ordered(current, value) { return .more }
                best = value
                return .more
            }, result: { best })
        }
    }

    /// Like `Comparison`, with an error-throwing ordering closure.
    public struct TryComparison<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that returns whether its first argument comes before its second.
        public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) throws -> Bool

        /// Creates a `Publishers.TryComparison` from its parts; the operator that returns one is the usual way to make
        /// it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - areInIncreasingOrder: The closure that returns whether its first argument comes before its second.
        public init(upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output,
            Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Error {
            var best: Output?
            let ordered = areInIncreasingOrder
            upstream.tryReduceInto(subscriber, name: "TryComparison", accumulate: { value in
                if let current = best, try !ordered(current, value) { return .more }
                best = value
                return .more
            }, result: { best })
        }
    }
}

extension Publisher where Output: Comparable {
    /// Publishes the minimum value received from the upstream publisher, after it finishes.
    ///
    /// ```swift
    /// let cancellable = [3, 1, 2].publisher
    ///     .min()
    ///     .sink { print($0) }
    /// // Prints "1".
    /// ```
    ///
    /// - Returns: A publisher that sends the smallest element once the upstream finishes.
    public func min() -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self) { $0 > $1 }
    }

    /// Publishes the maximum value received from the upstream publisher, after it finishes.
    ///
    /// ```swift
    /// let cancellable = [3, 1, 2].publisher
    ///     .max()
    ///     .sink { print($0) }
    /// // Prints "3".
    /// ```
    ///
    /// - Returns: A publisher that sends the largest element once the upstream finishes.
    public func max() -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self) { $0 < $1 }
    }
}

extension Publisher {
    /// Publishes the minimum value received, using the closure to order the elements.
    ///
    /// ```swift
    /// let cancellable = ["ccc", "a", "bb"].publisher
    ///     .min { $0.count < $1.count }
    ///     .sink { print($0) }
    /// // Prints "a".
    /// ```
    ///
    /// - Parameter areInIncreasingOrder: A closure that returns whether its first argument comes before its second.
    /// - Returns: A publisher that sends the smallest element by `areInIncreasingOrder` once the upstream finishes.
    public func min(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self) { areInIncreasingOrder($1, $0) }
    }

    /// Like `min(by:)`, with an error-throwing closure.
    ///
    /// ```swift
    /// struct Incomparable: Error {}
    /// let cancellable = ["b", "", "a"].publisher
    ///     .tryMin { left, right in
    ///         if left.isEmpty || right.isEmpty { throw Incomparable() }
    ///         return left < right
    ///     }
    ///     .sink(receiveCompletion: { if case .failure(let error) = $0 { print("failed:", error) } },
    ///           receiveValue: { print($0) })
    /// // Prints "failed: Incomparable()".
    /// ```
    ///
    /// - Parameter areInIncreasingOrder: A closure that returns whether its first argument comes before its second,
    ///   or throws to fail the stream.
    /// - Returns: A publisher that sends the smallest element once the upstream finishes, or fails with the error
    ///   the closure throws.
    public func tryMin(by areInIncreasingOrder: @escaping (Output,
        Output) throws -> Bool) -> Publishers.TryComparison<Self> {
        Publishers.TryComparison(upstream: self) { try areInIncreasingOrder($1, $0) }
    }

    /// Publishes the maximum value received, using the closure to order the elements.
    ///
    /// ```swift
    /// let cancellable = ["ccc", "a", "bb"].publisher
    ///     .max { $0.count < $1.count }
    ///     .sink { print($0) }
    /// // Prints "ccc".
    /// ```
    ///
    /// - Parameter areInIncreasingOrder: A closure that returns whether its first argument comes before its second.
    /// - Returns: A publisher that sends the largest element by `areInIncreasingOrder` once the upstream finishes.
    public func max(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
    }

    /// Like `max(by:)`, with an error-throwing closure.
    ///
    /// ```swift
    /// struct Incomparable: Error {}
    /// let cancellable = ["b", "", "a"].publisher
    ///     .tryMax { left, right in
    ///         if left.isEmpty || right.isEmpty { throw Incomparable() }
    ///         return left < right
    ///     }
    ///     .sink(receiveCompletion: { if case .failure(let error) = $0 { print("failed:", error) } },
    ///           receiveValue: { print($0) })
    /// // Prints "failed: Incomparable()".
    /// ```
    ///
    /// - Parameter areInIncreasingOrder: A closure that returns whether its first argument comes before its second,
    ///   or throws to fail the stream.
    /// - Returns: A publisher that sends the largest element once the upstream finishes, or fails with the error
    ///   the closure throws.
    public func tryMax(by areInIncreasingOrder: @escaping (Output,
        Output) throws -> Bool) -> Publishers.TryComparison<Self> {
        Publishers.TryComparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
    }
}
