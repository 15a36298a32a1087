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

    /// A publisher that publishes elements specified by a range in the sequence of published elements.
    public struct Output<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The range of elements to publish.
        public let range: CountableRange<Int>

        /// Creates a `Publishers.Output` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - range: The positions, from 0, of the elements.
        public init(upstream: Upstream, range: CountableRange<Int>) {
            precondition(range.lowerBound >= 0, "range must not be negative")
            self.upstream = upstream
            self.range = range
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Upstream.Output, S.Failure == Failure {
            if range.isEmpty {
                upstream.subscribe(GuardedSubscriber<Upstream.Output, Failure, S>(
                    downstream: subscriber, name: "Output", mapFailure: { $0 },
                    wrapError: { _ in fatalError("unreachable") }, cancelsLateSubscription: false
                ) { _ in .finish(nil) })
                return
            }
            let counter = SerialState(0)
            let range = self.range
            upstream.subscribe(GuardedSubscriber<Upstream.Output, Failure, S>(
                downstream: subscriber, name: "Output", mapFailure: { $0 },
                wrapError: { _ in fatalError("unreachable") }, cancelsLateSubscription: false
            ) { value in
                let index = counter.value
                counter.value = index + 1
                if index < range.lowerBound { return .skip }
                // Past the range: only values sent before the subscription get here (the range's
                // last element ends the stream once subscribed).
                if index >= range.upperBound { return .finish(nil) }
                if index == range.upperBound - 1 { return .finish(value) }
                return .send(value)
            })
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

    /// Republishes elements up to the specified maximum count, then finishes.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher
    ///     .prefix(2)
    ///     .sink { print($0) }
    /// // Prints "1", "2".
    /// ```
    ///
    /// - Parameter maxLength: The most elements to republish.
    /// - Returns: A publisher that republishes the first `maxLength` elements, then finishes.
    public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
        precondition(maxLength >= 0, "maxLength must not be negative")
        return Publishers.Output(upstream: self, range: 0..<maxLength)
    }

    /// Publishes a specific element, indicated by its index in the sequence of published elements.
    ///
    /// ```swift
    /// let cancellable = ["a", "b", "c"].publisher
    ///     .output(at: 1)
    ///     .sink { print($0) }
    /// // Prints "b".
    /// ```
    ///
    /// - Parameter index: The position, from 0, of the element to publish.
    /// - Returns: A publisher that sends the element at `index`, then finishes.
    public func output(at index: Int) -> Publishers.Output<Self> {
        Publishers.Output(upstream: self, range: index..<(index + 1))
    }

    /// Publishes elements specified by their range in the sequence of published elements.
    ///
    /// ```swift
    /// let cancellable = ["a", "b", "c", "d"].publisher
    ///     .output(in: 1...2)
    ///     .sink { print($0) }
    /// // Prints "b", "c".
    /// ```
    ///
    /// - Parameter range: The positions, from 0, of the elements to publish.
    /// - Returns: A publisher that republishes the elements whose positions are in `range`, then finishes.
    public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self> where R.Bound == Int {
        let bounds = range.relative(to: 0..<Int.max)
        return Publishers.Output(upstream: self, range: bounds.lowerBound..<bounds.upperBound)
    }
}
