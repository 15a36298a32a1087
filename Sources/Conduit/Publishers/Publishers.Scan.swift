extension Publishers {
    /// A publisher that transforms elements by applying a closure that receives the previous
    /// result and the next element, and publishes every result.
    public struct Scan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The value the accumulation starts from.
        public let initialResult: Output
        /// The closure that takes the result so far and an element and returns the next result.
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        /// Creates a `Publishers.Scan` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - initialResult: The value the accumulation starts from.
        ///   - nextPartialResult: The closure that takes the result so far and an element and returns the next result.
        public init(upstream: Upstream, initialResult: Output, nextPartialResult: @escaping (Output,
            Upstream.Output) -> Output) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ScanSubscriber<Upstream.Output, Output, Failure>(
                downstream: subscriber, initialResult: initialResult, nextPartialResult: nextPartialResult
            ))
        }
    }

    /// A publisher that applies an error-throwing closure to the previous result and each element.
    public struct TryScan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The value the accumulation starts from.
        public let initialResult: Output
        /// The closure that takes the result so far and an element and returns the next result.
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        /// Creates a `Publishers.TryScan` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - initialResult: The value the accumulation starts from.
        ///   - nextPartialResult: The closure that takes the result so far and an element and returns the next result.
        public init(upstream: Upstream, initialResult: Output, nextPartialResult: @escaping (Output,
            Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Error {
            var accumulator = initialResult
            let next = nextPartialResult
            upstream.subscribe(GuardedSubscriber<Upstream.Output, Upstream.Failure, S>(
                downstream: subscriber, name: "TryScan", mapFailure: { $0 }, wrapError: { $0 },
                cancelsLateSubscription: false,
                reflectedState: { status, _ in [("status", status), ("result", accumulator)] }
            ) {
                accumulator = try next(accumulator, $0)
                return .send(accumulator)
            })
        }
    }
}

extension Publisher {
    /// Publishes every partial result of combining the elements with a closure, starting from `initialResult`.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3, 4].publisher
    ///     .scan(0, +)
    ///     .sink { print($0) }
    /// // Prints "1", "3", "6", "10".
    /// ```
    ///
    /// - Parameters:
    ///   - initialResult: The value the first call of `nextPartialResult` starts from.
    ///   - nextPartialResult: A closure that takes the previous result and an element and returns the next result.
    /// - Returns: A publisher that sends each running result.
    public func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Scan<Self,
        T> {
        Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Like `scan`, with an error-throwing closure.
    ///
    /// ```swift
    /// struct Overflow: Error {}
    /// let cancellable = [1, 2, 30, 4].publisher
    ///     .tryScan(0) { total, next in
    ///         if total + next > 10 { throw Overflow() }
    ///         return total + next
    ///     }
    ///     .sink(receiveCompletion: { if case .failure(let error) = $0 { print("failed:", error) } },
    ///           receiveValue: { print($0) })
    /// // Prints "1", "3", then "failed: Overflow()".
    /// ```
    ///
    /// - Parameters:
    ///   - initialResult: The value the first call of `nextPartialResult` starts from.
    ///   - nextPartialResult: A closure that takes the previous result and an element and returns the next result,
    ///     or throws to fail the stream.
    /// - Returns: A publisher that sends each running result, and fails with the error `nextPartialResult` throws.
    public func tryScan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T,
        Output) throws -> T) -> Publishers.TryScan<Self, T> {
        Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

/// The subscriber of `scan`: it hands the upstream's subscription straight to the downstream (as
/// Combine does) and sends each partial result; reflection shows the downstream and the result.
/// Values arrive serially (the publisher contract), so the result needs no lock.
@usableFromInline
internal final class ScanSubscriber<Input, Output, Failure: Error>: Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    @usableFromInline let downstream: any Subscriber<Output, Failure>
    /// Delivers a result downstream, made where the downstream's type is known.
    @usableFromInline let send: (Output) -> Subscribers.Demand
    @usableFromInline let nextPartialResult: (Output, Input) -> Output
    @usableFromInline @exclusivity(unchecked) var result: Output

    @inlinable
    init<Downstream: Subscriber>(
        downstream: Downstream, initialResult: Output, nextPartialResult: @escaping (Output, Input) -> Output
    ) where Downstream.Input == Output, Downstream.Failure == Failure {
        self.downstream = downstream
        self.send = { downstream.receive($0) }
        self.result = initialResult
        self.nextPartialResult = nextPartialResult
    }

    @usableFromInline
    var description: String { "Scan" }

    @usableFromInline
    var customMirror: Mirror {
        let children: [Mirror.Child] = [("downstream", downstream), ("result", result)]
        return Mirror(self, children: children)
    }

    @usableFromInline
    var playgroundDescription: Any { description }

    @usableFromInline
    func receive(subscription: Subscription) {
        downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        result = nextPartialResult(result, input)
        return send(result)
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}
