extension Publishers {
    /// A publisher that republishes all non-nil results of calling a closure with each received element.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that transforms each element.
        public let transform: (Upstream.Output) -> Output?

        /// Creates a `Publishers.CompactMap` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - transform: The closure that transforms each element.
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let transform = self.transform
            upstream.subscribe(ForwardingSubscriber<Upstream.Output, S>(downstream: subscriber, name: "CompactMap") {
                transform($0).map { .send($0) } ?? .skip
            })
        }
    }

    /// A publisher that republishes all non-nil results of calling an error-throwing closure.
    public struct TryCompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that transforms each element.
        public let transform: (Upstream.Output) throws -> Output?

        /// Creates a `Publishers.TryCompactMap` from its parts; the operator that returns one is the usual way to make
        /// it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - transform: The closure that transforms each element.
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Error {
            let transform = self.transform
            upstream.subscribe(GuardedSubscriber<Upstream.Output, Upstream.Failure, S>(
                downstream: subscriber, name: "TryCompactMap", mapFailure: { $0 }, wrapError: { $0 },
                reflectsDownstream: true,
                trapsBeforeSubscription: true
            ) { try transform($0).map { .send($0) } ?? .skip })
        }
    }
}

extension Publisher {
    /// Calls a closure with each received element and publishes any returned optional that has a value.
    ///
    /// ```swift
    /// let cancellable = ["1", "two", "3"].publisher
    ///     .compactMap { Int($0) }
    ///     .sink { print($0) }
    /// // Prints "1", "3".
    /// ```
    ///
    /// - Parameter transform: A closure that takes an element from the upstream publisher and returns an optional
    ///   value; `nil` drops the element.
    /// - Returns: A publisher that sends each non-`nil` result of `transform`.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }

    /// Calls an error-throwing closure with each element and publishes any non-nil result.
    ///
    /// ```swift
    /// struct Negative: Error {}
    /// let cancellable = ["1", "x", "-3"].publisher
    ///     .tryCompactMap { text -> Int? in
    ///         guard let number = Int(text) else { return nil }
    ///         if number < 0 { throw Negative() }
    ///         return number
    ///     }
    ///     .sink(receiveCompletion: { if case .failure(let error) = $0 { print("failed:", error) } },
    ///           receiveValue: { print($0) })
    /// // Prints "1", then "failed: Negative()".
    /// ```
    ///
    /// - Parameter transform: A closure that takes an element from the upstream publisher and returns an optional
    ///   value (`nil` drops the element), or throws to fail the stream.
    /// - Returns: A publisher that sends each non-`nil` result of `transform`, and fails with the error it throws.
    public func tryCompactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Self, T> {
        Publishers.TryCompactMap(upstream: self, transform: transform)
    }
}

extension Publishers.CompactMap {
    /// Fuses two compact maps into one `CompactMap`.
    ///
    /// - Parameter transform: A closure that takes this compact map's result and returns an optional value.
    /// - Returns: One `CompactMap` of the same upstream.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Upstream, T> {
        let first = self.transform
        return Publishers.CompactMap(upstream: upstream) { first($0).flatMap(transform) }
    }

    /// Fuses a compact map and a map into one `CompactMap`.
    ///
    /// - Parameter transform: A closure that takes this compact map's result and returns the element to publish.
    /// - Returns: One `CompactMap` of the same upstream.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.CompactMap<Upstream, T> {
        let first = self.transform
        return Publishers.CompactMap(upstream: upstream) { first($0).map(transform) }
    }
}

extension Publishers.TryCompactMap {
    /// Fuses two throwing compact maps into one `TryCompactMap`.
    ///
    /// - Parameter transform: A closure that takes this compact map's result and returns an optional value, or
    ///   throws.
    /// - Returns: One `TryCompactMap` of the same upstream.
    public func compactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryCompactMap(upstream: upstream) { try first($0).flatMap(transform) }
    }
}
