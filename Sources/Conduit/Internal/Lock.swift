#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-recursive mutual-exclusion lock over `pthread_mutex_t`: the engine's one plain lock.
///
/// Engine rule: never call a subscriber, a subscription or a user closure while holding one.
/// Every pthread call's result is checked: a failure stops the program at once instead of going on
/// without mutual exclusion. For a lock its holder may take again, see `ReentrantLock`.
@usableFromInline
internal final class Lock: @unchecked Sendable {
    @usableFromInline
    internal let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Not `@inlinable`: with CoreFoundation imported elsewhere in the module (RunLoop's timers),
    /// `pthread_mutex_t()` resolves to CoreFoundation's copy of the C type, which inlinable code
    /// of a file that does not import it cannot use (release builds failed). A lock is made once
    /// per object, so the call costs nothing on a value path.
    @usableFromInline
    internal init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        #if DEBUG
        // Debug builds (the tests) use an error-checking mutex, which turns a self-deadlock or an
        // unlock by another thread into a reported failure (EDEADLK, EPERM) instead of a hang.
        // It costs ~32 instructions per lock/unlock pair (callgrind: 99 vs 67), so release
        // builds use the default kind, whose return codes are still checked.
        var attributes = pthread_mutexattr_t()
        Lock.check(pthread_mutexattr_init(&attributes), "pthread_mutexattr_init")
        let kind = Int32(PTHREAD_MUTEX_ERRORCHECK)
        Lock.check(pthread_mutexattr_settype(&attributes, kind), "pthread_mutexattr_settype")
        Lock.check(pthread_mutex_init(mutex, &attributes), "pthread_mutex_init")
        Lock.check(pthread_mutexattr_destroy(&attributes), "pthread_mutexattr_destroy")
        #else
        Lock.check(pthread_mutex_init(mutex, nil), "pthread_mutex_init")
        #endif
    }

    deinit {
        Lock.check(pthread_mutex_destroy(mutex), "pthread_mutex_destroy")
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable
    internal func lock() {
        let result = pthread_mutex_lock(mutex)
        if result != 0 { Lock.fail(result, "pthread_mutex_lock") }
    }

    @inlinable
    internal func unlock() {
        let result = pthread_mutex_unlock(mutex)
        if result != 0 { Lock.fail(result, "pthread_mutex_unlock") }
    }

    @inlinable
    internal func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Stops the program if a pthread call returned an error.
    @inlinable
    internal static func check(_ result: Int32, _ call: StaticString) {
        if result != 0 { fail(result, call) }
    }

    /// Kept out of line so the fast paths stay a call and a compare.
    @usableFromInline
    @inline(never)
    internal static func fail(_ result: Int32, _ call: StaticString) -> Never {
        fatalError("\(call) failed: error \(result) (\(String(cString: strerror(result))))")
    }
}
