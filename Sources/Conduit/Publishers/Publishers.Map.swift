extension Publishers {
    /// A publisher that transforms all elements from the upstream publisher with a provided closure.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that transforms elements from the upstream publisher.
        public let transform: (Upstream.Output) -> Output

        /// Creates a `Publishers.Map` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - transform: The closure that transforms each element.
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ForwardingSubscriber<Upstream.Output, S>.mapping(
                downstream: subscriber, name: "Map", transform: transform
            ))
        }
    }
}

extension Publisher {
    /// Transforms all elements from the upstream publisher with a provided closure.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher
    ///     .map { $0 * 10 }
    ///     .sink { print($0) }
    /// // Prints "10", "20", "30".
    /// ```
    ///
    /// - Parameter transform: A closure that takes an element from the upstream publisher and returns the element
    ///   to publish in its place.
    /// - Returns: A publisher that sends the result of `transform` for each element and fails or finishes when the
    ///   upstream does.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }
}

extension Publishers.Map {
    /// Fuses two maps into one.
    ///
    /// `[1, 2].publisher.map { $0 + 1 }.map { $0 * 10 }` sends 20 and 30 through one `Map`, not two.
    ///
    /// - Parameter transform: A closure that takes this map's result and returns the element to publish.
    /// - Returns: One `Map` of the same upstream, applying this map's closure, then `transform`.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Upstream, T> {
        let first = self.transform
        return Publishers.Map(upstream: upstream) { transform(first($0)) }
    }

    /// Fuses a map and a throwing map into one.
    ///
    /// - Parameter transform: A closure that takes this map's result and returns the element to publish, or throws
    ///   to fail.
    /// - Returns: One `TryMap` of the same upstream, applying this map's closure, then `transform`.
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { try transform(first($0)) }
    }
}
