import DequeModule

extension Publishers {
    /// A publisher that buffers elements from an upstream publisher.
    ///
    /// Elements wait in a buffer of `size` until the downstream asks for them; what happens when
    /// it is full is `whenFull`. A completion is delivered after the buffered elements.
    public struct Buffer<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The maximum number of elements to store.
        public let size: Int
        /// The strategy for initially populating the buffer.
        public let prefetch: Publishers.PrefetchStrategy
        /// The action to take when the buffer becomes full.
        public let whenFull: Publishers.BufferingStrategy<Upstream.Failure>

        /// Creates a publisher that buffers elements received from an upstream publisher.
        ///
        /// - Parameters:
        ///   - upstream: The publisher from which this publisher receives elements.
        ///   - size: How many elements the buffer holds.
        ///   - prefetch: When to ask the upstream for elements.
        ///   - whenFull: What to do with an element that finds the buffer full.
        public init(
            upstream: Upstream,
            size: Int,
            prefetch: Publishers.PrefetchStrategy,
            whenFull: Publishers.BufferingStrategy<Publishers.Buffer<Upstream>.Failure>
        ) {
            precondition(size >= 0, "buffer size must not be negative")
            self.upstream = upstream
            self.size = size
            self.prefetch = prefetch
            self.whenFull = whenFull
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(BufferSubscription(downstream: subscriber, size: size, prefetch: prefetch,
                whenFull: whenFull))
        }
    }
}

extension Publisher {
    /// Buffers elements received from an upstream publisher.
    ///
    /// ```swift
    /// let cancellable = [1, 2, 3].publisher
    ///     .buffer(size: 10, prefetch: .keepFull, whenFull: .dropOldest)
    ///     .sink { print($0) }
    /// // Prints "1", "2", "3".
    /// ```
    ///
    /// - Parameters:
    ///   - size: The most elements the buffer holds.
    ///   - prefetch: Whether to ask the upstream for `size` elements at once (`.keepFull`) or as the subscriber
    ///     asks (`.byRequest`).
    ///   - whenFull: What to do with an element that finds the buffer full: drop it, drop the oldest, or fail.
    /// - Returns: A publisher that holds up to `size` elements for a subscriber that asks for fewer than arrive.
    public func buffer(
        size: Int,
        prefetch: Publishers.PrefetchStrategy,
        whenFull: Publishers.BufferingStrategy<Failure>
    ) -> Publishers.Buffer<Self> {
        Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
    }
}

