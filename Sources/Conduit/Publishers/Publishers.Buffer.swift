extension Publishers {
    /// A strategy for filling a buffer.
    public enum PrefetchStrategy: Equatable, Hashable, Sendable {
        /// A strategy to fill the buffer at subscription time, and keep it full thereafter.
        ///
        /// It asks the upstream for `size` elements when the subscriber connects, then for one
        /// more each time an element leaves the buffer.
        case keepFull
        /// A strategy that avoids prefetching and instead performs requests on demand: it just
        /// forwards the downstream's requests to the upstream publisher.
        case byRequest
    }

    /// A strategy that handles exhaustion of a buffer’s capacity.
    public enum BufferingStrategy<Failure: Error> {
        /// When the buffer is full, discard the newly received element.
        case dropNewest
        /// When the buffer is full, discard the oldest element in the buffer.
        case dropOldest
        /// When the buffer is full, execute the closure to provide a custom error.
        case customError(() -> Failure)
    }

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

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(BufferSubscription(downstream: subscriber, size: size, prefetch: prefetch, whenFull: whenFull))
        }
    }
}

extension Publisher {
    /// Buffers elements received from an upstream publisher.
    public func buffer(
        size: Int,
        prefetch: Publishers.PrefetchStrategy,
        whenFull: Publishers.BufferingStrategy<Failure>
    ) -> Publishers.Buffer<Self> {
        Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
    }
}

/// The subscriber to the upstream and subscription for the downstream of one `Buffer`.
///
/// Deliveries run in a drain loop: whichever thread finds the buffer idle delivers while there is
/// demand; others only add to the state. No lock is held while the downstream runs.
private final class BufferSubscription<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible,
    @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private let size: Int
    private let prefetch: Publishers.PrefetchStrategy
    private let whenFull: Publishers.BufferingStrategy<Failure>
    private var downstream: Downstream?
    private var state = SubscriberState.awaitingSubscription
    private var buffer = FIFO<Input>()
    private var demand = Subscribers.Demand.none
    private var terminal: Subscribers.Completion<Failure>?
    private var draining = false

    init(downstream: Downstream, size: Int, prefetch: Publishers.PrefetchStrategy,
         whenFull: Publishers.BufferingStrategy<Failure>) {
        self.downstream = downstream
        self.size = size
        self.prefetch = prefetch
        self.whenFull = whenFull
    }

    var description: String { "Buffer" }

    // MARK: Upstream

    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription = state, let downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        state = .holding(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
        if prefetch == .keepFull, size > 0, let live = lock.withLock({ state.subscription }) {
            live.request(.max(size))
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard downstream != nil, terminal == nil else {
            lock.unlock()
            return .none
        }
        if buffer.count >= size {
            switch whenFull {
            case .dropNewest:
                lock.unlock()
                drain()
                return .none
            case .dropOldest:
                _ = buffer.popFirst()
                if size > 0 { buffer.append(input) }
            case .customError(let makeError):
                lock.unlock()
                let error = makeError()
                lock.lock()
                guard downstream != nil, terminal == nil else {
                    lock.unlock()
                    return .none
                }
                buffer.removeAll()
                terminal = .failure(error)
                let subscription = state.subscription
                state = .terminal
                lock.unlock()
                subscription?.cancel()
                drain()
                return .none
            }
        } else {
            buffer.append(input)
        }
        lock.unlock()
        drain()
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard downstream != nil, terminal == nil else {
            lock.unlock()
            return
        }
        terminal = completion
        state = .terminal
        lock.unlock()
        drain()
    }

    // MARK: Downstream

    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "demand must not be zero")
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        demand += newDemand
        let subscription = prefetch == .byRequest ? state.subscription : nil
        lock.unlock()
        subscription?.request(newDemand)
        drain()
    }

    func cancel() {
        lock.lock()
        let subscription = state.subscription
        state = .terminal
        downstream = nil
        buffer.removeAll()
        lock.unlock()
        subscription?.cancel()
    }

    // MARK: Delivery

    private func drain() {
        lock.lock()
        guard !draining else {
            lock.unlock()
            return
        }
        draining = true
        var delivered = 0
        while let downstream {
            if demand > 0, let value = buffer.popFirst() {
                demand -= 1
                delivered += 1
                lock.unlock()
                let more = downstream.receive(value)
                lock.lock()
                if more > 0 { demand += more }
                continue
            }
            if buffer.isEmpty, let completion = terminal {
                self.downstream = nil
                draining = false
                lock.unlock()
                downstream.receive(completion: completion)
                return
            }
            break
        }
        draining = false
        let refill = prefetch == .keepFull && delivered > 0 ? state.subscription : nil
        lock.unlock()
        refill?.request(.max(delivered))
    }
}
