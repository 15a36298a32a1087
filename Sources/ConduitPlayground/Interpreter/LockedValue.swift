import Foundation

/// A value shared between threads (the session's and its timers'), read and written under a lock.
/// The lock is a pthread mutex (`NSLock`), which the thread sanitizer understands; the standard
/// library's `Mutex` on Linux is not visible to it and would be reported as a race.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
