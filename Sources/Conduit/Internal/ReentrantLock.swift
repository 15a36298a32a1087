import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock of one machine word, stored inline in its owner, that the thread holding it may take
/// again: the word is the holder's thread id (0 when free) plus a "someone waits" bit.
///
/// It replaces a separately allocated pthread mutex plus an owner field in objects that exist
/// once per subscription (80 bytes less each). Taking and releasing it uncontended is one
/// compare-and-swap and one exchange; a thread that finds it held sleeps on one of a few shared
/// condition variables (a parking lot chosen by the owner object's address) until it is released.
/// Package access: the companion modules' objects (`ConduitTesting`'s virtual clock) use it too.
@usableFromInline
package struct ReentrantLock: ~Copyable, @unchecked Sendable {
    /// The holder's thread id, with bit 0 set while a thread waits; 0 when free.
    @usableFromInline let word = Atomic<UInt>(0)

    @inlinable
    package init() {}

    /// The calling thread's id: never 0, and with bit 0 clear (a thread descriptor's address).
    @inlinable
    static var currentThread: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    /// Runs `body` holding the lock and returns its result; a thread that already holds it runs
    /// `body` at once. `owner` is the object the lock lives in: it picks the parking lot when the
    /// lock is contended.
    @inlinable
    func withLock<T>(owner: AnyObject, _ body: () -> T) -> T {
        let me = ReentrantLock.currentThread
        if word.load(ordering: .relaxed) & ~1 == me {
            return body()
        }
        if !word.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged {
            lockContended(me, owner: owner)
        }
        let result = body()
        if word.exchange(0, ordering: .releasing) & 1 != 0 {
            ParkingLot.spot(for: owner).wakeAll()
        }
        return result
    }

    /// Whether the calling thread holds the lock (it is inside a `withLock` call).
    @inlinable
    var isHeldByCurrentThread: Bool {
        word.load(ordering: .relaxed) & ~1 == ReentrantLock.currentThread
    }

    /// Like `withLock(owner:_:)`, and when this call took the lock (rather than re-entering it
    /// from inside another call that holds it) runs `settle` after `body`, still holding it:
    /// for work that must wait until no call on this thread is using the guarded state.
    @inlinable
    func withLock<T>(owner: AnyObject, _ body: () -> T, settle: () -> Void) -> T {
        let me = ReentrantLock.currentThread
        if word.load(ordering: .relaxed) & ~1 == me {
            return body()
        }
        if !word.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged {
            lockContended(me, owner: owner)
        }
        let result = body()
        settle()
        if word.exchange(0, ordering: .releasing) & 1 != 0 {
            ParkingLot.spot(for: owner).wakeAll()
        }
        return result
    }

    @usableFromInline
    func lockContended(_ me: UInt, owner: AnyObject) {
        let spot = ParkingLot.spot(for: owner)
        while true {
            let seen = word.load(ordering: .relaxed)
            if seen == 0 {
                if word.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged { return }
                continue
            }
            spot.mutex.lock()
            // Mark a waiter only if the word is still what we saw: the releaser, which clears the
            // word first and then takes this spot's mutex to wake us, cannot slip in between.
            if word.compareExchange(expected: seen, desired: seen | 1, ordering: .relaxed).exchanged {
                spot.wait()
            }
            spot.mutex.unlock()
        }
    }
}

/// Shared condition variables for the threads waiting on a `ReentrantLock`, picked by the lock's
/// owner object; a wake-up meant for another lock on the same spot is harmless (waiters re-check).
@usableFromInline
internal enum ParkingLot {
    @usableFromInline
    static let spots: [Spot] = (0..<64).map { _ in Spot() }

    @usableFromInline
    static func spot(for owner: AnyObject) -> Spot {
        let address = UInt(bitPattern: Unmanaged.passUnretained(owner).toOpaque())
        return spots[Int((address >> 4) & 63)]
    }

    @usableFromInline
    final class Spot: @unchecked Sendable {
        let mutex = Lock()
        private let condition: UnsafeMutablePointer<pthread_cond_t>

        init() {
            condition = .allocate(capacity: 1)
            condition.initialize(to: pthread_cond_t())
            Lock.check(pthread_cond_init(condition, nil), "pthread_cond_init")
        }

        /// Waits for a wake-up (or wakes spuriously: callers re-check); call holding `mutex`.
        func wait() {
            Lock.check(pthread_cond_wait(condition, mutex.mutex), "pthread_cond_wait")
        }

        @usableFromInline
        func wakeAll() {
            mutex.lock()
            Lock.check(pthread_cond_broadcast(condition), "pthread_cond_broadcast")
            mutex.unlock()
        }
    }
}
