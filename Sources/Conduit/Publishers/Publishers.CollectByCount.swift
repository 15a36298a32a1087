extension Publishers {
    /// A publisher that buffers a maximum number of items and sends them as arrays.
    ///
    /// Downstream demand for N arrays becomes upstream demand for N × count values; a partial
    /// array is sent when the upstream finishes.
    public struct CollectByCount<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let count: Int

        public init(upstream: Upstream, count: Int) {
            precondition(count > 0, "count must be positive")
            self.upstream = upstream
            self.count = count
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(CountingCollector(downstream: subscriber, count: count))
        }
    }
}

extension Publisher {
    /// Collects up to the specified number of elements, and then emits a single array of the collection.
    public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
        Publishers.CollectByCount(upstream: self, count: count)
    }
}

/// The subscription of `collect(_ count:)`.
private final class CountingCollector<Element, Downstream: Subscriber>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable where Downstream.Input == [Element]
{
    typealias Input = Element
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private var downstream: Downstream?
    private var upstream: Subscription?
    private var buffer: [Element] = []
    private let count: Int

    init(downstream: Downstream, count: Int) {
        self.downstream = downstream
        self.count = count
        // A count is a limit, not a size: reserving it all up front would allocate for values
        // that may never come (`collect(Int.max)` would ask for the whole address space).
        buffer.reserveCapacity(min(count, 64))
    }

    var description: String { "CollectByCount" }

    func receive(subscription: Subscription) {
        lock.withLock { upstream = subscription }
        downstream?.receive(subscription: self)
    }

    func receive(_ input: Element) -> Subscribers.Demand {
        let (target, full): (Downstream?, [Element]?) = lock.withLock {
            guard let downstream else { return (nil, nil) }
            buffer.append(input)
            guard buffer.count == count else { return (downstream, nil) }
            defer { buffer.removeAll(keepingCapacity: true) }
            return (downstream, buffer)
        }
        guard let target, let full else { return .none }
        return target.receive(full) * count
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let (target, rest): (Downstream?, [Element]) = lock.withLock {
            defer {
                downstream = nil
                upstream = nil
                buffer = []
            }
            return (downstream, buffer)
        }
        guard let target else { return }
        if case .finished = completion, !rest.isEmpty {
            _ = target.receive(rest)
        }
        target.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { upstream }?.request(demand * count)
    }

    func cancel() {
        let upstream: Subscription? = lock.withLock {
            defer {
                self.upstream = nil
                downstream = nil
            }
            return self.upstream
        }
        upstream?.cancel()
    }
}
