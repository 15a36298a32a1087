extension Publishers {
    /// A publisher that waits until the upstream finishes, then publishes the last element.
    public struct Last<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// Creates a `Publishers.Last` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameter upstream: The publisher from which this publisher receives elements.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.pickInto(subscriber, name: "Last", .last) { _ in true }
        }
    }

    /// A publisher that publishes the last element that satisfies a predicate, when the upstream finishes.
    public struct LastWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that decides, for each element, as the operator's name says.
        public let predicate: (Upstream.Output) -> Bool

        /// Creates a `Publishers.LastWhere` from its parts; the operator that returns one is the usual way to make it.
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
            upstream.pickInto(subscriber, name: "LastWhere", .last, test: predicate)
        }
    }

    /// Like `LastWhere`, with an error-throwing predicate.
    public struct TryLastWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that decides, for each element, as the operator's name says.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Creates a `Publishers.TryLastWhere` from its parts; the operator that returns one is the usual way to make
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
            upstream.tryPickInto(subscriber, name: "TryLastWhere", .last, test: predicate)
        }
    }
}

extension Publisher {
    /// Publishes the last element of a stream, after the stream finishes.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher
    ///     .last()
    ///     .sink { print($0) }
    /// // Prints "3".
    /// ```
    ///
    /// - Returns: A publisher that sends the last element once the upstream finishes.
    public func last() -> Publishers.Last<Self> {
        Publishers.Last(upstream: self)
    }

    /// Publishes the last element of a stream that satisfies a predicate, after the stream finishes.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3, 4].publisher
    ///     .last { $0 < 3 }
    ///     .sink { print($0) }
    /// // Prints "2".
    /// ```
    ///
    /// - Parameter predicate: A closure that takes an element and returns whether it counts.
    /// - Returns: A publisher that sends the last element that satisfies `predicate` once the upstream finishes.
    public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
        Publishers.LastWhere(upstream: self, predicate: predicate)
    }

    /// Like `last(where:)`, with an error-throwing predicate.
    ///
    /// ```swift
    /// struct Invalid: Error {}
    /// let cancellable = [1, 2, -1].publisher
    ///     .tryLast { number in
    ///         if number < 0 { throw Invalid() }
    ///         return number < 3
    ///     }
    ///     .sink(receiveCompletion: { if case .failure(let error) = $0 { print("failed:", error) } },
    ///           receiveValue: { print($0) })
    /// // Prints "failed: Invalid()".
    /// ```
    ///
    /// - Parameter predicate: A closure that takes an element and returns whether it counts, or throws to fail the
    ///   stream.
    /// - Returns: A publisher that sends the last element that satisfies `predicate` once the upstream finishes, or
    ///   fails with the error it throws.
    public func tryLast(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryLastWhere<Self> {
        Publishers.TryLastWhere(upstream: self, predicate: predicate)
    }
}
