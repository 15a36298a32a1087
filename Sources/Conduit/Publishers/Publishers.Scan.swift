extension Publishers {
    /// A publisher that transforms elements by applying a closure that receives the previous
    /// result and the next element, and publishes every result.
    public struct Scan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let initialResult: Output
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        public init(upstream: Upstream, initialResult: Output, nextPartialResult: @escaping (Output,
            Upstream.Output) -> Output) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var accumulator = initialResult
            let next = nextPartialResult
            upstream.subscribe(ForwardingSubscriber<Upstream.Output, S>(downstream: subscriber, name: "Scan") {
                accumulator = next(accumulator, $0)
                return .send(accumulator)
            })
        }
    }

    /// A publisher that applies an error-throwing closure to the previous result and each element.
    public struct TryScan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error

        public let upstream: Upstream
        public let initialResult: Output
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        public init(upstream: Upstream, initialResult: Output, nextPartialResult: @escaping (Output,
            Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Error {
            var accumulator = initialResult
            let next = nextPartialResult
            upstream.subscribe(GuardedSubscriber<Upstream.Output, Upstream.Failure, S>(
                downstream: subscriber, name: "TryScan", mapFailure: { $0 }, wrapError: { $0 },
                cancelsLateSubscription: false
            ) {
                accumulator = try next(accumulator, $0)
                return .send(accumulator)
            })
        }
    }
}

extension Publisher {
    /// Publishes every partial result of combining the elements with a closure, starting from `initialResult`.
    public func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Scan<Self,
        T> {
        Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Like `scan`, with an error-throwing closure.
    public func tryScan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T,
        Output) throws -> T) -> Publishers.TryScan<Self, T> {
        Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}
