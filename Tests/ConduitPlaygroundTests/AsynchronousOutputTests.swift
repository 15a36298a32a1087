import Dispatch
import Synchronization
import XCTest
@testable import ConduitPlayground

/// Output made on timer threads in real time reaches `asynchronousOutput` while another thread
/// replaces it: the handler is read under a lock (the thread sanitizer reported the unguarded read).
final class AsynchronousOutputTests: SessionTestCase {
    func testTheOutputHandlerCanBeReplacedWhileTimersDeliver() {
        let delivered = Atomic<Int>(0)
        let arrived = DispatchSemaphore(value: 0)
        session.asynchronousOutput = { _ in
            if delivered.add(1, ordering: .relaxed).newValue == 1 { arrived.signal() }
        }
        type("clock real")
        type("sink fast = timer(1ms)")
        // Replace the handler over and over while the timer's output is being handed to it.
        for _ in 0..<2_000 {
            session.asynchronousOutput = { _ in
                if delivered.add(1, ordering: .relaxed).newValue == 1 { arrived.signal() }
            }
        }
        XCTAssertEqual(arrived.wait(timeout: .now() + 10), .success, "no timer output arrived")
        type("cancel fast")
        session.asynchronousOutput = nil
        XCTAssertGreaterThan(delivered.load(ordering: .relaxed), 0)
    }
}
