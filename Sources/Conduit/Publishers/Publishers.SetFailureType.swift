extension Publishers {
    /// A publisher that appears to send a specified failure type; the upstream never fails.
    public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
        public typealias Output = Upstream.Output

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// Creates a `Publishers.SetFailureType` from its parts; the operator that returns one is the usual way to make
        /// it.
        ///
        /// - Parameter upstream: The publisher from which this publisher receives elements.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(FailureMappingSubscriber<Upstream.Output, Never, S>(downstream: subscriber,
                name: "SetFailureType") { _ -> Failure in })
        }

        /// Changes the declared failure type again: one `SetFailureType` of the same upstream.
        ///
        /// - Parameter failure: The `Failure` type the new publisher declares.
        /// - Returns: A `SetFailureType` of this one's upstream with `failure` as its `Failure`.
        public func setFailureType<E: Error>(to failure: E.Type) -> Publishers.SetFailureType<Upstream, E> {
            Publishers.SetFailureType(upstream: upstream)
        }
    }
}

extension Publisher where Failure == Never {
    /// Changes the failure type declared by the upstream publisher.
    ///
    /// It sends nothing different: it lets a publisher that cannot fail be combined with ones that can.
    ///
    /// ```swift
    /// enum LoadError: Error { case offline }
    /// let cached: AnyPublisher<Int, LoadError> = Just(1)
    ///     .setFailureType(to: LoadError.self)
    ///     .eraseToAnyPublisher()
    /// // cached sends 1 and finishes; its type says it may fail with LoadError.
    /// ```
    ///
    /// - Parameter failureType: The `Failure` type the new publisher declares.
    /// - Returns: A publisher that republishes the upstream's elements and completion, with `failureType` as its
    ///   `Failure`.
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
        Publishers.SetFailureType(upstream: self)
    }
}
