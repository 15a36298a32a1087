import Foundation
import XCTest
@testable import ConduitPlayground
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Demand made visible: requested, delivered and outstanding per subscription in `subs`,
/// `inspect` and traces, what subjects dropped for lack of demand, and the demand lane.
final class DemandVisibilityTests: SessionTestCase {
    private func backPressure() {
        type("subject q")
        type("sink s = q demand 2")
        type("sink t = q.map { $0 }")
        type("send q 1; tick 100ms; send q 2; tick 100ms; send q 3; tick 100ms")
        type("request s 12")
        type("tick 100ms; send q 4")
    }

    func testSubsShowsEachSinksRequestedDeliveredAndOutstandingDemand() {
        backPressure()
        let tree = type("subs")
        XCTAssertEqual(tree[0], "s  sink  active  requested 14  delivered 3  outstanding 11  ← q")
        XCTAssertEqual(tree[1], "  q  PassthroughSubject (2 live sinks)  dropped 1 (no demand)")
        XCTAssertEqual(tree[2], "t  sink  active  requested unlimited  delivered 4  ← q.map { $0 }")
    }

    func testInspectShowsEverySubscriptionOfASubjectAndWhatItMissed() {
        backPressure()
        XCTAssertEqual(type("inspect q"), [
            "q: PassthroughSubject", "  live sinks reading it: 2", "  subscriptions:",
            "    s: requested 14  delivered 3  outstanding 11  dropped 1", "    t: requested unlimited  delivered 4",
            "  dropped for lack of demand: 1",
        ])
        XCTAssertEqual(type("inspect s").filter { $0.hasPrefix("  requested") || $0.hasPrefix("  delivered")
            || $0.hasPrefix("  outstanding") }, ["  requested: 14 so far", "  delivered: 3", "  outstanding: 11"])
    }

    func testACancelledSubscriptionIsNoLongerListedAndMissesNothing() {
        backPressure()
        type("cancel s")
        type("send q 5")
        XCTAssertEqual(type("inspect q").filter { $0.hasPrefix("    ") }, ["    t: requested unlimited  delivered 5"])
        XCTAssertTrue(type("subs").contains("  q  PassthroughSubject (1 live sink)  dropped 1 (no demand)"))
    }

    func testTheDemandLaneShowsTheOutstandingDemandUnderTheSink() {
        backPressure()
        XCTAssertEqual(type("marbles q s --demand"), [
            "q       1   2 3-  4", "s       (^1)2 --  4", "demand  1   0  12 11", "(one column per 100ms)",
        ])
        type("sink u = q")
        XCTAssertEqual(Array(type("marbles u --demand").prefix(2)), ["u       ----^", "demand      ∞"])
    }

    func testTheDemandLaneIsDrawnInThePicture() throws {
        backPressure()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("demand-\(UUID()).svg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        type("marbles q s --demand --svg \"\(path)\"")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(XMLParser(data: Data(svg.utf8)).parse())
        XCTAssertEqual(svg.components(separatedBy: "class=\"demand\"").count - 1, 1)
        XCTAssertEqual(svg.components(separatedBy: "class=\"level\"").count - 1, 4, "one label per change")
        XCTAssertTrue(svg.contains("<polyline"))
    }

    func testADemandLaneNeedsASink() {
        type("subject q")
        let message = error("marbles q --demand")
        XCTAssertTrue(message.contains("`--demand` draws a sink's demand; none of these is a sink"), message)
        XCTAssertTrue(error("marbles q --demand 2").contains("does not take `2`"))
    }
}
