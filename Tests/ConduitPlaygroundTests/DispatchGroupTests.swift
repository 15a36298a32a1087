import Dispatch
import XCTest

@testable import ConduitPlayground

/// `DispatchGroup` (enter, leave, `notify(queue:)`) around work on global queues, and
/// `DispatchQueue.global().asyncAfter`, whose work waits on the session's clock.
final class DispatchGroupTests: AsynchronousOutputTestCase {
    func testNotifyRunsOnceAllTheGroupsWorkHasLeft() {
        type("let group = DispatchGroup()")
        type("""
            for i in 1...3 {
                group.enter()
                DispatchQueue.global().async {
                    print("work \\(i)")
                    group.leave()
                }
            }
            group.notify(queue: .main) { print("all done") }
            """)
        let output = asynchronous(4)
        XCTAssertEqual(output.count, 4)
        XCTAssertEqual(output.prefix(3).sorted(), ["work 1", "work 2", "work 3"], "concurrent: any order")
        XCTAssertEqual(output.last, "all done", "after every leave")
    }

    func testNotifyOnAGroupWithNothingOutRunsAfterTheLine() {
        type("let group = DispatchGroup()")
        XCTAssertEqual(printed("group.notify(queue: .main) { print(\"done\") }; print(\"line\")"), ["line", "done"])
        XCTAssertEqual(printed("group.enter(); group.notify(queue: DispatchQueue.main) { print(\"left\") }"), [])
        XCTAssertEqual(printed("group.leave(); print(\"line\")"), ["line", "left"])
        XCTAssertEqual(seen.withLock { $0 }, [])
    }

    func testAGlobalQueuesDelayedWorkWaitsOnTheSessionsClock() {
        XCTAssertEqual(printed("DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { print(\"later\") }"), [])
        XCTAssertEqual(printed("tick 400ms"), [])
        XCTAssertEqual(printed("tick 100ms"), ["later"])
    }

    func testWrongUsesOfAGroupAreRefused() {
        type("let group = DispatchGroup()")
        XCTAssertTrue(error("group.leave()").contains("`leave()` without an `enter()`"))
        XCTAssertTrue(error("let other = DispatchGroup(1)").contains("takes no arguments"))
        XCTAssertTrue(error("print(other)").contains("cannot find `other`"))
        XCTAssertTrue(error("group.notify(queue: .sideways) { print(1) }").contains("group.notify(queue: .main)"))
        type("group.enter()")
        XCTAssertTrue(error("group.wait()").contains("would block"))
        type("let n = 5")
        XCTAssertTrue(error("n.notify(queue: .main) { print(1) }").contains("has no member 'notify'"))
        XCTAssertTrue(error("[1].notify(queue: .main) { print(1) }").contains("is a DispatchGroup's"))
    }
}
