import Synchronization

/// A clock that moves only when told, for the debounce case: swift-async-algorithms ships no
/// test clock in its library product. `sleep(until:)` suspends until `advance` moves the clock to
/// the deadline; like the virtual schedulers of the other two engines, it does nothing else.
final class ManualClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: UnsafeContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var lastID = 0
        /// Sleeps cancelled before they were registered.
        var cancelled: Set<Int> = []
        /// An `advance` waiting for someone to sleep.
        var advancer: UnsafeContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = state.withLock { state in
            state.lastID += 1
            return state.lastID
        }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                enum Outcome { case due, cancelled, registered }
                let (outcome, advancer) = state.withLock { state -> (Outcome, UnsafeContinuation<Void, Never>?) in
                    if state.cancelled.remove(id) != nil { return (.cancelled, nil) }
                    if deadline <= state.now { return (.due, nil) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    defer { state.advancer = nil }
                    return (.registered, state.advancer)
                }
                switch outcome {
                case .due: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .registered: break
                }
                advancer?.resume()
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
                    return state.sleepers.remove(at: index)
                }
                state.cancelled.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Waits until something sleeps on this clock, then moves the clock forward by `duration` and
    /// wakes every sleeper now due. Waiting first makes the step deterministic: the debounce's
    /// timer has been set when the clock moves, whichever thread runs which task when.
    func advanceOnceSleeping(by duration: Duration) async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            let sleeping = state.withLock { state -> Bool in
                if state.sleepers.isEmpty {
                    state.advancer = continuation
                    return false
                }
                return true
            }
            if sleeping { continuation.resume() }
        }
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}

/// One side waits until the other has signalled, once per signal: the debounce case's producer
/// waits for each value to reach the consumer before it sends the next, as the subject cases do.
final class Handoff: Sendable {
    private struct State {
        var signals = 0
        var waiter: UnsafeContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    func signal() {
        let waiter = state.withLock { state -> UnsafeContinuation<Void, Never>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.signals += 1
            return nil
        }
        waiter?.resume()
    }

    func wait() async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            let signalled = state.withLock { state -> Bool in
                if state.signals > 0 {
                    state.signals -= 1
                    return true
                }
                state.waiter = continuation
                return false
            }
            if signalled { continuation.resume() }
        }
    }
}
