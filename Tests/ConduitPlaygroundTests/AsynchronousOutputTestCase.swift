import Dispatch
import XCTest
@testable import ConduitPlayground

/// Base for tests of work that prints after its line (a global queue's, a group's `notify`): what
/// arrives as asynchronous output (above the prompt) is collected, with a signal per record.
class AsynchronousOutputTestCase: SessionTestCase {
    /// What has arrived so far.
    let seen = LockedValue<[String]>([])
    private let arrived = DispatchSemaphore(value: 0)

    override func setUp() {
        super.setUp()
        session.asynchronousOutput = { [seen, arrived] record in
            seen.withLock { $0.append(record.text) }
            arrived.signal()
        }
    }

    override func tearDown() {
        session.asynchronousOutput = nil
        super.tearDown()
    }

    /// Waits for `count` records of asynchronous output and returns all that arrived.
    func asynchronous(_ count: Int, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        for _ in 0..<count {
            XCTAssertEqual(arrived.wait(timeout: .now() + 10), .success, "the asynchronous output did not arrive",
                file: file, line: line)
        }
        return seen.withLock { $0 }
    }
}
