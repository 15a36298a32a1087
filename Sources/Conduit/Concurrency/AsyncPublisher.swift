/// An async sequence of a publisher's values (`publisher.values`), for a publisher that never fails.
///
/// It asks for one value at a time, so a slow consumer applies back-pressure; ending the loop (or
/// cancelling its task) cancels the subscription.
public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never {
    public typealias Element = P.Output

    private let publisher: P

    /// Creates a `AsyncPublisher` from its parts; the operator that returns one is the usual way to make it.
    ///
    /// - Parameter publisher: The publisher the operator reads.
    public init(_ publisher: P) {
        self.publisher = publisher
    }

    public func makeAsyncIterator() -> Iterator {
        let bridge = AsyncBridge<P.Output, Never>()
        publisher.subscribe(bridge)
        return Iterator(bridge: bridge)
    }

    /// The iterator a `for await` loop uses: each `next()` asks the publisher for one element.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
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

    /// Creates a `AsyncThrowingPublisher` from its parts; the operator that returns one is the usual way to make it.
    ///
    /// - Parameter publisher: The publisher the operator reads.
    public init(_ publisher: P) {
        self.publisher = publisher
    }

    public func makeAsyncIterator() -> Iterator {
        let bridge = AsyncBridge<P.Output, P.Failure>()
        publisher.subscribe(bridge)
        return Iterator(bridge: bridge)
    }

    /// The iterator a `for try await` loop uses: each `next()` asks the publisher for one element, and a
    /// failure is thrown.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
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
    /// The published value, awaited. A future always resolves, so this waits for its promise
    /// even when the awaiting task is cancelled (there is no value to give back instead).
    public var value: Output {
        get async {
            switch await FutureAwaiter.result(of: self, honouringCancellation: false) {
            case .success(let output): return output
            case .failure: preconditionFailure("unreachable: a Future<_, Never> cannot fail")
            }
        }
    }
}

extension Future {
    /// The published value, awaited; throws the future's failure, or `CancellationError` when the
    /// awaiting task is cancelled first.
    public var value: Output {
        get async throws {
            try await FutureAwaiter.result(of: self, honouringCancellation: true).get()
        }
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