/// The subscriber to the upstream and subscription for the downstream of one `Buffer`, with
/// Combine's demand: it asks the upstream for `size` (`keepFull`) or for everything (`byRequest`)
/// before the downstream gets its subscription, and with `keepFull` asks for one more per element
/// handed on (returned from `receive(_:)` for an element that goes straight through, requested for
/// elements taken from the buffer by a downstream request).
///
/// An upstream failure is handed on at once; a finish waits until the buffer is empty and the
/// downstream has demand. A full buffer with `customError` cancels the upstream and fails the
/// downstream after the next elements it asks for. Deliveries run in a drain loop: whichever
/// thread finds the buffer idle delivers while there is demand; no lock is held while the
/// downstream runs.
@usableFromInline
internal final class BufferSubscription<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let lock = Lock()
    @usableFromInline let size: Int
    @usableFromInline let prefetch: Publishers.PrefetchStrategy
    @usableFromInline let whenFull: Publishers.BufferingStrategy<Failure>
    @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
    /// The upstream's subscription, once it came.
    @usableFromInline @exclusivity(unchecked) var upstream = SubscriberState.awaitingSubscription
    @usableFromInline @exclusivity(unchecked) var buffer = Deque<Input>()
    @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// The upstream finished; the finish goes out once the buffer is empty and there is demand.
    @usableFromInline @exclusivity(unchecked) var upstreamFinished = false
    /// The buffer overflowed with `customError`: the failure that follows the next deliveries.
    @usableFromInline @exclusivity(unchecked) var overflowFailure: Failure?
    /// The downstream completed or cancelled.
    @usableFromInline @exclusivity(unchecked) var done = false
    @usableFromInline @exclusivity(unchecked) var draining = false

    @inlinable
    init(downstream: Downstream, size: Int, prefetch: Publishers.PrefetchStrategy,
         whenFull: Publishers.BufferingStrategy<Failure>) {
        self.downstream = downstream
        self.size = size
        self.prefetch = prefetch
        self.whenFull = whenFull
    }

    @usableFromInline var description: String { "Buffer" }

    @usableFromInline var playgroundDescription: Any { description }

    /// What Combine's buffer shows: the buffered values, where it stands with the upstream, the
    /// downstream's outstanding demand and the completion waiting to go out (nil if none).
    @usableFromInline var customMirror: Mirror {
        typealias Snapshot = (values: [Input], state: String, demand: Subscribers.Demand, terminal: Any?)
        let snapshot = lock.withLock { () -> Snapshot in
            let state = done ? "completed" : upstream.subscription == nil ? "awaitingSubscription" : "subscribed"
            let terminal: Subscribers.Completion<Failure>? = overflowFailure.map { .failure($0) }
                ?? (upstreamFinished ? .finished : nil)
            return (Array(buffer), state, self.demand, terminal)
        }
        return Mirror(self, children: ["values": snapshot.values, "state": snapshot.state,
                                       "downstreamDemand": snapshot.demand, "terminal": snapshot.terminal as Any])
    }

    /// What the upstream is asked for when it subscribes.
    @usableFromInline var initialRequest: Subscribers.Demand {
        prefetch == .keepFull ? .max(size) : .unlimited
    }

    // MARK: Upstream

    @usableFromInline
    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription = upstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = .holding(subscription)
        let downstream = done ? nil : self.downstream
        lock.unlock()
        // Combine asks even when the downstream cancelled before the subscription came.
        if initialRequest > 0 { subscription.request(initialRequest) }
        downstream?.receive(subscription: self)
    }

    @inlinable
    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = upstream, !done, overflowFailure == nil, let downstream else {
            lock.unlock()
            return .none
        }
        if demand > 0, buffer.isEmpty, !draining {
            demand -= 1
            draining = true
            lock.unlock()
            let more = downstream.receive(input)
            let leftBehind: Bool = lock.withLock {
                demand += more
                draining = false
                return upstreamFinished || !buffer.isEmpty
            }
            // A value sent or a request made from inside the downstream found the loop busy.
            let drained = leftBehind ? drain() : 0
            return prefetch == .keepFull ? .max(1 + drained) : .none
        }
        if buffer.count < size {
            buffer.append(input)
            lock.unlock()
            return .none
        }
        switch whenFull {
        case .dropNewest:
            lock.unlock()
        case .dropOldest:
            _ = buffer.popFirst()
            if size > 0 { buffer.append(input) }
            lock.unlock()
        case .customError(let makeError):
            lock.unlock()
            let error = makeError()
            let upstream: Subscription? = lock.withLock {
                guard !done, overflowFailure == nil else { return nil }
                overflowFailure = error
                return self.upstream.subscription
            }
            upstream?.cancel()
        }
        return .none
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard case .subscribed = upstream, !done, !upstreamFinished, overflowFailure == nil else {
            lock.unlock()
            return
        }
        switch completion {
        case .finished:
            upstreamFinished = true
            lock.unlock()
            _ = drain()
        case .failure:
            done = true
            let downstream = self.downstream
            self.downstream = nil
            buffer.removeAll()
            lock.unlock()
            downstream?.receive(completion: completion)
        }
    }

    // MARK: Downstream

    @usableFromInline
    func request(_ newDemand: Subscribers.Demand) {
        guard newDemand > 0 else { return }
        lock.lock()
        guard !done else {
            lock.unlock()
            return
        }
        demand += newDemand
        lock.unlock()
        let delivered = drain()
        if prefetch == .keepFull, delivered > 0 {
            lock.withLock { upstreamFinished ? nil : upstream.subscription }?.request(.max(delivered))
        }
    }

    @usableFromInline
    func cancel() {
        lock.lock()
        guard !done else {
            lock.unlock()
            return
        }
        done = true
        // An upstream that finished is not cancelled.
        let subscription = upstreamFinished ? nil : upstream.subscription
        downstream = nil
        buffer.removeAll()
        lock.unlock()
        subscription?.cancel()
    }

    // MARK: Delivery

    /// Delivers buffered elements while there is demand, then the completion if it is due;
    /// returns how many elements it delivered.
    @usableFromInline
    func drain() -> Int {
        lock.lock()
        guard !draining else {
            lock.unlock()
            return 0
        }
        draining = true
        var delivered = 0
        while let downstream, !done, demand > 0, let value = buffer.popFirst() {
            demand -= 1
            delivered += 1
            lock.unlock()
            let more = downstream.receive(value)
            lock.lock()
            demand += more
        }
        draining = false
        let completion: Subscribers.Completion<Failure>?
        if done || downstream == nil {
            completion = nil
        } else if let overflowFailure {
            completion = .failure(overflowFailure)
        } else if upstreamFinished, buffer.isEmpty, demand > 0 {
            completion = .finished
        } else {
            completion = nil
        }
        guard let completion, let downstream else {
            lock.unlock()
            return delivered
        }
        done = true
        self.downstream = nil
        buffer.removeAll()
        lock.unlock()
        downstream.receive(completion: completion)
        return delivered
    }
}
