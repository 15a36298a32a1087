extension Publishers {
    /// A publisher that flattens nested publishers, republishing only the elements of the most
    /// recently received one.
    ///
    /// When the upstream sends a new publisher, the previous one is cancelled at once and anything
    /// it sends afterwards is ignored; the new one is asked for the downstream's outstanding demand,
    /// and what the downstream answers to each element is passed back to it, as in Combine.
    /// It finishes when the upstream and the current inner publisher have finished.
    public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
        where P == Upstream.Output, P.Failure == Upstream.Failure
    {
        public typealias Output = P.Output
        public typealias Failure = P.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// Creates a publisher that “flattens” nested publishers.
        ///
        /// - Parameter upstream: The publisher of publishers.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FlattenCore<P, P, S>(downstream: subscriber, maxPublishers: nil, name: "SwitchToLatest") {
                $0
            }
            core.handSubscriptionToDownstream(subscriber)
            upstream.subscribe(core)
        }
    }
}

extension Publisher where Output: Publisher, Output.Failure == Failure {
    /// Republishes elements sent by the most recently received publisher.
    ///
    /// ```swift
    /// let searches = PassthroughSubject<PassthroughSubject<String, Never>, Never>()
    /// let first = PassthroughSubject<String, Never>()
    /// let second = PassthroughSubject<String, Never>()
    /// let cancellable = searches.switchToLatest().sink { print($0) }
    /// searches.send(first)
    /// first.send("a")
    /// searches.send(second)
    /// first.send("old")    // no longer subscribed
    /// second.send("b")
    /// // Prints "a", "b".
    /// ```
    ///
    /// - Returns: A publisher that republishes the elements of the newest inner publisher, cancelling the one
    ///   before.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Output: Publisher, Failure == Never {
    /// Republishes elements sent by the most recently received publisher, taking on the inner
    /// publishers' failure type when the outer one never fails.
    ///
    /// This form matches the failure types of the outer and inner publishers, as Combine's does.
    ///
    /// ```swift
    /// let cancellable = [[1, 2].publisher, [3].publisher].publisher
    ///     .switchToLatest()
    ///     .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// // Prints "1", "2", "3".
    /// ```
    ///
    /// - Returns: A publisher that republishes the elements of the newest inner publisher, cancelling the one
    ///   before.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>> {
        Publishers.SwitchToLatest(upstream: Publishers.SetFailureType<Self, Output.Failure>(upstream: self))
    }
}

extension Publisher where Output: Publisher, Failure == Never, Output.Failure == Never {
    /// Republishes elements sent by the most recently received publisher, when neither the outer
    /// nor the inner publishers fail.
    ///
    /// This form matches the failure types of the outer and inner publishers, as Combine's does.
    ///
    /// ```swift
    /// let cancellable = [[1, 2].publisher, [3].publisher].publisher
    ///     .switchToLatest()
    ///     .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// // Prints "1", "2", "3".
    /// ```
    ///
    /// - Returns: A publisher that republishes the elements of the newest inner publisher, cancelling the one
    ///   before.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
    /// Republishes elements sent by the most recently received publisher, giving inner
    /// publishers that never fail the outer publisher's failure type.
    ///
    /// This form matches the failure types of the outer and inner publishers, as Combine's does.
    ///
    /// ```swift
    /// let cancellable = [[1, 2].publisher, [3].publisher].publisher
    ///     .switchToLatest()
    ///     .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// // Prints "1", "2", "3".
    /// ```
    ///
    /// - Returns: A publisher that republishes the elements of the newest inner publisher, cancelling the one
    ///   before.
    public func switchToLatest() -> Publishers.SwitchToLatest<
        Publishers.SetFailureType<Output, Failure>,
        Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
    > {
        Publishers.SwitchToLatest(upstream: map { Publishers.SetFailureType<Output, Failure>(upstream: $0) })
    }
}
