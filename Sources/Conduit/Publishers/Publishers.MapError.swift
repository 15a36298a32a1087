extension Publishers {
    /// A publisher that converts any failure from the upstream publisher into a new error.
    public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
        public typealias Output = Upstream.Output

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that transforms each element.
        public let transform: (Upstream.Failure) -> Failure

        /// Creates a `Publishers.MapError` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - transform: The closure that transforms each element.
        public init(upstream: Upstream, transform: @escaping (Upstream.Failure) -> Failure) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Creates a `Publishers.MapError` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - map: The `map` argument of the general operator.
        public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
            self.init(upstream: upstream, transform: map)
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(FailureMappingSubscriber(downstream: subscriber, name: "MapError", transform: transform))
        }
    }
}

extension Publisher {
    /// Converts any failure from the upstream publisher into a new error.
    ///
    /// ```swift
    /// enum LoadError: Error { case offline }
    /// enum AppError: Error { case unavailable }
    /// let cancellable = Fail<Int, LoadError>(error: .offline)
    ///     .mapError { _ in AppError.unavailable }
    ///     .sink(receiveCompletion: { if case .failure(let error) = $0 { print("failed:", error) } },
    ///           receiveValue: { print($0) })
    /// // Prints "failed: unavailable".
    /// ```
    ///
    /// - Parameter transform: A closure that takes the upstream's failure and returns the error to fail with.
    /// - Returns: A publisher that republishes the upstream's elements and replaces its failure with the result of
    ///   `transform`.
    public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
        Publishers.MapError(upstream: self, transform: transform)
    }
}

/// Passes values and the subscription through unchanged and maps the failure of the completion.
@usableFromInline
internal struct FailureMappingSubscriber<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible where Downstream.Input == Input
{
    @usableFromInline
    typealias Failure = UpstreamFailure

    @usableFromInline
    let downstream: Downstream
    @usableFromInline
    let name: String
    @usableFromInline
    let transform: (UpstreamFailure) -> Downstream.Failure
    /// What reflection shows: nothing for Combine's `MapError` and `SetFailureType`, where the
    /// failure would stop the program for its `AssertNoFailure`.
    @usableFromInline
    let reflectedChildren: [Mirror.Child]
    @usableFromInline
    let combineIdentifier = CombineIdentifier()

    @inlinable
    init(
        downstream: Downstream, name: String, reflectedChildren: [Mirror.Child] = [],
        transform: @escaping (UpstreamFailure) -> Downstream.Failure
    ) {
        self.downstream = downstream
        self.name = name
        self.reflectedChildren = reflectedChildren
        self.transform = transform
    }

    @usableFromInline
    var description: String { name }

    @usableFromInline
    var customMirror: Mirror { Mirror(self, children: reflectedChildren) }

    @usableFromInline
    var playgroundDescription: Any { name }

    @usableFromInline
    func receive(subscription: Subscription) {
        downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        downstream.receive(completion: completion.mapFailure(transform))
    }
}
