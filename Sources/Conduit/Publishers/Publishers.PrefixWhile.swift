extension Publishers {
    /// A publisher that republishes elements while a predicate closure indicates publishing should continue.
    public struct PrefixWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(GuardedSubscriber<Output, Failure, S>(
                downstream: subscriber, name: "PrefixWhile", mapFailure: { $0 },
                wrapError: { _ in fatalError("a non-throwing predicate threw") }, reflectsDownstream: true,
                trapsBeforeSubscription: true
            ) { predicate($0) ? .send($0) : .finish(nil) })
        }
    }

    /// Like `PrefixWhile`, with an error-throwing predicate.
    public struct TryPrefixWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let predicate: (Upstream.Output) throws -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Error {
            let predicate = self.predicate
            upstream.subscribe(GuardedSubscriber<Output, Upstream.Failure, S>(
                downstream: subscriber, name: "TryPrefixWhile", mapFailure: { $0 }, wrapError: { $0 },
                reflectsDownstream: true,
                trapsBeforeSubscription: true
            ) { try predicate($0) ? .send($0) : .finish(nil) })
        }
    }

    /// A publisher that publishes elements specified by a range in the sequence of published elements.
    public struct Output<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// The range of elements to publish.
        public let range: CountableRange<Int>

        public init(upstream: Upstream, range: CountableRange<Int>) {
            precondition(range.lowerBound >= 0, "range must not be negative")
            self.upstream = upstream
            self.range = range
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Upstream.Output, S.Failure == Failure {
            if range.isEmpty {
                upstream.subscribe(GuardedSubscriber<Upstream.Output, Failure, S>(
                    downstream: subscriber, name: "Output", mapFailure: { $0 },
                    wrapError: { _ in fatalError("unreachable") }, cancelsLateSubscription: false
                ) { _ in .finish(nil) })
                return
            }
            let counter = SerialState(0)
            let range = self.range
            upstream.subscribe(GuardedSubscriber<Upstream.Output, Failure, S>(
                downstream: subscriber, name: "Output", mapFailure: { $0 },
                wrapError: { _ in fatalError("unreachable") }, cancelsLateSubscription: false
            ) { value in
                let index = counter.value
                counter.value = index + 1
                if index < range.lowerBound { return .skip }
                // Past the range: only values sent before the subscription get here (the range's
                // last element ends the stream once subscribed).
                if index >= range.upperBound { return .finish(nil) }
                if index == range.upperBound - 1 { return .finish(value) }
                return .send(value)
            })
        }
    }
}

extension Publisher {
    /// Republishes elements while a predicate closure indicates publishing should continue.
    public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
        Publishers.PrefixWhile(upstream: self, predicate: predicate)
    }

    /// Like `prefix(while:)`, with an error-throwing predicate.
    public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self> {
        Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
    }

    /// Republishes elements up to the specified maximum count, then finishes.
    public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
        precondition(maxLength >= 0, "maxLength must not be negative")
        return Publishers.Output(upstream: self, range: 0..<maxLength)
    }

    /// Publishes a specific element, indicated by its index in the sequence of published elements.
    public func output(at index: Int) -> Publishers.Output<Self> {
        Publishers.Output(upstream: self, range: index..<(index + 1))
    }

    /// Publishes elements specified by their range in the sequence of published elements.
    public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self> where R.Bound == Int {
        let bounds = range.relative(to: 0..<Int.max)
        return Publishers.Output(upstream: self, range: bounds.lowerBound..<bounds.upperBound)
    }
}
