import Conduit
import XCTest

/// `ImmediateScheduler` runs every action at once, on the calling thread.
final class ImmediateSchedulerTests: XCTestCase {
    func testRepeatingActionRunsOnceAndAnswersWithTheEmptySubscription() {
        var runs = 0
        let cancellable = ImmediateScheduler.shared.schedule(after: ImmediateScheduler.shared.now, interval: 5) {
            runs += 1
        }
        XCTAssertEqual(runs, 1)
        XCTAssertEqual(String(describing: cancellable), "Empty")
        cancellable.cancel()
        XCTAssertEqual(runs, 1)
    }
}
