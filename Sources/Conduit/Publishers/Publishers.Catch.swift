extension Publishers {
    /// A publisher that handles errors from an upstream publisher by replacing the failed
    /// publisher with another publisher.
    ///
    /// The replacement is asked for the demand the downstream still has outstanding, so the
    /// downstream sees one uninterrupted stream.
    public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
        where Upstream.Output == NewPublisher.Output
    {
        public typealias Output = Upstream.Output
        public typealias Failure = NewPublisher.Failure

        /// The publisher that this publisher receives elements from.
        public let upstream: Upstream
        /// A closure that accepts the upstream failure as input and returns a publisher to replace the upstream
        /// publisher.
        public let handler: (Upstream.Failure) -> NewPublisher

        /// Creates a publisher that handles errors from an upstream publisher by replacing the
        /// failed publisher with another publisher.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - handler: A closure that takes the failure and returns the publisher to continue with.
        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let handler = self.handler
            upstream.subscribe(CatchRelay(downstream: subscriber, name: "Catch") { error, relay in
                handler(error).subscribe(relay.recovered { $0 })
            })
        }
    }
}

extension Publisher {
    /// Handles errors from an upstream publisher by replacing it with another publisher.
    ///
    /// ```swift
    /// enum LoadError: Error { case offline }
    /// let cancellable = Fail<[String], LoadError>(error: .offline)
    ///     .catch { _ in Just(["cached"]) }
    ///     .sink { print($0) }
    /// // Prints "["cached"]".
    /// ```
    ///
    /// - Parameter handler: A closure that takes the upstream's failure and returns the publisher to continue with.
    /// - Returns: A publisher that republishes the upstream's elements and, on failure, those of the publisher
    ///   `handler` returns.
    public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P) -> Publishers.Catch<Self, P>
        where Output == P.Output
    {
        Publishers.Catch(upstream: self, handler: handler)
    }
}
