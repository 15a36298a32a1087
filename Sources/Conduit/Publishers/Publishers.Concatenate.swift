extension Publishers {
    /// A publisher that emits all of one publisher's elements before those from another publisher.
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
        where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure
    {
        public typealias Output = Suffix.Output
        public typealias Failure = Suffix.Failure

        /// The text or publisher that comes first.
        public let prefix: Prefix
        /// The publisher whose elements come after the prefix finishes.
        public let suffix: Suffix

        /// Creates a `Publishers.Concatenate` from its parts; the operator that returns one is the usual way to make
        /// it.
        ///
        /// - Parameters:
        ///   - prefix: The text or publisher that comes first.
        ///   - suffix: The publisher whose elements come after the prefix finishes.
        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let core = ConcatenateCore<Suffix, S>(downstream: subscriber, suffix: suffix)
            prefix.subscribe(ConcatenatePrefix<Suffix, S>(core: core))
        }
    }
}

/// The subscription of `Concatenate`: it takes the prefix's elements, then the suffix's. As in
/// Combine, the downstream gets it when the prefix's subscription arrives (events the prefix or the
/// suffix sends before its subscription are ignored), demand passes straight to the current
/// source (a zero demand too), and the suffix is asked for what the downstream still wants. The
/// suffix is let go of once subscribed, or when cancelled.
@usableFromInline
internal final class ConcatenateCore<Suffix: Publisher, Downstream: Subscriber>: Subscription,
    CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
    where Suffix.Output == Downstream.Input, Suffix.Failure == Downstream.Failure
{
    @usableFromInline typealias Output = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    /// Which source is being read.
    @usableFromInline
    enum Phase {
        case prefix, suffix, done
    }

    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
    @usableFromInline @exclusivity(unchecked) var suffix: Suffix?
    @usableFromInline @exclusivity(unchecked) var phase = Phase.prefix
    /// The current source's subscription, once it arrived.
    @usableFromInline @exclusivity(unchecked) var current = SubscriberState.awaitingSubscription
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none

    @inlinable
    init(downstream: Downstream, suffix: Suffix) {
        self.downstream = downstream
        self.suffix = suffix
    }

    @usableFromInline var description: String { "Concatenate" }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
    @usableFromInline var playgroundDescription: Any { description }

    @usableFromInline
    func request(_ newDemand: Subscribers.Demand) {
        lock.lock()
        guard phase != .done else {
            lock.unlock()
            return
        }
        demand += newDemand
        let current = self.current.subscription
        lock.unlock()
        current?.request(newDemand)
    }

    @usableFromInline
    func cancel() {
        lock.lock()
        let current = self.current.subscription
        self.current = .terminal
        downstream = nil
        suffix = nil
        phase = .done
        lock.unlock()
        current?.cancel()
    }

    // MARK: Source events

    @usableFromInline
    func received(_ subscription: Subscription, from source: Phase) {
        lock.lock()
        guard phase == source, case .awaitingSubscription = current, let downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        current = .holding(subscription)
        let demand = self.demand
        lock.unlock()
        if source == .prefix {
            downstream.receive(subscription: self)
        } else if demand > 0 {
            subscription.request(demand)
        }
    }

    @inlinable
    func received(_ value: Output, from source: Phase) -> Subscribers.Demand {
        lock.lock()
        guard phase == source, case .subscribed = current, demand > 0, let downstream else {
            lock.unlock()
            return .none
        }
        demand -= 1
        lock.unlock()
        let more = downstream.receive(value)
        if more > 0 {
            lock.withLock { demand += more }
        }
        return more
    }

    @inlinable
    func received(_ completion: Subscribers.Completion<Failure>, from source: Phase) {
        lock.lock()
        guard phase == source, case .subscribed = current else {
            lock.unlock()
            return
        }
        current = .awaitingSubscription
        if source == .prefix, case .finished = completion, let suffix {
            phase = .suffix
            self.suffix = nil
            lock.unlock()
            suffix.subscribe(ConcatenateSuffix(core: self))
            return
        }
        phase = .done
        suffix = nil
        let downstream = self.downstream
        self.downstream = nil
        lock.unlock()
        downstream?.receive(completion: completion)
    }
}

/// The subscriber `Concatenate` attaches to its prefix; it shares the subscription's identifier.
/// The prefix's and the suffix's subscribers are two types, not one with a flag: in Combine they
/// are of different types, which `print`, reflection and the peer suite can see.
@usableFromInline
internal struct ConcatenatePrefix<Suffix: Publisher, Downstream: Subscriber>: Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
    where Suffix.Output == Downstream.Input, Suffix.Failure == Downstream.Failure
{
    @usableFromInline typealias Input = Suffix.Output
    @usableFromInline typealias Failure = Suffix.Failure

    @usableFromInline let core: ConcatenateCore<Suffix, Downstream>
    @inlinable init(core: ConcatenateCore<Suffix, Downstream>) { self.core = core }
    @inlinable var combineIdentifier: CombineIdentifier { CombineIdentifier(core) }
    @usableFromInline var description: String { core.description }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
    @usableFromInline var playgroundDescription: Any { core.description }

    @usableFromInline
    func receive(subscription: Subscription) {
        core.received(subscription, from: .prefix)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        core.received(input, from: .prefix)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        core.received(completion, from: .prefix)
    }
}

