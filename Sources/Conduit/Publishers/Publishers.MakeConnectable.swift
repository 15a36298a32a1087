extension Publishers {
    /// A publisher that provides explicit connectability to another publisher.
    ///
    /// Subscribers attach at any time; the upstream is subscribed to (once, for all of them)
    /// when `connect()` is called.
    public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        private let multicast: Multicast<Upstream, PassthroughSubject<Output, Failure>>

        /// Creates a connectable publisher, attached to the provided upstream publisher.
        ///
        /// - Parameter upstream: The publisher from which this publisher receives elements.
        public init(upstream: Upstream) {
            multicast = Multicast(upstream: upstream) { PassthroughSubject() }
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            multicast.subscribe(subscriber)
        }

        public func connect() -> Cancellable {
            multicast.connect()
        }
    }
}

extension Publisher where Failure == Never {
    /// Creates a connectable wrapper around the publisher.
    ///
    /// ```swift
    /// let connectable = [1, 2].publisher.makeConnectable()
    /// let cancellable = connectable.sink { print($0) }
    /// // Prints nothing yet.
    /// let connection = connectable.connect()
    /// // Prints "1", "2".
    /// ```
    ///
    /// - Returns: A connectable publisher that subscribes to the upstream only when you call `connect()`.
    public func makeConnectable() -> Publishers.MakeConnectable<Self> {
        Publishers.MakeConnectable(upstream: self)
    }
}
