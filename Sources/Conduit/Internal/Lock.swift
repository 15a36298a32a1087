#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-recursive mutual-exclusion lock over `pthread_mutex_t`.
///
/// Engine rule: never call a subscriber, a subscription or a user closure while holding one.
@usableFromInline
internal final class Lock: @unchecked Sendable {
    @usableFromInline
    internal let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @inlinable
    internal init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable
    internal func lock() {
        pthread_mutex_lock(mutex)
    }

    @inlinable
    internal func unlock() {
        pthread_mutex_unlock(mutex)
    }

    @inlinable
    internal func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A lock the owning thread may take again while it holds it.
///
/// Used to serialise deliveries into one subscriber: another thread waits, while a re-entrant
/// send from inside the subscriber (on the same thread) goes straight through, as in Combine.
@usableFromInline
internal final class RecursiveLock: @unchecked Sendable {
    @usableFromInline
    internal let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @inlinable
    internal init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable
    internal func lock() {
        pthread_mutex_lock(mutex)
    }

    @inlinable
    internal func unlock() {
        pthread_mutex_unlock(mutex)
    }

    @inlinable
    internal func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
