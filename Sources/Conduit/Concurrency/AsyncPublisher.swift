/// An async sequence of a publisher's values (`publisher.values`), for a publisher that never fails.
///
/// It asks for one value at a time, so a slow consumer applies back-pressure; ending the loop (or
/// cancelling its task) cancels the subscription.
public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never {
    public typealias Element = P.Output

    private let publisher: P

    public init(_ publisher: P) {
        self.publisher = publisher
    }

    public func makeAsyncIterator() -> Iterator {
        let bridge = AsyncBridge<P.Output, Never>()
        publisher.subscribe(bridge)
        return Iterator(bridge: bridge)
    }

    public struct Iterator: AsyncIteratorProtocol {
        fileprivate let bridge: AsyncBridge<P.Output, Never>
        /// Cancels the subscription once the loop is left (the last copy of the iterator is gone).
        private let reaper: SubscriptionReaper

        fileprivate init(bridge: AsyncBridge<P.Output, Never>) {
            self.bridge = bridge
            reaper = SubscriptionReaper(bridge)
        }

        public mutating func next() async -> P.Output? {
            try? await bridge.next()
        }
    }
}

/// An async sequence of a publisher's values that throws the publisher's failure.
public struct AsyncThrowingPublisher<P: Publisher>: AsyncSequence {
    public typealias Element = P.Output

    private let publisher: P

    public init(_ publisher: P) {
        self.publisher = publisher
    }

    public func makeAsyncIterator() -> Iterator {
        let bridge = AsyncBridge<P.Output, P.Failure>()
        publisher.subscribe(bridge)
        return Iterator(bridge: bridge)
    }

    public struct Iterator: AsyncIteratorProtocol {
        fileprivate let bridge: AsyncBridge<P.Output, P.Failure>
        /// Cancels the subscription once the loop is left (the last copy of the iterator is gone).
        private let reaper: SubscriptionReaper

        fileprivate init(bridge: AsyncBridge<P.Output, P.Failure>) {
            self.bridge = bridge
            reaper = SubscriptionReaper(bridge)
        }

        public mutating func next() async throws -> P.Output? {
            try await bridge.next()
        }
    }
}

extension Publisher where Failure == Never {
    /// The elements produced by the publisher, as an asynchronous sequence.
    public var values: AsyncPublisher<Self> {
        AsyncPublisher(self)
    }
}

extension Publisher {
    /// The elements produced by the publisher, as a throwing asynchronous sequence.
    public var values: AsyncThrowingPublisher<Self> {
        AsyncThrowingPublisher(self)
    }
}

extension Future where Failure == Never {
    /// The published value, awaited.
    public var value: Output {
        get async {
            for await value in values { return value }
            fatalError("a Future that never fails finished without a value")
        }
    }
}

extension Future {
    /// The published value, awaited; throws the future's failure.
    public var value: Output {
        get async throws {
            for try await value in values { return value }
            throw CancellationError()
        }
    }
}

import Foundation

/// The subscriber behind `values`: requests one value per `next()` and hands it to the waiting
/// task; the task's cancellation cancels the subscription.
internal final class AsyncBridge<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    private let lock = NSLock()
    private var subscription: Subscription?
    private var buffered: [Input] = []
    private var completion: Subscribers.Completion<Failure>?
    private var waiter: CheckedContinuation<Handoff<Input>, Error>?
    private var pendingRequest = false

    func receive(subscription: Subscription) {
        let request: Bool = lock.withLock {
            self.subscription = subscription
            defer { pendingRequest = false }
            return pendingRequest
        }
        if request { subscription.request(.max(1)) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let waiter: CheckedContinuation<Handoff<Input>, Error>? = lock.withLock {
            defer { self.waiter = nil }
            if self.waiter == nil { buffered.append(input) }
            return self.waiter
        }
        waiter?.resume(returning: Handoff(input))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let waiter: CheckedContinuation<Handoff<Input>, Error>? = lock.withLock {
            self.completion = completion
            subscription = nil
            defer { self.waiter = nil }
            return self.waiter
        }
        switch completion {
        case .finished: waiter?.resume(returning: Handoff(nil))
        case .failure(let error): waiter?.resume(throwing: error)
        }
    }

    func next() async throws -> Input? {
        try await receiveNext().value
    }

    private func receiveNext() async throws -> Handoff<Input> {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.lock()
                if !buffered.isEmpty {
                    let value = buffered.removeFirst()
                    lock.unlock()
                    continuation.resume(returning: Handoff(value))
                    return
                }
                if let completion {
                    lock.unlock()
                    switch completion {
                    case .finished: continuation.resume(returning: Handoff(nil))
                    case .failure(let error): continuation.resume(throwing: error)
                    }
                    return
                }
                waiter = continuation
                let subscription = self.subscription
                if subscription == nil { pendingRequest = true }
                lock.unlock()
                subscription?.request(.max(1))
            }
        } onCancel: {
            cancel()
        }
    }

    func cancel() {
        let (subscription, waiter): (Subscription?, CheckedContinuation<Handoff<Input>, Error>?) = lock.withLock {
            defer {
                self.subscription = nil
                self.waiter = nil
                if completion == nil { completion = .finished }
            }
            return (self.subscription, self.waiter)
        }
        subscription?.cancel()
        waiter?.resume(returning: Handoff(nil))
    }

    deinit {
        subscription?.cancel()
    }
}

/// Held by a `values` iterator alone: the subscriber behind it is kept by its upstream, so it
/// cannot notice by itself that a `for await` loop was left early (`break`, `return`, a throw);
/// this object's release cancels the subscription then, as Combine's iterators do.
internal final class SubscriptionReaper: Sendable {
    private let subscription: any Cancellable & Sendable

    init(_ subscription: any Cancellable & Sendable) {
        self.subscription = subscription
    }

    deinit {
        subscription.cancel()
    }
}

/// Hands a value from the publisher's thread to the awaiting task; the subscriber gives each value
/// to exactly one waiter, so the transfer is safe.
internal struct Handoff<Value>: @unchecked Sendable {
    let value: Value?

    init(_ value: Value?) {
        self.value = value
    }
}
