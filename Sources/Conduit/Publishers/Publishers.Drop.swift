extension Publishers {
    /// A publisher that omits a specified number of elements before republishing later elements.
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let count: Int

        public init(upstream: Upstream, count: Int) {
            precondition(count >= 0, "count must not be negative")
            self.upstream = upstream
            self.count = count
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var remaining = count
            upstream.subscribe(ForwardingSubscriber<Output, S>(downstream: subscriber, name: "Drop") { value in
                guard remaining == 0 else {
                    remaining -= 1
                    return .skip
                }
                return .send(value)
            })
        }
    }

    /// A publisher that omits elements from an upstream publisher until a given closure returns false.
    public struct DropWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var dropping = true
            let predicate = self.predicate
            // Its own subscription (as in Combine): a second subscription is cancelled and nothing
            // passes after the completion or a cancel.
            upstream.subscribe(GuardedSubscriber<Output, Failure, S>(
                downstream: subscriber, name: "DropWhile", mapFailure: { $0 },
                wrapError: { _ in fatalError("a non-throwing predicate threw") }, cancelsLateSubscription: false
            ) { value in
                if dropping, predicate(value) { return .skip }
                dropping = false
                return .send(value)
            })
        }
    }

    /// Like `DropWhile`, with an error-throwing predicate.
    public struct TryDropWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let predicate: (Upstream.Output) throws -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Error {
            var dropping = true
            let predicate = self.predicate
            upstream.subscribe(GuardedSubscriber<Output, Upstream.Failure, S>(
                downstream: subscriber, name: "TryDropWhile", mapFailure: { $0 }, wrapError: { $0 },
                cancelsLateSubscription: false
            ) { value in
                if dropping, try predicate(value) { return .skip }
                dropping = false
                return .send(value)
            })
        }
    }
}

extension Publisher {
    /// Omits the specified number of elements before republishing subsequent elements.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }

    /// Omits elements from the upstream publisher until a given closure returns false.
    public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
        Publishers.DropWhile(upstream: self, predicate: predicate)
    }

    /// Like `drop(while:)`, with an error-throwing predicate.
    public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
        Publishers.TryDropWhile(upstream: self, predicate: predicate)
    }
}
