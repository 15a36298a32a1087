import Foundation

/// Awaits a `Future`'s one result for `Future.value`: subscribes, asks for everything and resumes
/// the awaiting task exactly once with the first value or the failure.
internal final class FutureAwaiter<Output, Failure: Error>: Subscriber, @unchecked Sendable {
    typealias Input = Output
    private typealias Outcome = Handoff<Result<Output, Error>>

    private let lock = Lock()
    private var continuation: CheckedContinuation<Outcome, Never>?
    /// The result when it came before anyone awaited it (a cancelled task, a resolved future).
    private var early: Result<Output, Error>?
    private var subscription: Subscription?
    private var done = false

    /// The future's value or failure; `CancellationError` when `honouringCancellation` and the task
    /// is cancelled before the future resolves.
    static func result(
        of future: Future<Output, Failure>, honouringCancellation: Bool
    ) async -> Result<Output, Error> {
        await FutureAwaiter().await(future, honouringCancellation: honouringCancellation)
    }

    private func await(
        _ future: Future<Output, Failure>, honouringCancellation: Bool
    ) async -> Result<Output, Error> {
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                if let settled = wait(with: continuation) {
                    continuation.resume(returning: Handoff(settled))
                } else {
                    future.subscribe(self)
                }
            }
        } onCancel: {
            if honouringCancellation { finish(.failure(CancellationError())) }
        }
        return outcome.value!
    }

    /// Keeps `continuation` to be resumed later, or returns the result that is already there.
    private func wait(with continuation: CheckedContinuation<Outcome, Never>) -> Result<Output, Error>? {
        lock.lock()
        defer { lock.unlock() }
        if early == nil { self.continuation = continuation }
        return early
    }

    func receive(subscription: Subscription) {
        let accepted: Bool = lock.withLock {
            guard !done, self.subscription == nil else { return false }
            self.subscription = subscription
            return true
        }
        if accepted { subscription.request(.unlimited) } else { subscription.cancel() }
    }

    func receive(_ input: Output) -> Subscribers.Demand {
        finish(.success(input))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        if case .failure(let error) = completion { finish(.failure(error)) }
    }

    /// Settles the result once: resumes the awaiting task, or keeps the result for it; a
    /// cancellation also cancels the subscription.
    private func finish(_ result: Result<Output, Error>) {
        var settled = false
        var continuation: CheckedContinuation<Outcome, Never>?
        var subscription: Subscription?
        lock.withLock {
            guard !done else { return }
            done = true
            settled = true
            continuation = self.continuation
            subscription = self.subscription
            self.continuation = nil
            self.subscription = nil
            if continuation == nil { early = result }
        }
        guard settled else { return }
        if case .failure(let error) = result, error is CancellationError { subscription?.cancel() }
        continuation?.resume(returning: Handoff(result))
    }
}
