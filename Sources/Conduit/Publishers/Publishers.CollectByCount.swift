extension Publishers {
    /// A publisher that buffers a maximum number of items and sends them as arrays.
    ///
    /// Downstream demand for N arrays becomes upstream demand for N × count values; a partial
    /// array is sent when the upstream finishes.
    public struct CollectByCount<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The number of elements the operator counts off.
        public let count: Int

        /// Creates a `Publishers.CollectByCount` from its parts; the operator that returns one is the usual way to make
        /// it.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - count: The number of elements the operator counts off.
        public init(upstream: Upstream, count: Int) {
            precondition(count > 0, "count must be positive")
            self.upstream = upstream
            self.count = count
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(CountingCollector(downstream: subscriber, count: count))
        }
    }
}

extension Publisher {
    /// Collects up to the specified number of elements, and then emits a single array of the collection.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3, 4, 5].publisher
    ///     .collect(2)
    ///     .sink { print($0) }
    /// // Prints "[1, 2]", "[3, 4]", "[5]".
    /// ```
    ///
    /// - Parameter count: The most elements an array holds.
    /// - Returns: A publisher that sends arrays of `count` elements, and what is left, in a shorter array, when the
    ///   upstream finishes.
    public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
        Publishers.CollectByCount(upstream: self, count: count)
    }
}

/// The subscriber and subscription of `collect(_ count:)`: a request for N arrays asks the upstream
/// for N × count values. As in Combine, a value before the subscription is ignored, while a
/// completion before it still reaches the downstream.
@usableFromInline
internal final class CountingCollector<Element, Downstream: Subscriber>:
    OperatorSubscription<Element, Downstream.Failure, Downstream>, @unchecked Sendable
    where Downstream.Input == [Element]
{
    /// The values of the array being filled; under `lock`.
    @usableFromInline
    @exclusivity(unchecked) var buffer: [Element] = []
    @usableFromInline
    let count: Int

    @inlinable
    init(downstream: Downstream, count: Int) {
        self.count = count
        // A count is a limit, not a size: reserving it all up front would allocate for values
        // that may never come (`collect(Int.max)` would ask for the whole address space).
        buffer.reserveCapacity(min(count, 64))
        super.init(downstream: downstream, name: "CollectByCount", passesEarlyCompletion: true, mapFailure: { $0 })
    }

    /// Combine's children: the downstream, the upstream's subscription, the buffer and the count.
    @usableFromInline
    override var customMirror: Mirror {
        let (downstream, subscription, buffer) = lock.withLock { (self.downstream, upstream.subscription, self.buffer) }
        return Mirror(self, children: [
            ("downstream", downstream as Any), ("upstreamSubscription", subscription as Any),
            ("buffer", buffer), ("count", count),
        ])
    }

    @inlinable
    override func receive(_ input: Element) -> Subscribers.Demand {
        let (target, full): (Downstream?, [Element]?) = lock.withLock {
            guard case .subscribed = upstream, let downstream else { return (nil, nil) }
            buffer.append(input)
            guard buffer.count == count else { return (downstream, nil) }
            defer { buffer.removeAll(keepingCapacity: true) }
            return (downstream, buffer)
        }
        guard let target, let full else { return .none }
        return target.receive(full) * count
    }

    /// A finish first sends the partly filled array, if any; a failure drops it.
    @usableFromInline
    override func receive(completion: Subscribers.Completion<Downstream.Failure>) {
        guard let target = end() else { return }
        let rest: [Element] = lock.withLock {
            defer { buffer = [] }
            return buffer
        }
        if case .finished = completion, !rest.isEmpty {
            _ = target.receive(rest)
        }
        target.receive(completion: completion)
    }

    @usableFromInline
    override func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else {
            APIViolation.report(.zeroDemand)
            return
        }
        super.request(demand * count)
    }
}
