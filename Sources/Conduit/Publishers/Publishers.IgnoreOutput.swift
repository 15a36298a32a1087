extension Publishers {
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

extension Publisher {
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
