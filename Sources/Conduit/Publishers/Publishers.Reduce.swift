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

    /// A publisher that publishes the number of elements received from the upstream publisher.
    public struct Count<Upstream: Publisher>: Publisher {
        public typealias Output = Int
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// Creates a `Publishers.Count` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameter upstream: The publisher from which this publisher receives elements.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Failure {
            var count = 0
            upstream.reduceInto(subscriber, name: "Count", accumulate: { _ in count += 1; return .more },
                result: { count })
        }
    }

    /// A publisher that buffers every element and publishes them as one array when the upstream finishes.
    public struct Collect<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// Creates a `Publishers.Collect` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameter upstream: The publisher from which this publisher receives elements.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var items: [Upstream.Output] = []
            // Combine's `collect()` shows reflection only how many elements it holds.
            upstream.reduceInto(subscriber, name: "Collect", accumulate: { items.append($0); return .more },
                result: { items }, reflectedChildren: { [("count", items.count)] })
        }
    }

    /// A publisher that ignores all upstream elements, but passes along the upstream's completion.
    public struct IgnoreOutput<Upstream: Publisher>: Publisher {
        public typealias Output = Never
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream

        /// Creates a `Publishers.IgnoreOutput` from its parts; the operator that returns one is the usual way to make
        /// it.
        ///
        /// - Parameter upstream: The publisher from which this publisher receives elements.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Never, S.Failure == Failure {
            upstream.subscribe(OutputIgnoringSubscriber<Upstream.Output, S>(downstream: subscriber))
        }
    }
}

/// The subscriber of `ignoreOutput`: as in Combine, it hands the upstream's subscription straight to
/// the downstream (whose requests and cancellation go to the upstream unchanged), then asks the
/// upstream for everything; values are dropped and completions passed on.
@usableFromInline
internal struct OutputIgnoringSubscriber<Input, Downstream: Subscriber>: Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible where Downstream.Input == Never
{
    @usableFromInline
    typealias Failure = Downstream.Failure

    @usableFromInline
    let downstream: Downstream
    @usableFromInline
    let combineIdentifier = CombineIdentifier()

    @inlinable
    init(downstream: Downstream) {
        self.downstream = downstream
    }

    @usableFromInline
    var description: String { "IgnoreOutput" }

    /// No children, as Combine's `ignoreOutput` shows to reflection.
    @usableFromInline
    var customMirror: Mirror { Mirror(self, children: [:]) }

    @usableFromInline
    var playgroundDescription: Any { description }

    @usableFromInline
    func receive(subscription: Subscription) {
        downstream.receive(subscription: subscription)
        subscription.request(.unlimited)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        .none
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
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

    /// Publishes the number of elements received from the upstream publisher.
    ///
    /// ```swift
    /// let cancellable = ["a", "b", "c"].publisher
    ///     .count()
    ///     .sink { print($0) }
    /// // Prints "3".
    /// ```
    ///
    /// - Returns: A publisher that sends the number of elements once the upstream finishes.
    public func count() -> Publishers.Count<Self> {
        Publishers.Count(upstream: self)
    }

    /// Collects all received elements, and emits a single array of the collection when the upstream finishes.
    ///
    /// It keeps every element until the end: use it on publishers that finish, and not on ones that may send
    /// without end.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher
    ///     .collect()
    ///     .sink { print($0) }
    /// // Prints "[1, 2, 3]".
    /// ```
    ///
    /// - Returns: A publisher that sends one array of every element once the upstream finishes.
    public func collect() -> Publishers.Collect<Self> {
        Publishers.Collect(upstream: self)
    }

    /// Ignores all upstream elements, but passes along the upstream publisher's completion state.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher
    ///     .ignoreOutput()
    ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
    /// // Prints "finished".
    /// ```
    ///
    /// - Returns: A publisher that sends no element and completes as the upstream does.
    public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
        Publishers.IgnoreOutput(upstream: self)
    }
}
