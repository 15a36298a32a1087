/// A publisher that eventually produces a single value and then finishes or fails.
///
/// The closure runs once, when the future is created; its promise may be fulfilled later from any
/// thread. Only the first fulfilment counts. Subscribers that arrive after it get the same result.
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
    /// A type that represents a closure to invoke in the future, when an element or error is available.
    public typealias Promise = @Sendable (Result<Output, Failure>) -> Void

    private let lock = Lock()
    private var result: Result<Output, Failure>?
    private var waiting: [(Result<Output, Failure>) -> Void] = []

    /// Creates a publisher that invokes a promise closure when the publisher emits an element.
    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        attemptToFulfill { [self] result in
            fulfill(result)
        }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.lock()
        if let result {
            lock.unlock()
            SingleValueSubscription(downstream: subscriber, name: "Future", result: result.map { $0 }).start()
            return
        }
        let subscription = SingleValueSubscription(downstream: subscriber, name: "Future")
        waiting.append(subscription.resolve)
        lock.unlock()
        subscription.start()
    }

    private func fulfill(_ result: Result<Output, Failure>) {
        lock.lock()
        guard self.result == nil else {
            lock.unlock()
            return
        }
        self.result = result
        let subscribers = waiting
        waiting = []
        lock.unlock()
        for resolve in subscribers {
            resolve(result)
        }
    }
}
