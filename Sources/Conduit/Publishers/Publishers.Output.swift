extension Publishers {
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
