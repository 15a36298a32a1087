extension Publishers {
    /// A publisher that publishes whether all elements satisfy the predicate (false at the first that does not).
    public struct AllSatisfy<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that decides, for each element, as the operator's name says.
        public let predicate: (Upstream.Output) -> Bool

        /// Creates a `Publishers.AllSatisfy` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - predicate: The closure that decides, for each element, as the operator's name says.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
            upstream.answerInto(subscriber, name: "AllSatisfy", decisive: false, test: predicate)
        }
    }

    /// Like `AllSatisfy`, with an error-throwing predicate.
    public struct TryAllSatisfy<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that decides, for each element, as the operator's name says.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Creates a `Publishers.TryAllSatisfy` from its parts; the operator that returns one is the usual way to make
        /// it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - predicate: The closure that decides, for each element, as the operator's name says.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Error {
            upstream.tryAnswerInto(subscriber, name: "TryAllSatisfy", decisive: false, test: predicate)
        }
    }
}

extension Publisher {
    /// Publishes whether all received elements satisfy the predicate.
    ///
    /// ```swift
    /// let cancellable = [2, 4, 6].publisher
    ///     .allSatisfy { $0.isMultiple(of: 2) }
    ///     .sink { print($0) }
    /// // Prints "true".
    /// ```
    ///
    /// - Parameter predicate: A closure that takes an element and returns whether it satisfies the condition.
    /// - Returns: A publisher that sends `false` as soon as an element fails `predicate`, or `true` when the
    ///   upstream finishes.
    public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
        Publishers.AllSatisfy(upstream: self, predicate: predicate)
    }

    /// Like `allSatisfy`, with an error-throwing predicate.
    ///
    /// ```swift
    /// struct Invalid: Error {}
    /// let cancellable = [2, -4, 6].publisher
    ///     .tryAllSatisfy { number in
    ///         if number < 0 { throw Invalid() }
    ///         return number.isMultiple(of: 2)
    ///     }
    ///     .sink(receiveCompletion: { if case .failure(let error) = $0 { print("failed:", error) } },
    ///           receiveValue: { print($0) })
    /// // Prints "failed: Invalid()".
    /// ```
    ///
    /// - Parameter predicate: A closure that takes an element and returns whether it satisfies the condition, or
    ///   throws to fail the stream.
    /// - Returns: A publisher that sends `false` as soon as an element fails `predicate`, `true` when the upstream
    ///   finishes, or fails with the error `predicate` throws.
    public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self> {
        Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
    }
}
