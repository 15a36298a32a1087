extension Publishers {
    /// A publisher that transforms each element of an upstream publisher into a new publisher and
    /// republishes the elements of all of them, interleaved.
    ///
    /// At most `maxPublishers` inner publishers are subscribed at once: the upstream is asked for
    /// that many elements, and for one more each time an inner publisher finishes. As in Combine,
    /// each inner publisher is asked for one element at a time while the downstream's demand is
    /// limited (and for one more each time one of its elements goes out), for unlimited elements
    /// once the demand is unlimited; elements that find no demand wait. It finishes when the
    /// upstream and every inner publisher have finished and nothing waits, and fails as soon as
    /// any of them fails.
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
        where NewPublisher.Failure == Upstream.Failure
    {
        public typealias Output = NewPublisher.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The maximum number of concurrent publisher subscriptions.
        public let maxPublishers: Subscribers.Demand
        /// A closure that takes an element as a parameter and returns a publisher that produces
        /// elements of that type.
        public let transform: (Upstream.Output) -> NewPublisher

        /// Creates a publisher that transforms elements from an upstream publisher into a new publisher.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - maxPublishers: How many inner publishers may be subscribed at once.
        ///   - transform: A closure that takes an element and returns the publisher whose elements to republish.
        public init(
            upstream: Upstream,
            maxPublishers: Subscribers.Demand,
            transform: @escaping (Upstream.Output) -> NewPublisher
        ) {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = FlattenCore<Upstream.Output, NewPublisher, S>(downstream: subscriber,
                maxPublishers: maxPublishers, name: "FlatMap", transform: transform)
            core.handSubscriptionToDownstream(subscriber)
            upstream.subscribe(core)
        }
    }
}

extension Publisher {
    /// Transforms all elements from an upstream publisher into a new publisher up to a maximum
    /// number of publishers you specify.
    ///
    /// ```swift
    /// let cancellable = [1, 2].publisher
    ///     .flatMap { number in [number, number * 10].publisher }
    ///     .sink { print($0) }
    /// // Prints "1", "10", "2", "20".
    /// ```
    ///
    /// - Parameters:
    ///   - maxPublishers: The most inner publishers subscribed at once; `.unlimited` if not given. `.max(1)` runs
    ///     them one after another.
    ///   - transform: A closure that takes an element and returns the publisher whose elements to republish.
    /// - Returns: A publisher that republishes the elements of every publisher `transform` returns, as they arrive.
    public func flatMap<T, P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where T == P.Output, Failure == P.Failure {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher where Failure == Never {
    /// Transforms all elements from an upstream publisher that never fails into new publishers
    /// that never fail either.
    ///
    /// This form is for an upstream and inner publishers that both cannot fail.
    ///
    /// ```swift
    /// let cancellable = ["a", "b"].publisher
    ///     .flatMap(maxPublishers: .max(1)) { name in Just(name.uppercased()) }
    ///     .sink { print($0) }
    /// // Prints "A", "B".
    /// ```
    ///
    /// - Parameters:
    ///   - maxPublishers: The most inner publishers subscribed at once; `.unlimited` if not given. `.max(1)` runs
    ///     them one after another.
    ///   - transform: A closure that takes an element and returns the publisher whose elements to republish.
    /// - Returns: A publisher that republishes the elements of every publisher `transform` returns, as they arrive.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher where Failure == Never {
    /// Transforms the elements of a publisher that never fails into publishers that can fail,
    /// taking on their failure type.
    ///
    /// This form is for an upstream that cannot fail: the result fails as the inner publishers do.
    ///
    /// ```swift
    /// enum LoadError: Error { case offline }
    /// let cancellable = ["a", "b"].publisher
    ///     .flatMap { name in Just(name.uppercased()).setFailureType(to: LoadError.self) }
    ///     .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// // Prints "A", "B".
    /// ```
    ///
    /// - Parameters:
    ///   - maxPublishers: The most inner publishers subscribed at once; `.unlimited` if not given. `.max(1)` runs
    ///     them one after another.
    ///   - transform: A closure that takes an element and returns the publisher whose elements to republish.
    /// - Returns: A publisher that republishes the elements of every publisher `transform` returns, as they arrive.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
        Publishers.FlatMap(
            upstream: Publishers.SetFailureType<Self, P.Failure>(upstream: self),
            maxPublishers: maxPublishers,
            transform: transform
        )
    }
}

extension Publisher {
    /// Transforms the elements of a publisher that can fail into publishers that never fail,
    /// giving them the upstream's failure type.
    ///
    /// This form is for inner publishers that cannot fail: the result fails as the upstream does.
    ///
    /// ```swift
    /// enum LoadError: Error { case offline }
    /// let cancellable = Fail<Int, LoadError>(error: .offline)
    ///     .flatMap { number in Just(number * 10) }
    ///     .sink(receiveCompletion: { if case .failure(let error) = $0 { print("failed:", error) } },
    ///           receiveValue: { print($0) })
    /// // Prints "failed: offline".
    /// ```
    ///
    /// - Parameters:
    ///   - maxPublishers: The most inner publishers subscribed at once; `.unlimited` if not given. `.max(1)` runs
    ///     them one after another.
    ///   - transform: A closure that takes an element and returns the publisher whose elements to republish.
    /// - Returns: A publisher that republishes the elements of every publisher `transform` returns, as they arrive.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers) { output in
            Publishers.SetFailureType<P, Failure>(upstream: transform(output))
        }
    }
}
