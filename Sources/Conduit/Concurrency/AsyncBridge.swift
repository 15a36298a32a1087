import Foundation

/// The subscriber behind `values`: each `next()` asks upstream for one value and waits for it.
///
/// Several `next()` calls may wait at once (copies of an iterator share this object); they are
/// served in order. Every waiting call is resumed exactly once: with a value, with `nil` when the
/// publisher finishes or the subscription is cancelled (by a waiting task's cancellation, or by
/// the iterator going away), or, for the first waiter, with the publisher's failure. A failure that
/// arrives while nobody waits is kept and thrown by the next `next()`, then `nil` follows.
/// Requests made before the subscription arrives are added up and asked for at once when it does.
internal final class AsyncBridge<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    private typealias Waiter = CheckedContinuation<Handoff<Input>, Error>

    private enum State {
        /// Not subscribed yet; `demand` counts the `next()` calls made so far.
        case awaitingSubscription(demand: Int)
        case subscribed(Subscription)
        /// Finished, failed or cancelled: every later `next()` returns `nil` (after `failure`).
        case terminal(failure: Failure?)
    }

    private let lock = Lock()
    private var state = State.awaitingSubscription(demand: 0)
    /// The `next()` calls waiting, oldest first (a handful at most).
    private var waiters: [Waiter] = []

    func receive(subscription: Subscription) {
        let demand: Int? = lock.withLock {
            guard case .awaitingSubscription(let demand) = state else { return nil }
            state = .subscribed(subscription)
            return demand
        }
        guard let demand else {
            // Already subscribed, finished or cancelled: a second subscription is not wanted.
            subscription.cancel()
            return
        }
        if demand > 0 { subscription.request(.max(demand)) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = state else {
            // A value before the subscription ends the calls waiting so far; one after the
            // completion is ignored.
            let ended = takeWaiters()
            lock.unlock()
            for waiter in ended { waiter.resume(returning: Handoff(nil)) }
            return .none
        }
        guard !waiters.isEmpty else {
            lock.unlock()
            preconditionFailure("values: received a value that no next() asked for")
        }
        let waiter = waiters.removeFirst()
        lock.unlock()
        waiter.resume(returning: Handoff(input))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        if case .terminal = state {
            lock.unlock()
            return
        }
        let ended = takeWaiters()
        var failure: Failure?
        if case .failure(let error) = completion { failure = error }
        // A failure nobody waits for is kept for the next `next()`.
        state = .terminal(failure: ended.isEmpty ? failure : nil)
        lock.unlock()
        var pendingFailure = failure
        for waiter in ended {
            if let error = pendingFailure {
                pendingFailure = nil
                waiter.resume(throwing: error)
            } else {
                waiter.resume(returning: Handoff(nil))
            }
        }
    }

    /// The next value, `nil` at the end; throws the publisher's failure once.
    func next() async throws -> Input? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: Waiter) in
                lock.lock()
                switch state {
                case .terminal(let failure):
                    state = .terminal(failure: nil)
                    lock.unlock()
                    if let failure { waiter.resume(throwing: failure) } else { waiter.resume(returning: Handoff(nil)) }
                case .awaitingSubscription(let demand):
                    waiters.append(waiter)
                    state = .awaitingSubscription(demand: demand + 1)
                    lock.unlock()
                case .subscribed(let subscription):
                    waiters.append(waiter)
                    lock.unlock()
                    subscription.request(.max(1))
                }
            }
        } onCancel: {
            cancel()
        }.value
    }

    /// Ends the sequence: cancels the subscription (once) and resumes every waiting call with `nil`.
    func cancel() {
        lock.lock()
        let subscription: Subscription?
        switch state {
        case .terminal:
            lock.unlock()
            return
        case .awaitingSubscription:
            subscription = nil
        case .subscribed(let current):
            subscription = current
        }
        state = .terminal(failure: nil)
        let ended = takeWaiters()
        lock.unlock()
        subscription?.cancel()
        for waiter in ended { waiter.resume(returning: Handoff(nil)) }
    }

    /// Empties the waiting list; called with the lock held.
    private func takeWaiters() -> [Waiter] {
        defer { waiters = [] }
        return waiters
    }
}
