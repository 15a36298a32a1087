import Foundation
import Synchronization
import XCTest
@testable import Conduit

/// Direct tests of `Lock`, the engine's plain mutual-exclusion lock.
final class LockTests: XCTestCase {
    /// A counter that is only ever touched holding `lock`, plus a flag that catches two threads
    /// inside at once (the counter alone could come out right by luck).
    private final class Guarded: @unchecked Sendable {
        let lock = Lock()
        var count = 0
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)

        func increment() {
            lock.withLock {
                if inside.add(1, ordering: .relaxed).newValue != 1 { overlaps.add(1, ordering: .relaxed) }
                count += 1
                inside.subtract(1, ordering: .relaxed)
            }
        }
    }

    func testOnlyOneThreadIsInsideAtATime() {
        let guarded = Guarded()
        ThreadRunner.run(threads: 4) { _ in
            for _ in 0..<5_000 { guarded.increment() }
        }
        XCTAssertEqual(guarded.lock.withLock { guarded.count }, 20_000)
        XCTAssertEqual(guarded.overlaps.load(ordering: .relaxed), 0)
    }

    func testWithLockReturnsTheBodysResult() {
        let lock = Lock()
        XCTAssertEqual(lock.withLock { 6 * 7 }, 42)
    }

    func testWithLockReleasesWhenTheBodyThrows() {
        struct Failure: Error {}
        let lock = Lock()
        XCTAssertThrowsError(try lock.withLock { throw Failure() })
        XCTAssertEqual(pthread_mutex_trylock(lock.mutex), 0, "the lock was left held")
        lock.unlock()
    }

    func testAHeldLockIsNotTakenByAnotherThread() {
        let lock = Lock()
        lock.lock()
        let taken = Atomic<Bool>(false)
        let finished = ThreadRunner.start {
            if pthread_mutex_trylock(lock.mutex) == 0 {
                taken.store(true, ordering: .relaxed)
                lock.unlock()
            }
        }
        finished.wait()
        lock.unlock()
        XCTAssertFalse(taken.load(ordering: .relaxed))
    }

    func testAThreadWaitingForTheLockProceedsWhenItIsReleased() {
        let lock = Lock()
        let entered = Atomic<Bool>(false)
        lock.lock()
        let finished = ThreadRunner.start {
            lock.withLock { entered.store(true, ordering: .relaxed) }
        }
        // The waiter cannot get in while we hold the lock, however long we hold it.
        usleep(20_000)
        XCTAssertFalse(entered.load(ordering: .relaxed))
        lock.unlock()
        XCTAssertEqual(finished.wait(timeout: .now() + 30), .success)
        XCTAssertTrue(entered.load(ordering: .relaxed))
    }

    #if DEBUG
    func testDebugBuildsUseAnErrorCheckingMutex() {
        // Taking it again on the holding thread is reported (EDEADLK) rather than hanging, so a
        // mistaken re-entry fails a test run instead of freezing it.
        let lock = Lock()
        lock.lock()
        XCTAssertEqual(pthread_mutex_lock(lock.mutex), EDEADLK)
        lock.unlock()
    }
    #endif
}
