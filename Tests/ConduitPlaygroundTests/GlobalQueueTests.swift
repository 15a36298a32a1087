import Dispatch
import XCTest
@testable import ConduitPlayground

/// `DispatchQueue.global().async { ... }` (issue 28): a global queue is a real thread, whose output
/// arrives as asynchronous output (above the prompt), while `DispatchQueue.main.async` keeps the
/// main queue's order within the line.
final class GlobalQueueTests: AsynchronousOutputTestCase {
    func testGlobalWorkRunsAfterTheLineAndPrintsAsynchronously() {
        // The line holds the session: its thread cannot print within it, only after it.
        XCTAssertEqual(type("DispatchQueue.global().async { print(\"from a thread\") }; print(\"line\")"), ["line"])
        XCTAssertEqual(asynchronous(1), ["from a thread"])
    }

    func testAQualityOfServiceAndAValueFromASinkAreTaken() {
        type("let s = PassthroughSubject<Int, Never>()")
        type("let c = s.sink { v in DispatchQueue.global(qos: .userInitiated).async { print(\"got\", v) } }")
        XCTAssertEqual(type("s.send(1); s.send(2)"), [])
        // Two works on a concurrent queue: either may come first.
        XCTAssertEqual(asynchronous(2).sorted(), ["got 1", "got 2"])
    }

    func testGlobalWorkChangesTheSessionAsItsOwner() {
        type("var n = 0")
        type("DispatchQueue.global().async(execute: { n += 5; print(\"added\") })")
        XCTAssertEqual(asynchronous(1), ["added"])
        XCTAssertEqual(type("print(n)"), ["5"])
    }

    func testTheMainQueueKeepsItsOrderWithinTheLine() {
        XCTAssertEqual(type("DispatchQueue.main.async { print(\"main\") }; print(\"line\")"), ["line", "main"])
        XCTAssertEqual(seen.withLock { $0 }, [])
    }

    func testWhatAGlobalQueueDoesNotRunHereIsSaid() {
        XCTAssertTrue(error("DispatchQueue.global().sync { print(1) }").contains("is not run here"))
        XCTAssertTrue(error("DispatchQueue.global().async print(1)").contains(
            "write `DispatchQueue.global().async { ... }`"))
    }
}
