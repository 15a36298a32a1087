#if Postgres
import Foundation

/// A value guarded by a lock: the room, its channels and their subscriptions are reached from the
/// connection's tasks and from whoever subscribes or sends, so every shared field lives in one.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock (never call out to a subscriber from `body`).
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
#endif
