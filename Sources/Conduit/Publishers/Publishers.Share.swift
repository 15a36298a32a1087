extension Publishers {
    /// A publisher that shares the output of an upstream publisher with multiple subscribers.
    ///
    /// It is a class: every subscriber of one `Share` shares one subscription to the upstream,
    /// made when the first subscriber attaches (a `PassthroughSubject` multicast, autoconnected).
    /// Subscribers that attach after the upstream completed receive only the completion.
    public final class Share<Upstream: Publisher>: Publisher, Equatable, @unchecked Sendable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public final let upstream: Upstream

        @usableFromInline let shared: Autoconnect<Multicast<Upstream, PassthroughSubject<Output, Failure>>>

        /// Creates a publisher that shares the output of an upstream publisher with multiple subscribers.
        ///
        /// - Parameter upstream: The publisher from which this publisher receives elements.
        public init(upstream: Upstream) {
            self.upstream = upstream
            shared = Multicast(upstream: upstream) { PassthroughSubject() }.autoconnect()
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            shared.subscribe(subscriber)
        }

        /// Two shares are equal only if they are the same instance.
        public static func == (lhs: Share, rhs: Share) -> Bool {
            lhs === rhs
        }
    }
}

extension Publisher {
    /// Shares the output of an upstream publisher with multiple subscribers.
    ///
    /// ```swift
    /// let source = PassthroughSubject<Int, Never>()
    /// let shared = source.map { value -> Int in print("map", value); return value }.share()
    /// let first = shared.sink { print("A", $0) }
    /// let second = shared.sink { print("B", $0) }
    /// source.send(1)
    /// // Prints "map 1", "A 1", "B 1": the map ran once for both subscribers.
    /// ```
    ///
    /// - Returns: A publisher that subscribes to the upstream once, at its first subscriber, and republishes to all
    ///   its subscribers.
    public func share() -> Publishers.Share<Self> {
        Publishers.Share(upstream: self)
    }
}
