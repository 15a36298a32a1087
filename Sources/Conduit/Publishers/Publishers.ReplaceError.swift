extension Publishers {
    /// A publisher that replaces any error from the upstream publisher with a provided element.
    ///
    /// The element goes out once there is demand for it, then the stream finishes.
    public struct ReplaceError<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never

        public let output: Upstream.Output
        public let upstream: Upstream

        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            let relay = Relay(downstream: subscriber, name: "ReplaceError")
            subscriber.receive(subscription: relay)
            let replacement = output
            relay.attach(upstream) { _ in
                relay.attach(Just(replacement)) { _ in }
            }
        }
    }
}

extension Publisher {
    /// Replaces any errors in the stream with the provided element.
    public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }
}
