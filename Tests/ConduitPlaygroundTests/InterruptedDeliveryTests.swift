import Synchronization
import XCTest
@testable import ConduitPlayground

/// Ctrl-C while a flood of values is delivered: delivery stops at the next value, and the sink that
/// was receiving them is cancelled and says so, as `cancel NAME` would have left it.
final class InterruptedDeliveryTests: SessionTestCase {
    func testCtrlCDuringAFloodCancelsTheSinkPartWay() {
        type("var big: [Int] = []")
        type("for i in 0..<40000 { big.append(i) }")
        // Ctrl-C "pressed" once 1,000 values have gone by: the check is asked at each one.
        let asked = Atomic<Int>(0)
        session.setInterruptCheck { asked.add(1, ordering: .relaxed).newValue > 1_000 }
        let records = session.evaluate("sink all = big.publisher")
        session.setInterruptCheck(nil)
        let delivered = records.filter { $0.kind == .value }.count
        XCTAssertGreaterThan(delivered, 0)
        XCTAssertLessThan(delivered, 40_000, "delivery stopped part way")
        XCTAssertLessThan(asked.load(ordering: .relaxed), 1_100, "the publisher stopped: no value went on, dropped")
        let texts = records.map(\.text)
        XCTAssertTrue(
            texts.contains("all ✗ cancelled by Ctrl-C after \(delivered.groupedDigits) values"), "\(texts.suffix(3))")
        XCTAssertFalse(texts.contains { $0.contains("finished") }, "an interrupted sink does not say finished")
        XCTAssertTrue(texts.contains { $0.hasPrefix("interrupted (Ctrl-C)") })
        let inspected = type("inspect all").joined(separator: "\n")
        XCTAssertTrue(inspected.contains("cancelled"), inspected)
        XCTAssertFalse(inspected.contains("finished"), inspected)
        XCTAssertTrue(inspected.contains("\(delivered.groupedDigits)") || inspected.contains("\(delivered)"), inspected)
    }

    func testCtrlCStopsALoopOfAppendsAndKeepsWhatItDid() {
        type("var big: [Int] = []")
        let asked = Atomic<Int>(0)
        session.setInterruptCheck { asked.add(1, ordering: .relaxed).newValue > 3 }
        _ = session.evaluate("for i in 0..<1000000 { big.append(i) }")
        session.setInterruptCheck(nil)
        let count = Int(type("big.count").first ?? "") ?? -1
        XCTAssertGreaterThan(count, 0)
        XCTAssertLessThan(count, 1_000_000)
    }
}