/// The subscriber `Concatenate` attaches to its suffix; it shares the subscription's identifier.
@usableFromInline
internal struct ConcatenateSuffix<Suffix: Publisher, Downstream: Subscriber>: Subscriber, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible
    where Suffix.Output == Downstream.Input, Suffix.Failure == Downstream.Failure
{
    @usableFromInline typealias Input = Suffix.Output
    @usableFromInline typealias Failure = Suffix.Failure

    @usableFromInline let core: ConcatenateCore<Suffix, Downstream>
    @inlinable init(core: ConcatenateCore<Suffix, Downstream>) { self.core = core }
    @inlinable var combineIdentifier: CombineIdentifier { CombineIdentifier(core) }
    @usableFromInline var description: String { core.description }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
    @usableFromInline var playgroundDescription: Any { core.description }

    @usableFromInline
    func receive(subscription: Subscription) {
        core.received(subscription, from: .suffix)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        core.received(input, from: .suffix)
    }

    @inlinable
    func receive(completion: Subscribers.Completion<Failure>) {
        core.received(completion, from: .suffix)
    }
}

extension Publishers.Concatenate: Equatable where Prefix: Equatable, Suffix: Equatable {}

extension Publisher {
    /// Prefixes the output of this publisher with the elements emitted by the given publisher.
    ///
    /// ```swift
    /// let cancellable = [3, 4].publisher
    ///     .prepend([1, 2].publisher)
    ///     .sink { print($0) }
    /// // Prints "1", "2", "3", "4".
    /// ```
    ///
    /// - Parameter publisher: The publisher whose elements come first; the upstream is subscribed once it finishes.
    /// - Returns: A publisher that republishes the elements of `publisher`, then the upstream's.
    public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self>
        where P.Output == Output, P.Failure == Failure
    {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }

    /// Appends the output of this publisher with the elements emitted by the given publisher.
    ///
    /// ```swift
    /// let cancellable = [1, 2].publisher
    ///     .append([3, 4].publisher)
    ///     .sink { print($0) }
    /// // Prints "1", "2", "3", "4".
    /// ```
    ///
    /// - Parameter publisher: The publisher whose elements come after the upstream's, subscribed once it finishes.
    /// - Returns: A publisher that republishes the upstream's elements, then those of `publisher`.
    public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
        where P.Output == Output, P.Failure == Failure
    {
        Publishers.Concatenate(prefix: self, suffix: publisher)
    }

    /// Prefixes the output of this publisher with the specified values.
    ///
    /// ```swift
    /// let cancellable = [3].publisher
    ///     .prepend(1, 2)
    ///     .sink { print($0) }
    /// // Prints "1", "2", "3".
    /// ```
    ///
    /// - Parameter elements: The elements to send first.
    /// - Returns: A publisher that sends `elements`, then republishes the upstream's.
    public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
        prepend(Publishers.Sequence(sequence: elements))
    }

    /// Prefixes the output of this publisher with the elements of a sequence.
    ///
    /// ```swift
    /// let cancellable = [3].publisher
    ///     .prepend(1...2)
    ///     .sink { print($0) }
    /// // Prints "1", "2", "3".
    /// ```
    ///
    /// - Parameter elements: A sequence of the elements to send first.
    /// - Returns: A publisher that sends `elements`, then republishes the upstream's.
    public func prepend<S: Sequence>(_ elements: S) -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self>
        where S.Element == Output
    {
        prepend(Publishers.Sequence(sequence: elements))
    }

    /// Appends this publisher's output with the specified values.
    ///
    /// ```swift
    /// let cancellable = [1].publisher
    ///     .append(2, 3)
    ///     .sink { print($0) }
    /// // Prints "1", "2", "3".
    /// ```
    ///
    /// - Parameter elements: The elements to send after the upstream finishes.
    /// - Returns: A publisher that republishes the upstream's elements, then sends `elements`.
    public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
        append(Publishers.Sequence(sequence: elements))
    }

    /// Appends this publisher's output with the elements of a sequence.
    ///
    /// ```swift
    /// let cancellable = [1].publisher
    ///     .append(2...3)
    ///     .sink { print($0) }
    /// // Prints "1", "2", "3".
    /// ```
    ///
    /// - Parameter elements: A sequence of the elements to send after the upstream finishes.
    /// - Returns: A publisher that republishes the upstream's elements, then sends `elements`.
    public func append<S: Sequence>(_ elements: S) -> Publishers.Concatenate<Self, Publishers.Sequence<S, Failure>>
        where S.Element == Output
    {
        append(Publishers.Sequence(sequence: elements))
    }
}
