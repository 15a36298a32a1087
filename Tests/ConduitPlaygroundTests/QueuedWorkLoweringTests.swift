import XCTest

@testable import ConduitPlayground

/// `DispatchQueue.main.async`, `asyncAfter` and `DispatchQueue.global(...)` read from Swift's tree
/// (`Parser+MainQueue.swift`): the call's deadline and work are where Swift's parser puts them.
final class QueuedWorkLoweringTests: SessionTestCase {
    func testEachWayOfQueueingWork() {
        type("DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1500)) { print(\"late\") }")
        type("DispatchQueue.main.asyncAfter(deadline: .now() + 1) { print(\"soon\") }")
        // The main queue's work runs after the line that queues it.
        XCTAssertEqual(valueLines("DispatchQueue.main.async(execute: { print(\"now\") })"), ["now"])
        XCTAssertEqual(valueLines("tick 1s"), ["soon"])
        XCTAssertEqual(valueLines("tick 1s"), ["late"])
        XCTAssertEqual(
            valueLines("DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now()) { print(\"global\") }"),
            ["global"])
    }

    func testAWrongDeadlineOrWorkSaysHowToWriteIt() {
        XCTAssertTrue(error("DispatchQueue.main.asyncAfter(deadline: 5) { print(1) }").contains("seconds after now"))
        XCTAssertTrue(error("DispatchQueue.main.asyncAfter(deadline: .now() + 1)").contains("takes its work in braces"))
        XCTAssertTrue(error("DispatchQueue.main.async(execute: 5)").contains("takes its work in braces"))
        XCTAssertTrue(error("DispatchQueue.global(priority: 1).async { }").contains("global(qos: .userInitiated)"))
    }
}
