extension Publishers {
    /// A publisher that publishes the first element of a stream, then finishes.
    public struct First<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// Creates a `Publishers.First` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameter upstream: The publisher from which this publisher receives elements.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.pickInto(subscriber, name: "First", .first) { _ in true }
        }
    }

    /// A publisher that only publishes the first element of a stream to satisfy a predicate.
    public struct FirstWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that decides, for each element, as the operator's name says.
        public let predicate: (Upstream.Output) -> Bool

        /// Creates a `Publishers.FirstWhere` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - predicate: The closure that decides, for each element, as the operator's name says.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.pickInto(subscriber, name: "TryFirst", .first, test: predicate)
        }
    }

    /// Like `FirstWhere`, with an error-throwing predicate.
    public struct TryFirstWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that decides, for each element, as the operator's name says.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Creates a `Publishers.TryFirstWhere` from its parts; the operator that returns one is the usual way to make
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
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Error {
            upstream.tryPickInto(subscriber, name: "TryFirstWhere", .first, test: predicate)
        }
    }
}

extension Publisher {
    /// Publishes the first element of a stream, then finishes.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher
    ///     .first()
    ///     .sink { print($0) }
    /// // Prints "1".
    /// ```
    ///
    /// - Returns: A publisher that sends the first element, then finishes and cancels the upstream.
    public func first() -> Publishers.First<Self> {
        Publishers.First(upstream: self)
    }

    /// Publishes the first element of a stream to satisfy a predicate, then finishes.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3, 4].publisher
    ///     .first { $0 > 2 }
    ///     .sink { print($0) }
    /// // Prints "3".
    /// ```
    ///
    /// - Parameter predicate: A closure that takes an element and returns whether it is the one to publish.
    /// - Returns: A publisher that sends the first element that satisfies `predicate`, then finishes.
    public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
        Publishers.FirstWhere(upstream: self, predicate: predicate)
    }

    /// Like `first(where:)`, with an error-throwing predicate.
    ///
    /// ```swift
    /// struct Invalid: Error {}
    /// let cancellable = [1, -1, 3].publisher
    ///     .tryFirst { number in
    ///         if number < 0 { throw Invalid() }
    ///         return number > 2
    ///     }
    ///     .sink(receiveCompletion: { if case .failure(let error) = $0 { print("failed:", error) } },
    ///           receiveValue: { print($0) })
    /// // Prints "failed: Invalid()".
    /// ```
    ///
    /// - Parameter predicate: A closure that takes an element and returns whether it is the one to publish, or
    ///   throws to fail the stream.
    /// - Returns: A publisher that sends the first element that satisfies `predicate`, or fails with the error it
    ///   throws.
    public func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self> {
        Publishers.TryFirstWhere(upstream: self, predicate: predicate)
    }
}
