extension Publishers {
    /// A publisher that applies a closure to all received elements and produces an accumulated
    /// value when the upstream publisher finishes.
    public struct Reduce<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The value the accumulation starts from.
        public let initial: Output
        /// The closure that takes the result so far and an element and returns the next result.
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        /// Creates a `Publishers.Reduce` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - initial: The value the accumulation starts from.
        ///   - nextPartialResult: The closure that takes the result so far and an element and returns the next result.
        public init(upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output,
            Upstream.Output) -> Output) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let accumulator = SerialState(initial)
            let next = nextPartialResult
            upstream.reduceInto(subscriber, name: "Reduce", accumulate: {
                accumulator.value = next(accumulator.value, $0)
                return .more
            }, result: { accumulator.value }, initial: initial)
        }
    }

    /// A publisher that applies an error-throwing closure to all received elements and produces an
    /// accumulated value when the upstream publisher finishes.
    public struct TryReduce<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The value the accumulation starts from.
        public let initial: Output
        /// The closure that takes the result so far and an element and returns the next result.
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        /// Creates a `Publishers.TryReduce` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - initial: The value the accumulation starts from.
        ///   - nextPartialResult: The closure that takes the result so far and an element and returns the next result.
        public init(upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output,
            Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Error {
            let accumulator = SerialState(initial)
            let next = nextPartialResult
            upstream.tryReduceInto(subscriber, name: "TryReduce", accumulate: {
                accumulator.value = try next(accumulator.value, $0)
                return .more
            }, result: { accumulator.value }, initial: initial)
        }
    }
}

extension Publisher {
    /// Applies a closure that collects each element of a stream and publishes a final result upon completion.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3, 4].publisher
    ///     .reduce(0, +)
    ///     .sink { print($0) }
    /// // Prints "10".
    /// ```
    ///
    /// - Parameters:
    ///   - initialResult: The value the first call of `nextPartialResult` starts from.
    ///   - nextPartialResult: A closure that takes the result so far and an element and returns the next result.
    /// - Returns: A publisher that sends the final result once the upstream finishes.
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T,
        Output) -> T) -> Publishers.Reduce<Self, T> {
        Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Like `reduce`, with an error-throwing closure.
    ///
    /// ```swift
    /// struct Overflow: Error {}
    /// let cancellable = [1, 2, 30].publisher
    ///     .tryReduce(0) { total, next in
    ///         if total + next > 10 { throw Overflow() }
    ///         return total + next
    ///     }
    ///     .sink(receiveCompletion: { if case .failure(let error) = $0 { print("failed:", error) } },
    ///           receiveValue: { print($0) })
    /// // Prints "failed: Overflow()".
    /// ```
    ///
    /// - Parameters:
    ///   - initialResult: The value the first call of `nextPartialResult` starts from.
    ///   - nextPartialResult: A closure that takes the result so far and an element and returns the next result, or
    ///     throws to fail the stream.
    /// - Returns: A publisher that sends the final result once the upstream finishes, or fails with the error
    ///   `nextPartialResult` throws.
    public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T,
        Output) throws -> T) -> Publishers.TryReduce<Self, T> {
        Publishers.TryReduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }
}
