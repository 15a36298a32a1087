#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Publishers {
    /// A publisher that raises a debugger signal when a provided closure needs to stop the process
    /// in the debugger. On Linux the signal is SIGTRAP.
    public struct Breakpoint<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure called for the subscription.
        public let receiveSubscription: ((Subscription) -> Bool)?
        /// The closure called for each element.
        public let receiveOutput: ((Upstream.Output) -> Bool)?
        /// The closure called for the completion.
        public let receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)?

        /// Creates a `Publishers.Breakpoint` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - receiveSubscription: The closure called for the subscription.
        ///   - receiveOutput: The closure called for each element.
        ///   - receiveCompletion: The closure called for the completion.
        public init(
            upstream: Upstream,
            receiveSubscription: ((Subscription) -> Bool)? = nil,
            receiveOutput: ((Upstream.Output) -> Bool)? = nil,
            receiveCompletion: ((Subscribers.Completion<Breakpoint<Upstream>.Failure>) -> Bool)? = nil
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(BreakpointSubscriber(
                downstream: subscriber, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
                receiveCompletion: receiveCompletion
            ))
        }
    }
}

extension Publisher {
    /// Raises a debugger signal when a provided closure needs to stop the process in the debugger.
    ///
    /// The process stops with `SIGTRAP`, which a debugger catches; outside one, the process ends.
    ///
    /// ```swift
    /// let cancellable = [1, 5, 2].publisher
    ///     .breakpoint(receiveOutput: { $0 > 3 })
    ///     .sink { print($0) }
    /// // Prints "1", then stops in the debugger before 5 goes on.
    /// ```
    ///
    /// - Parameters:
    ///   - receiveSubscription: Returns whether to stop for a subscription.
    ///   - receiveOutput: Returns whether to stop for an element.
    ///   - receiveCompletion: Returns whether to stop for a completion.
    /// - Returns: A publisher that republishes everything and raises `SIGTRAP` when one of the closures returns
    ///   `true`.
    public func breakpoint(
        receiveSubscription: ((Subscription) -> Bool)? = nil,
        receiveOutput: ((Output) -> Bool)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
    ) -> Publishers.Breakpoint<Self> {
        Publishers.Breakpoint(upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion)
    }

    /// Raises a debugger signal upon receiving a failure.
    ///
    /// ```swift
    /// let cancellable = Fail<Int, URLError>(error: URLError(.notConnectedToInternet))
    ///     .breakpointOnError()
    ///     .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// // Stops in the debugger when the failure arrives.
    /// ```
    ///
    /// - Returns: A publisher that republishes everything and raises `SIGTRAP` when the upstream fails.
    public func breakpointOnError() -> Publishers.Breakpoint<Self> {
        breakpoint(receiveCompletion: { completion in
            if case .failure = completion { return true }
            return false
        })
    }
}

/// The subscriber of `breakpoint`: as in Combine, it hands the upstream's subscription straight to
/// the downstream (requests and cancellation go to the upstream unchanged) and stops in the
/// debugger before passing on an event its closure picks.
@usableFromInline
internal struct BreakpointSubscriber<Downstream: Subscriber>: Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
{
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let downstream: Downstream
    @usableFromInline let receiveSubscription: ((Subscription) -> Bool)?
    @usableFromInline let receiveOutput: ((Input) -> Bool)?
    @usableFromInline let receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)?
    @usableFromInline let combineIdentifier: CombineIdentifier

    @inlinable
    init(downstream: Downstream, receiveSubscription: ((Subscription) -> Bool)?, receiveOutput: ((Input) -> Bool)?,
         receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)?) {
        self.downstream = downstream
        self.receiveSubscription = receiveSubscription
        self.receiveOutput = receiveOutput
        self.receiveCompletion = receiveCompletion
        combineIdentifier = CombineIdentifier()
    }

    @usableFromInline var description: String { "Breakpoint" }

    /// No children, as Combine's `breakpoint` shows to reflection.
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }

    @usableFromInline var playgroundDescription: Any { description }

    @usableFromInline
    func receive(subscription: Subscription) {
        if receiveSubscription?(subscription) == true { raiseTrap() }
        downstream.receive(subscription: subscription)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        if let receiveOutput, receiveOutput(input) { raiseTrap() }
        return downstream.receive(input)
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        if receiveCompletion?(completion) == true { raiseTrap() }
        downstream.receive(completion: completion)
    }
}

/// Stops in the debugger (or ends the process when none is attached), like Combine's breakpoint.
@usableFromInline
internal func raiseTrap() {
    raise(SIGTRAP)
}
