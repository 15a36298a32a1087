extension Publishers {
    /// A publisher that handles errors from an upstream publisher by replacing the failed
    /// publisher with another publisher, or by failing with the error the handler throws.
    public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
        where Upstream.Output == NewPublisher.Output
    {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        /// The publisher that this publisher receives elements from.
        public let upstream: Upstream
        /// A closure that accepts the upstream failure as input and either returns a publisher to
        /// replace the upstream publisher or throws an error.
        public let handler: (Upstream.Failure) throws -> NewPublisher

        /// Creates a publisher that handles errors from an upstream publisher by replacing the
        /// failed publisher with another publisher.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - handler: A closure that takes the failure and returns the publisher to continue with, or throws.
        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let handler = self.handler
            upstream.subscribe(CatchRelay(downstream: subscriber, name: "TryCatch") { error, relay in
                let replacement: NewPublisher
                do {
                    replacement = try handler(error)
                } catch {
                    relay.endRecovery(.failure(error))
                    return
                }
                replacement.subscribe(relay.recovered { $0 as Error })
            })
        }
    }
}

extension Publisher {
    /// Handles errors from an upstream publisher by either replacing it with another publisher or
    /// throwing a new error.
    ///
    /// ```swift
    /// enum LoadError: Error { case offline, notFound }
    /// let cancellable = Fail<String, LoadError>(error: .notFound)
    ///     .tryCatch { error -> Just<String> in
    ///         guard error == .offline else { throw error }
    ///         return Just("cached")
    ///     }
    ///     .sink(receiveCompletion: { if case .failure(let error) = $0 { print("failed:", error) } },
    ///           receiveValue: { print($0) })
    /// // Prints "failed: notFound": only offline falls back to the cache.
    /// ```
    ///
    /// - Parameter handler: A closure that takes the upstream's failure and returns the publisher to continue with,
    ///   or throws to fail with a new error.
    /// - Returns: A publisher that republishes the upstream's elements and, on failure, those of the publisher
    ///   `handler` returns, or fails with the error it throws.
    public func tryCatch<P: Publisher>(_ handler: @escaping (Failure) throws -> P) -> Publishers.TryCatch<Self, P>
        where Output == P.Output
    {
        Publishers.TryCatch(upstream: self, handler: handler)
    }
}
