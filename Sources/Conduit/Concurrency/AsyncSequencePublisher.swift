import Foundation

extension Publishers {
    /// A publisher of the elements of an `AsyncSequence` (Combine has no such bridge).
    ///
    /// A task reads the sequence only as far as the subscriber's demand allows; cancelling the
    /// subscription cancels the task. A thrown error fails the stream.
    public struct AsyncSequencePublisher<Base: AsyncSequence & Sendable>: Publisher where Base.Element: Sendable {
        public typealias Output = Base.Element
        public typealias Failure = Error

        /// The asynchronous sequence whose elements this publisher sends.
        public let base: Base

        /// Creates a `Publishers.AsyncSequencePublisher` from its parts; the operator that returns one is the usual way
        /// to make it.
        ///
        /// - Parameter base: The asynchronous sequence whose elements this publisher sends.
        public init(_ base: Base) {
            self.base = base
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Error {
            let subscription = AsyncSequenceSubscription(downstream: subscriber)
            subscriber.receive(subscription: subscription)
            subscription.start(base)
        }
    }
}

/// Conduit's additions to `AsyncSequence`, as Combine's.
extension AsyncSequence where Self: Sendable, Element: Sendable {
    /// A publisher of this sequence's elements that honours demand and cancels on cancel.
    public var asyncPublisher: Publishers.AsyncSequencePublisher<Self> {
        Publishers.AsyncSequencePublisher(self)
    }
}

/// Runs the reading task and waits between elements until the subscriber has demand.
private final class AsyncSequenceSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible,
    @unchecked Sendable where Downstream.Failure == Error
{
    private let lock = Lock()
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var demandWaiter: CheckedContinuation<Bool, Never>?
    private var task: Task<Void, Never>?

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    var description: String { "AsyncSequence" }

    func start<Base: AsyncSequence & Sendable>(_ base: Base) where Base.Element == Downstream.Input,
        Base.Element: Sendable {
        let body = Handoff<() async -> Void> { [self] in await run(base) }
        let task = Task<Void, Never> { if let run = body.value { await run() } }
        lock.withLock { self.task = task }
    }

    /// Reads the sequence, one element per unit of demand.
    private func run<Base: AsyncSequence>(_ base: Base) async where Base.Element == Downstream.Input {
        do {
            for try await element in base {
                guard await waitForDemand() else { return }
                guard let downstream = lock.withLock({ self.downstream }) else { return }
                let more = downstream.receive(element)
                lock.withLock { demand += more }
            }
            finish(.finished)
        } catch {
            finish(.failure(error))
        }
    }

    /// Suspends until there is demand; false if cancelled meanwhile. Spends one unit of demand.
    private func waitForDemand() async -> Bool {
        await withCheckedContinuation { continuation in
            lock.lock()
            if downstream == nil {
                lock.unlock()
                continuation.resume(returning: false)
            } else if demand > 0 {
                demand -= 1
                lock.unlock()
                continuation.resume(returning: true)
            } else {
                demandWaiter = continuation
                lock.unlock()
            }
        }
    }

    private func finish(_ completion: Subscribers.Completion<Error>) {
        let downstream: Downstream? = lock.withLock {
            defer { self.downstream = nil }
            return self.downstream
        }
        downstream?.receive(completion: completion)
    }

    func request(_ newDemand: Subscribers.Demand) {
        let waiter: CheckedContinuation<Bool, Never>? = lock.withLock {
            demand += newDemand
            guard let waiter = demandWaiter else { return nil }
            demandWaiter = nil
            demand -= 1
            return waiter
        }
        waiter?.resume(returning: true)
    }

    func cancel() {
        let (task, waiter): (Task<Void, Never>?, CheckedContinuation<Bool, Never>?) = lock.withLock {
            defer {
                downstream = nil
                demandWaiter = nil
            }
            return (self.task, demandWaiter)
        }
        waiter?.resume(returning: false)
        task?.cancel()
    }
}
