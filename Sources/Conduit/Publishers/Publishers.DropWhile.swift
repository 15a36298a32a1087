extension Publishers {
    /// A publisher that omits elements from an upstream publisher until a given closure returns false.
    public struct DropWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that decides, for each element, as the operator's name says.
        public let predicate: (Upstream.Output) -> Bool

        /// Creates a `Publishers.DropWhile` from its parts; the operator that returns one is the usual way to make it.
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
            upstream.subscribe(DropWhileSubscription<Output, Failure, S>(
                downstream: subscriber, name: "DropWhile", predicate: predicate, mapFailure: { $0 },
                wrapError: { _ in fatalError("a non-throwing predicate threw") }
            ))
        }
    }

    /// Like `DropWhile`, with an error-throwing predicate.
    public struct TryDropWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that decides, for each element, as the operator's name says.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Creates a `Publishers.TryDropWhile` from its parts; the operator that returns one is the usual way to make
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
            upstream.subscribe(DropWhileSubscription<Output, Upstream.Failure, S>(
                downstream: subscriber, name: "TryDropWhile", predicate: predicate, mapFailure: { $0 },
                wrapError: { $0 }
            ))
        }
    }
}

extension Publisher {
    /// Omits elements from the upstream publisher until a given closure returns false.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 5, 1].publisher
    ///     .drop { $0 < 3 }
    ///     .sink { print($0) }
    /// // Prints "5", "1".
    /// ```
    ///
    /// - Parameter predicate: A closure that takes an element and returns whether to keep leaving elements out.
    /// - Returns: A publisher that republishes every element from the first one for which `predicate` returns
    ///   `false`.
    public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
        Publishers.DropWhile(upstream: self, predicate: predicate)
    }

    /// Like `drop(while:)`, with an error-throwing predicate.
    ///
    /// ```swift
    /// struct Invalid: Error {}
    /// let cancellable = [1, -1, 5].publisher
    ///     .tryDrop { number in
    ///         if number < 0 { throw Invalid() }
    ///         return number < 3
    ///     }
    ///     .sink(receiveCompletion: { if case .failure(let error) = $0 { print("failed:", error) } },
    ///           receiveValue: { print($0) })
    /// // Prints "failed: Invalid()".
    /// ```
    ///
    /// - Parameter predicate: A closure that takes an element and returns whether to keep leaving elements out, or
    ///   throws to fail the stream.
    /// - Returns: A publisher that republishes every element from the first one for which `predicate` returns
    ///   `false`, or fails with the error it throws.
    public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
        Publishers.TryDropWhile(upstream: self, predicate: predicate)
    }
}

/// The subscriber and subscription of `drop(while:)` and `tryDrop(while:)`: values go through the
/// predicate until it first says no (each dropped one is replaced by a request for one more), then
/// straight downstream. As in Combine, a value or a completion that comes before the upstream's
/// subscription is ignored, and a throwing predicate cancels the upstream and fails the stream.
@usableFromInline
internal final class DropWhileSubscription<Input, UpstreamFailure: Error, Downstream: Subscriber>:
    OperatorSubscription<Input, UpstreamFailure, Downstream>, @unchecked Sendable where Downstream.Input == Input
{
    /// Still dropping; only the upstream's (serial) values touch it.
    @usableFromInline
    @exclusivity(unchecked) var dropping = true
    @usableFromInline
    let predicate: (Input) throws -> Bool
    @usableFromInline
    let wrapError: (Error) -> Downstream.Failure

    @inlinable
    init(
        downstream: Downstream, name: String, predicate: @escaping (Input) throws -> Bool,
        mapFailure: @escaping (UpstreamFailure) -> Downstream.Failure,
        wrapError: @escaping (Error) -> Downstream.Failure
    ) {
        self.predicate = predicate
        self.wrapError = wrapError
        super.init(downstream: downstream, name: name, passesEarlyCompletion: false, mapFailure: mapFailure)
    }

    /// A zero demand is an API violation, as in Combine.
    @usableFromInline
    override func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else {
            APIViolation.report(.zeroDemand)
            return
        }
        super.request(demand)
    }

    @inlinable
    override func receive(_ input: Input) -> Subscribers.Demand {
        guard let downstream = subscribedDownstream else { return .none }
        if dropping {
            do {
                if try predicate(input) { return .max(1) }
            } catch {
                if let (upstream, downstream) = endEarly() {
                    upstream.cancel()
                    downstream.receive(completion: .failure(wrapError(error)))
                }
                return .none
            }
            dropping = false
        }
        return downstream.receive(input)
    }
}
