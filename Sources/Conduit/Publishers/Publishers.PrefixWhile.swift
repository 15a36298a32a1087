extension Publishers {
    /// A publisher that republishes elements while a predicate closure indicates publishing should continue.
    public struct PrefixWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that decides, for each element, as the operator's name says.
        public let predicate: (Upstream.Output) -> Bool

        /// Creates a `Publishers.PrefixWhile` from its parts; the operator that returns one is the usual way to make
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
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(GuardedSubscriber<Output, Failure, S>(
                downstream: subscriber, name: "PrefixWhile", mapFailure: { $0 },
                wrapError: { _ in fatalError("a non-throwing predicate threw") }, reflectsDownstream: true,
                trapsBeforeSubscription: true
            ) { predicate($0) ? .send($0) : .finish(nil) })
        }
    }

    /// Like `PrefixWhile`, with an error-throwing predicate.
    public struct TryPrefixWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that decides, for each element, as the operator's name says.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Creates a `Publishers.TryPrefixWhile` from its parts; the operator that returns one is the usual way to make
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
            let predicate = self.predicate
            upstream.subscribe(GuardedSubscriber<Output, Upstream.Failure, S>(
                downstream: subscriber, name: "TryPrefixWhile", mapFailure: { $0 }, wrapError: { $0 },
                reflectsDownstream: true,
                trapsBeforeSubscription: true
            ) { try predicate($0) ? .send($0) : .finish(nil) })
        }
    }
}

extension Publisher {
    /// Republishes elements while a predicate closure indicates publishing should continue.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 5, 1].publisher
    ///     .prefix { $0 < 3 }
    ///     .sink { print($0) }
    /// // Prints "1", "2".
    /// ```
    ///
    /// - Parameter predicate: A closure that takes an element and returns whether to go on.
    /// - Returns: A publisher that republishes elements while `predicate` returns `true`, then finishes.
    public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
        Publishers.PrefixWhile(upstream: self, predicate: predicate)
    }

    /// Like `prefix(while:)`, with an error-throwing predicate.
    ///
    /// ```swift
    /// struct Invalid: Error {}
    /// let cancellable = [1, -1, 5].publisher
    ///     .tryPrefix { number in
    ///         if number < 0 { throw Invalid() }
    ///         return number < 3
    ///     }
    ///     .sink(receiveCompletion: { if case .failure(let error) = $0 { print("failed:", error) } },
    ///           receiveValue: { print($0) })
    /// // Prints "1", then "failed: Invalid()".
    /// ```
    ///
    /// - Parameter predicate: A closure that takes an element and returns whether to go on, or throws to fail the
    ///   stream.
    /// - Returns: A publisher that republishes elements while `predicate` returns `true`, then finishes, or fails
    ///   with the error it throws.
    public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self> {
        Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
    }
}
