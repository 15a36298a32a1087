extension Publishers {
    /// A publisher that republishes all elements that match a provided closure.
    ///
    /// Each dropped element is replaced by a request for one more upstream.
    public struct Filter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// A closure that indicates whether to republish an element.
        public let isIncluded: (Upstream.Output) -> Bool

        /// Creates a `Publishers.Filter` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - isIncluded: The closure that decides whether to republish an element.
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ForwardingSubscriber<Upstream.Output, S>.filtering(
                downstream: subscriber, name: "Filter", isIncluded: isIncluded
            ))
        }
    }

    /// A publisher that republishes all elements that match a provided error-throwing closure.
    public struct TryFilter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that decides whether to republish an element.
        public let isIncluded: (Upstream.Output) throws -> Bool

        /// Creates a `Publishers.TryFilter` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - isIncluded: The closure that decides whether to republish an element.
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Error {
            let isIncluded = self.isIncluded
            upstream.subscribe(GuardedSubscriber<Upstream.Output, Upstream.Failure, S>(
                downstream: subscriber, name: "TryFilter", mapFailure: { $0 }, wrapError: { $0 },
                reflectsDownstream: true,
                trapsBeforeSubscription: true
            ) { try isIncluded($0) ? .send($0) : .skip })
        }
    }
}

extension Publisher {
    /// Republishes all elements that match a provided closure.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3, 4].publisher
    ///     .filter { $0.isMultiple(of: 2) }
    ///     .sink { print($0) }
    /// // Prints "2", "4".
    /// ```
    ///
    /// - Parameter isIncluded: A closure that takes an element and returns whether to republish it.
    /// - Returns: A publisher that republishes the elements for which `isIncluded` returns `true`.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }

    /// Republishes all elements that match a provided error-throwing closure.
    ///
    /// ```swift
    /// struct TooLarge: Error {}
    /// let cancellable = [1, 2, 30, 4].publisher
    ///     .tryFilter { number in
    ///         if number > 10 { throw TooLarge() }
    ///         return number.isMultiple(of: 2)
    ///     }
    ///     .sink(receiveCompletion: { if case .failure(let error) = $0 { print("failed:", error) } },
    ///           receiveValue: { print($0) })
    /// // Prints "2", then "failed: TooLarge()".
    /// ```
    ///
    /// - Parameter isIncluded: A closure that takes an element and returns whether to republish it, or throws to
    ///   fail the stream.
    /// - Returns: A publisher that republishes the elements for which `isIncluded` returns `true`, and fails with
    ///   the error it throws.
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
        Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
    }
}

extension Publishers.Filter {
    /// Fuses two filters into one `Filter` that republishes what both let through.
    ///
    /// - Parameter isIncluded: A closure that takes an element this filter lets through and returns whether to
    ///   republish it.
    /// - Returns: One `Filter` of the same upstream.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Upstream> {
        let first = self.isIncluded
        return Publishers.Filter(upstream: upstream) { first($0) && isIncluded($0) }
    }

    /// Fuses a filter and a throwing filter into one `TryFilter` that republishes what both let through.
    ///
    /// - Parameter isIncluded: A closure that takes an element this filter lets through and returns whether to
    ///   republish it, or throws.
    /// - Returns: One `TryFilter` of the same upstream.
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }
}

extension Publishers.TryFilter {
    /// Fuses a throwing filter and a filter into one `TryFilter` that republishes what both let through.
    ///
    /// - Parameter isIncluded: A closure that takes an element this filter lets through and returns whether to
    ///   republish it.
    /// - Returns: One `TryFilter` of the same upstream.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }

    /// Fuses two throwing filters into one `TryFilter` that republishes what both let through.
    ///
    /// - Parameter isIncluded: A closure that takes an element this filter lets through and returns whether to
    ///   republish it, or throws.
    /// - Returns: One `TryFilter` of the same upstream.
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }
}
