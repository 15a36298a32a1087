extension Publishers {
    /// A publisher that emits a Boolean value when it receives a specific element from its upstream.
    public struct Contains<Upstream: Publisher>: Publisher where Upstream.Output: Equatable {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The element the operator compares with or sends.
        public let output: Upstream.Output

        /// Creates a `Publishers.Contains` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - output: The element the operator compares with or sends.
        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
            let wanted = output
            upstream.answerInto(subscriber, name: "Contains", decisive: true) { $0 == wanted }
        }
    }

    /// A publisher that emits true when an element satisfies the predicate, or false at the end.
    public struct ContainsWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that decides, for each element, as the operator's name says.
        public let predicate: (Upstream.Output) -> Bool

        /// Creates a `Publishers.ContainsWhere` from its parts; the operator that returns one is the usual way to make
        /// it.
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
            upstream.answerInto(subscriber, name: "ContainsWhere", decisive: true, test: predicate)
        }
    }

    /// Like `ContainsWhere`, with an error-throwing predicate.
    public struct TryContainsWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that decides, for each element, as the operator's name says.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Creates a `Publishers.TryContainsWhere` from its parts; the operator that returns one is the usual way to
        /// make it.
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
            upstream.tryAnswerInto(subscriber, name: "TryContainsWhere", decisive: true, test: predicate)
        }
    }
}

extension Publisher where Output: Equatable {
    /// Publishes true when it receives the element, then finishes; false if the upstream finishes without it.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher
    ///     .contains(2)
    ///     .sink { print($0) }
    /// // Prints "true".
    /// ```
    ///
    /// - Parameter output: The element to look for.
    /// - Returns: A publisher that sends `true` and finishes as soon as `output` arrives, or `false` when the
    ///   upstream finishes without it.
    public func contains(_ output: Output) -> Publishers.Contains<Self> {
        Publishers.Contains(upstream: self, output: output)
    }
}

extension Publisher {
    /// Publishes true when an element satisfies the predicate, then finishes; false otherwise.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher
    ///     .contains { $0 > 2 }
    ///     .sink { print($0) }
    /// // Prints "true".
    /// ```
    ///
    /// - Parameter predicate: A closure that takes an element and returns whether it is the one looked for.
    /// - Returns: A publisher that sends `true` as soon as an element satisfies `predicate`, or `false` when the
    ///   upstream finishes.
    public func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self> {
        Publishers.ContainsWhere(upstream: self, predicate: predicate)
    }

    /// Like `contains(where:)`, with an error-throwing predicate.
    ///
    /// ```swift
    /// struct Invalid: Error {}
    /// let cancellable = [1, -1, 3].publisher
    ///     .tryContains { number in
    ///         if number < 0 { throw Invalid() }
    ///         return number > 2
    ///     }
    ///     .sink(receiveCompletion: { if case .failure(let error) = $0 { print("failed:", error) } },
    ///           receiveValue: { print($0) })
    /// // Prints "failed: Invalid()".
    /// ```
    ///
    /// - Parameter predicate: A closure that takes an element and returns whether it is the one looked for, or
    ///   throws to fail the stream.
    /// - Returns: A publisher that sends `true` as soon as an element satisfies `predicate`, `false` when the
    ///   upstream finishes, or fails with the error `predicate` throws.
    public func tryContains(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryContainsWhere<Self> {
        Publishers.TryContainsWhere(upstream: self, predicate: predicate)
    }
}
