import Synchronization

/// `ReentrantLock` taken and released as a plain lock, for an owner that never takes it while
/// holding it and releases it before calling out (the engine rule): one compare-and-swap and one
/// exchange per round trip, inline, where an allocated pthread mutex cost about 50 instructions
/// more (callgrind) and a cache line of its own.
extension ReentrantLock {
    /// Takes the lock; the calling thread must not hold it already. `owner` is the object the lock
    /// lives in: it picks the parking lot when the lock is contended.
    @inlinable
    package func lock(owner: AnyObject) {
        let me = ReentrantLock.currentThread
        if !word.compareExchange(expected: 0, desired: me, ordering: .acquiring).exchanged {
            lockContended(me, owner: owner)
        }
    }

    /// Takes the lock if it is free, without waiting; `false` if any thread holds it, the calling
    /// one included (so a caller that holds it keeps to its re-entrant path). Release it with
    /// `unlock(owner:)`.
    @inlinable
    func tryLock() -> Bool {
        word.compareExchange(expected: 0, desired: ReentrantLock.currentThread, ordering: .acquiring).exchanged
    }

    /// Whether some thread holds the lock (acquiring: what the holder did before releasing it
    /// happens before what the caller does after seeing it free).
    @inlinable
    var isLocked: Bool {
        word.load(ordering: .acquiring) != 0
    }

    /// Releases the lock taken with `lock(owner:)`, waking the threads waiting for it.
    @inlinable
    package func unlock(owner: AnyObject) {
        if word.exchange(0, ordering: .releasing) & 1 != 0 {
            ParkingLot.spot(for: owner).wakeAll()
        }
    }
}

extension ReentrantLock {
    /// Runs `body` holding the lock taken as a plain lock (`lock(owner:)`), and returns its result.
    @inlinable
    package func withExclusiveLock<T>(owner: AnyObject, _ body: () throws -> T) rethrows -> T {
        lock(owner: owner)
        defer { unlock(owner: owner) }
        return try body()
    }
}
