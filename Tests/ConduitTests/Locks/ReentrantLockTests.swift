import Foundation
import Synchronization
import XCTest
@testable import Conduit

/// Direct tests of `ReentrantLock`: one inline word (the holder's thread id plus a waiter bit)
/// with threads that find it held parked on a shared condition variable.
final class ReentrantLockTests: XCTestCase {
    /// An object holding a lock, as the engine's subscriptions do; `count` is touched only holding it.
    private final class Owner: @unchecked Sendable {
        let lock = ReentrantLock()
        var count = 0
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)

        var word: UInt { lock.word.load(ordering: .acquiring) }

        func withLock<T>(_ body: () -> T) -> T { lock.withLock(owner: self, body) }

        /// Increments holding the lock, taking it again `depth` times on the way in.
        func increment(depth: Int) {
            withLock {
                if depth > 0 {
                    increment(depth: depth - 1)
                    return
                }
                if inside.add(1, ordering: .relaxed).newValue != 1 { overlaps.add(1, ordering: .relaxed) }
                count += 1
                inside.subtract(1, ordering: .relaxed)
            }
        }
    }

    func testTheWordIsFreeUntilTakenAndFreeAgainAfter() {
        let owner = Owner()
        XCTAssertEqual(owner.word, 0)
        let seen = owner.withLock { owner.word }
        XCTAssertEqual(seen, ReentrantLock.currentThread)
        XCTAssertEqual(owner.word, 0)
    }

    func testWithLockReturnsTheBodysResult() {
        let owner = Owner()
        XCTAssertEqual(owner.withLock { "inside" }, "inside")
    }

    func testTheHolderMayTakeItAgain() {
        let owner = Owner()
        let depths: [UInt] = owner.withLock {
            let outer = owner.word
            let inner = owner.withLock { owner.withLock { owner.word } }
            // Leaving the inner sections must not release the outer one.
            return [outer, inner, owner.word]
        }
        let me = ReentrantLock.currentThread
        XCTAssertEqual(depths, [me, me, me])
        XCTAssertEqual(owner.word, 0)
    }

    func testOnlyOneThreadIsInsideAtATime() {
        let owner = Owner()
        ThreadRunner.run(threads: 4) { index in
            for step in 0..<5_000 { owner.increment(depth: (index + step) % 3) }
        }
        XCTAssertEqual(owner.withLock { owner.count }, 20_000)
        XCTAssertEqual(owner.overlaps.load(ordering: .relaxed), 0)
        XCTAssertEqual(owner.word, 0)
    }

    func testAWaitingThreadSetsTheWaiterBitAndIsWokenOnRelease() {
        let owner = Owner()
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let holder = ThreadRunner.start {
            owner.withLock {
                holding.signal()
                release.wait()
            }
        }
        holding.wait()
        let holderWord = owner.word
        XCTAssertEqual(holderWord & 1, 0)

        let entered = Atomic<Bool>(false)
        let bitInsideWaiter = Atomic<UInt>(99)
        let waiter = ThreadRunner.start {
            owner.withLock {
                entered.store(true, ordering: .relaxed)
                bitInsideWaiter.store(owner.word & 1, ordering: .relaxed)
            }
        }
        // The waiter parks only after marking the word; until the holder lets go it stays out.
        XCTAssertTrue(ThreadRunner.eventually { owner.word == holderWord | 1 }, "the waiter never set its bit")
        XCTAssertFalse(entered.load(ordering: .relaxed))

        release.signal()
        XCTAssertEqual(holder.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(waiter.wait(timeout: .now() + 30), .success, "the parked waiter was not woken")
        XCTAssertTrue(entered.load(ordering: .relaxed))
        // It took the lock with a fresh word (no waiter left), and left it free.
        XCTAssertEqual(bitInsideWaiter.load(ordering: .relaxed), 0)
        XCTAssertEqual(owner.word, 0)
    }

    func testAWakeUpMeantForAnotherLockDoesNotLetAWaiterIn() {
        let owner = Owner()
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let holder = ThreadRunner.start {
            owner.withLock {
                holding.signal()
                release.wait()
            }
        }
        holding.wait()
        let entered = Atomic<Bool>(false)
        let waiter = ThreadRunner.start {
            owner.withLock { entered.store(true, ordering: .relaxed) }
        }
        XCTAssertTrue(ThreadRunner.eventually { owner.word & 1 == 1 })
        // Other locks share the parking spot: their releases broadcast to our waiter too.
        for _ in 0..<20 {
            ParkingLot.spot(for: owner).wakeAll()
            usleep(500)
        }
        XCTAssertFalse(entered.load(ordering: .relaxed), "a waiter got in while the lock was held")
        XCTAssertTrue(ThreadRunner.eventually { owner.word & 1 == 1 }, "the woken waiter did not park again")
        release.signal()
        XCTAssertEqual(holder.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(waiter.wait(timeout: .now() + 30), .success)
        XCTAssertTrue(entered.load(ordering: .relaxed))
    }

    func testManyLocksSharingParkingSpotsUnderContention() {
        // More owners than spots, so several locks share each spot's condition variable; every
        // thread takes them in a different order, re-entering some.
        let owners = (0..<96).map { _ in Owner() }
        ThreadRunner.run(threads: 6) { index in
            var generator = SplitMix(seed: UInt64(index + 1))
            for _ in 0..<5_000 {
                let owner = owners[Int(generator.next() % UInt64(owners.count))]
                owner.increment(depth: Int(generator.next() % 3))
            }
        }
        XCTAssertEqual(owners.reduce(0) { total, owner in total + owner.withLock { owner.count } }, 30_000)
        XCTAssertEqual(owners.reduce(0) { $0 + $1.overlaps.load(ordering: .relaxed) }, 0)
        XCTAssertTrue(owners.allSatisfy { $0.word == 0 })
    }

    func testContendedHandOverBetweenTwoThreadsNeverLosesAWakeUp() {
        // Two threads ping-pong a single lock, each waiting for the other's turn inside it: a
        // lost wake-up would leave one parked forever and the run would not finish.
        let owner = Owner()
        let turns = 200
        let finished = Atomic<Int>(0)
        ThreadRunner.run(threads: 2) { index in
            var done = 0
            while done < turns {
                owner.withLock {
                    if owner.count % 2 == index {
                        owner.count += 1
                        done += 1
                    }
                }
            }
            finished.add(1, ordering: .relaxed)
        }
        XCTAssertEqual(finished.load(ordering: .relaxed), 2)
        XCTAssertEqual(owner.withLock { owner.count }, 2 * turns)
    }
}

/// A small deterministic random number generator, so a stress run's schedule of choices is the
/// same every time (only the threads' interleaving varies).
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
