/// The subscription of publishers that send at most one value and then complete: `Just`,
/// `Optional.Publisher`, `Result.Publisher` and `Future`.
///
/// The outcome may be known at once or later (`Future`); the value goes out on the first positive
/// demand once it is known, followed by the completion. A failure goes out as soon as it is known,
/// demand or not. No lock is held while the subscriber runs.
internal final class SingleValueSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible,
    @unchecked Sendable
{
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    private enum Outcome {
        case pending
        case value(Output)
        case empty
        case failure(Failure)
    }

    private let lock = Lock()
    private var downstream: Downstream?
    private var outcome: Outcome
    private var requested = false
    private let name: String

    /// Creates the subscription; the outcome is `result` (a `nil` success means "finish without a
    /// value"), or not yet known if `result` is `nil`.
    init(downstream: Downstream, name: String, result: Result<Output?, Failure>? = nil) {
        self.downstream = downstream
        self.name = name
        switch result {
        case .none: outcome = .pending
        case .success(let value?)?: outcome = .value(value)
        case .success(nil)?: outcome = .empty
        case .failure(let error)?: outcome = .failure(error)
        }
    }

    var description: String { name }

    /// Hands the subscription to the subscriber and delivers what can be delivered without demand.
    func start() {
        downstream?.receive(subscription: self)
        deliverIfReady()
    }

    /// Sets the outcome once it is known (for `Future`) and delivers it if it can.
    func resolve(_ result: Result<Output, Failure>) {
        lock.withLock {
            guard case .pending = outcome else { return }
            switch result {
            case .success(let value): outcome = .value(value)
            case .failure(let error): outcome = .failure(error)
            }
        }
        deliverIfReady()
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "demand must not be zero")
        lock.withLock { requested = true }
        deliverIfReady()
    }

    func cancel() {
        lock.withLock { downstream = nil }
    }

    private func deliverIfReady() {
        lock.lock()
        guard let downstream else {
            lock.unlock()
            return
        }
        switch outcome {
        case .pending:
            lock.unlock()
        case .value(let value):
            guard requested else {
                lock.unlock()
                return
            }
            self.downstream = nil
            lock.unlock()
            _ = downstream.receive(value)
            downstream.receive(completion: .finished)
        case .empty:
            self.downstream = nil
            lock.unlock()
            downstream.receive(completion: .finished)
        case .failure(let error):
            self.downstream = nil
            lock.unlock()
            downstream.receive(completion: .failure(error))
        }
    }
}
