extension Publishers {
    /// A publisher that publishes the first element of a stream, then finishes.
    public struct First<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var first: Output?
            upstream.reduceInto(subscriber, name: "First", accumulate: { first = $0; return .done }, result: { first })
        }
    }

    /// A publisher that only publishes the first element of a stream to satisfy a predicate.
    public struct FirstWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var first: Output?
            let predicate = self.predicate
            upstream.reduceInto(subscriber, name: "TryFirst", accumulate: { value in
                guard predicate(value) else { return .more }
                first = value
                return .done
            }, result: { first })
        }
    }

    /// Like `FirstWhere`, with an error-throwing predicate.
    public struct TryFirstWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let predicate: (Upstream.Output) throws -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Error {
            var first: Output?
            let predicate = self.predicate
            upstream.tryReduceInto(subscriber, name: "TryFirstWhere", accumulate: { value in
                guard try predicate(value) else { return .more }
                first = value
                return .done
            }, result: { first })
        }
    }

    /// A publisher that waits until the upstream finishes, then publishes the last element.
    public struct Last<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var last: Output?
            upstream.reduceInto(subscriber, name: "Last", accumulate: { last = $0; return .more }, result: { last })
        }
    }

    /// A publisher that publishes the last element that satisfies a predicate, when the upstream finishes.
    public struct LastWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var last: Output?
            let predicate = self.predicate
            upstream.reduceInto(subscriber, name: "LastWhere", accumulate: { value in
                if predicate(value) { last = value }
                return .more
            }, result: { last })
        }
    }

    /// Like `LastWhere`, with an error-throwing predicate.
    public struct TryLastWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        public let upstream: Upstream
        public let predicate: (Upstream.Output) throws -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Error {
            var last: Output?
            let predicate = self.predicate
            upstream.tryReduceInto(subscriber, name: "TryLastWhere", accumulate: { value in
                if try predicate(value) { last = value }
                return .more
            }, result: { last })
        }
    }

    /// A publisher that emits a value if the upstream finishes without emitting any.
    public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let output: Upstream.Output
        public let upstream: Upstream

        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(EmptyReplacingSubscriber(downstream: subscriber, replacement: output))
        }
    }
}

extension Publisher {
    /// Publishes the first element of a stream, then finishes.
    public func first() -> Publishers.First<Self> {
        Publishers.First(upstream: self)
    }

    /// Publishes the first element of a stream to satisfy a predicate, then finishes.
    public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
        Publishers.FirstWhere(upstream: self, predicate: predicate)
    }

    /// Like `first(where:)`, with an error-throwing predicate.
    public func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self> {
        Publishers.TryFirstWhere(upstream: self, predicate: predicate)
    }

    /// Publishes the last element of a stream, after the stream finishes.
    public func last() -> Publishers.Last<Self> {
        Publishers.Last(upstream: self)
    }

    /// Publishes the last element of a stream that satisfies a predicate, after the stream finishes.
    public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
        Publishers.LastWhere(upstream: self, predicate: predicate)
    }

    /// Like `last(where:)`, with an error-throwing predicate.
    public func tryLast(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryLastWhere<Self> {
        Publishers.TryLastWhere(upstream: self, predicate: predicate)
    }

    /// Replaces an empty stream with the provided element.
    public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
        Publishers.ReplaceEmpty(upstream: self, output: output)
    }
}

/// Passes everything through; if the upstream finishes having sent nothing, sends the replacement
/// first (when there is demand for it).
private final class EmptyReplacingSubscriber<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private var downstream: Downstream?
    private var upstream: Subscription?
    private var sentAny = false
    private var demand = Subscribers.Demand.none
    /// Finished empty, waiting for demand to send the replacement.
    private var owesReplacement = false
    private let replacement: Input

    init(downstream: Downstream, replacement: Input) {
        self.downstream = downstream
        self.replacement = replacement
    }

    /// The downstream cancelled before the upstream's subscription came: as in Combine, that
    /// subscription is still asked for everything when it comes (and what it sends is ignored).
    private var cancelledWhileWaiting = false

    var description: String { "ReplaceEmpty" }

    /// No children, as Combine's `replaceEmpty` shows to reflection.
    var customMirror: Mirror { Mirror(self, children: [:]) }

    var playgroundDescription: Any { description }

    /// After the downstream has its subscription, the upstream is asked for everything (as Combine
    /// does); the downstream's own requests are passed on as well.
    func receive(subscription: Subscription) {
        lock.lock()
        var downstream: Downstream?
        let lateAfterCancel = cancelledWhileWaiting
        if upstream == nil, !cancelledWhileWaiting {
            upstream = subscription
            downstream = self.downstream
        }
        cancelledWhileWaiting = false
        lock.unlock()
        guard let downstream else {
            if lateAfterCancel {
                subscription.request(.unlimited)
            } else {
                subscription.cancel()
            }
            return
        }
        downstream.receive(subscription: self)
        subscription.request(.unlimited)
    }

    /// A value before the subscription is ignored, as in Combine.
    func receive(_ input: Input) -> Subscribers.Demand {
        let target: Downstream? = lock.withLock {
            guard upstream != nil else { return nil }
            sentAny = true
            if demand != .unlimited, demand > 0 { demand -= 1 }
            return downstream
        }
        guard let target else { return .none }
        let more = target.receive(input)
        lock.withLock { demand += more }
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard let downstream else {
            lock.unlock()
            return
        }
        if case .finished = completion, !sentAny {
            guard demand > 0 else {
                owesReplacement = true
                lock.unlock()
                return
            }
            self.downstream = nil
            lock.unlock()
            _ = downstream.receive(replacement)
            downstream.receive(completion: .finished)
            return
        }
        self.downstream = nil
        lock.unlock()
        downstream.receive(completion: completion)
    }

    func request(_ newDemand: Subscribers.Demand) {
        lock.lock()
        demand += newDemand
        if owesReplacement, let downstream {
            self.downstream = nil
            owesReplacement = false
            lock.unlock()
            _ = downstream.receive(replacement)
            downstream.receive(completion: .finished)
            return
        }
        let upstream = downstream == nil ? nil : self.upstream
        lock.unlock()
        upstream?.request(newDemand)
    }

    func cancel() {
        let upstream: Subscription? = lock.withLock {
            defer {
                self.upstream = nil
                downstream = nil
            }
            if self.upstream == nil, downstream != nil { cancelledWhileWaiting = true }
            return self.upstream
        }
        upstream?.cancel()
    }
}
