import Foundation

/// The one holder of a session's state at a time: the thread evaluating a line, or an action the
/// real clock runs (a timer's value, a delay's), which waits until the line is done, as a run
/// loop runs a timer between two events. Without it, a timer's sink would read the names a line
/// is changing on another thread.
///
/// The same thread may enter again (a script loaded by a line); `releasing` lets go entirely for
/// a wait on the real clock (`tick 1s`), so that what falls due meanwhile can run.
final class SessionOwner: @unchecked Sendable {
    private let condition = NSCondition()
    private var owner: pthread_t?
    private var depth = 0

    /// Runs `body` as the session's owner, waiting for the present owner to finish first.
    func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        acquire(depth: 1)
        defer { release() }
        return try body()
    }

    /// Runs `body` (a wait) with the session let go of, then takes it again as it was held.
    func releasing<Result>(_ body: () throws -> Result) rethrows -> Result {
        condition.lock()
        let me = pthread_self()
        guard let current = owner, pthread_equal(current, me) != 0 else {
            condition.unlock()
            return try body()
        }
        let held = depth
        owner = nil
        depth = 0
        condition.broadcast()
        condition.unlock()
        defer { acquire(depth: held) }
        return try body()
    }

    /// Whether the calling thread holds the session now.
    var isHeldByCurrentThread: Bool {
        condition.lock()
        defer { condition.unlock() }
        guard let current = owner else { return false }
        return pthread_equal(current, pthread_self()) != 0
    }

    private func acquire(depth levels: Int) {
        condition.lock()
        defer { condition.unlock() }
        let me = pthread_self()
        if let current = owner, pthread_equal(current, me) != 0 {
            depth += levels
            return
        }
        while owner != nil { condition.wait() }
        owner = me
        depth = levels
    }

    private func release() {
        condition.lock()
        defer { condition.unlock() }
        depth -= 1
        if depth == 0 {
            owner = nil
            condition.broadcast()
        }
    }
}
