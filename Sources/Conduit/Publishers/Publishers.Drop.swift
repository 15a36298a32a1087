extension Publishers {
    /// A publisher that omits a specified number of elements before republishing later elements.
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The number of elements the operator counts off.
        public let count: Int

        /// Creates a `Publishers.Drop` from its parts; the operator that returns one is the usual way to make it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - count: The number of elements the operator counts off.
        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }

        /// A negative count traps here, when subscribed, as in Combine (not when the publisher is made).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            precondition(count >= 0, "count must not be negative")
            let drop = DropSubscription(downstream: subscriber, count: count)
            subscriber.receive(subscription: drop)
            upstream.subscribe(drop)
        }
    }

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
    /// Omits the specified number of elements before republishing subsequent elements.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher
    ///     .dropFirst()
    ///     .sink { print($0) }
    /// // Prints "2", "3".
    /// ```
    ///
    /// - Parameter count: How many elements to leave out; 1 if not given.
    /// - Returns: A publisher that republishes the elements after the first `count`.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }

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

/// The subscriber and subscription of `dropFirst(_:)`, with Combine's demand: the downstream gets
/// its subscription before the upstream is subscribed; what it asks for until the upstream's
/// subscription comes is kept, and the upstream is then asked for that plus the number of
/// elements to drop, in one request (so `dropFirst(2)` under a demand of 42 asks for 44). Dropped
/// elements need no new request; later requests go straight to the upstream. As in Combine, a
/// value or a completion that comes before the upstream's subscription still goes downstream.
@usableFromInline
internal final class DropSubscription<Downstream: Subscriber>:
    OperatorSubscription<Downstream.Input, Downstream.Failure, Downstream>, @unchecked Sendable
{
    /// Demand asked for while there is no upstream subscription; under `lock`.
    @usableFromInline
    @exclusivity(unchecked) var pendingDemand = Subscribers.Demand.none
    /// Elements still to drop; only the upstream's (serial) events touch it.
    @usableFromInline
    @exclusivity(unchecked) var remaining: Int

    @inlinable
    init(downstream: Downstream, count: Int) {
        remaining = count
        super.init(downstream: downstream, name: "Drop", passesEarlyCompletion: true, mapFailure: { $0 })
    }

    /// The downstream has its subscription already: the upstream is asked for the demand kept.
    @usableFromInline
    override func subscribed(_ subscription: Subscription, downstream: Downstream) {
        let demand: Subscribers.Demand = lock.withLock {
            defer { pendingDemand = .none }
            return pendingDemand + remaining
        }
        if demand > 0 { subscription.request(demand) }
    }

    @inlinable
    override func receive(_ input: Downstream.Input) -> Subscribers.Demand {
        if remaining > 0 {
            remaining -= 1
            return .none
        }
        return lock.withLock { downstream }?.receive(input) ?? .none
    }

    /// As in Combine, every completion goes downstream (a misbehaving upstream's second one too);
    /// the upstream's subscription is let go, so later requests go nowhere.
    @usableFromInline
    override func receive(completion: Subscribers.Completion<Downstream.Failure>) {
        let downstream: Downstream? = lock.withLock {
            upstream = .terminal
            return self.downstream
        }
        downstream?.receive(completion: completion)
    }

    @usableFromInline
    override func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else {
            APIViolation.report(.zeroDemand)
            return
        }
        lock.lock()
        if case .awaitingSubscription = upstream {
            if downstream != nil { pendingDemand += demand }
            lock.unlock()
            return
        }
        let subscription = upstream.subscription
        lock.unlock()
        subscription?.request(demand)
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
