import XCTest
@testable import ConduitPlayground

/// The sources a pipeline starts from, in their Swift spellings: `Just`, `Empty`, `Fail`,
/// `Deferred`, `Future`, `Record`.
final class SourceTests: SessionTestCase {
    func testJustEmptyAndFail() {
        XCTAssertEqual(values("sink a = Just(5)"), ["a ← 5", "a ✓ finished"])
        XCTAssertEqual(values("sink b = Empty()"), ["b ✓ finished"])
        XCTAssertEqual(values("sink c = Empty(completeImmediately: false)"), [])
        XCTAssertEqual(type("inspect c").filter { $0.contains("state") }, ["  state:    active"])
        XCTAssertEqual(values("sink d = Fail(error: \"offline\")"), ["d ✗ failed: offline"])
        XCTAssertEqual(values("sink e = Fail(\"offline\").replaceError(with: 0)"), ["e ← 0", "e ✓ finished"])
        XCTAssertTrue(error("sink f = Fail(error: 3)").contains(
            "argument type 'Int' does not conform to expected type 'Error'"))
        XCTAssertTrue(error("sink g = Empty(completeImmediately: 1)").contains("true or false"))
    }

    func testDeferredBuildsThePipelineForEachSubscriber() {
        type("current n = 1")
        type("let later = Deferred { n.map { $0 * 10 } }")
        XCTAssertEqual(values("sink a = later"), ["a ← 10"])
        XCTAssertEqual(values("send n 2"), ["a ← 20"])
        XCTAssertEqual(values("sink b = later"), ["b ← 20"])
        XCTAssertTrue(error("let bad = Deferred { nobody }").contains("unknown subject or pipeline `nobody`"))
    }

    func testFutureResolvesOnceWhenCreatedAndReplaysToEverySubscriber() {
        type("let answer = Future(after: 1s) { 6 * 7 }")
        type("sink early = answer")
        XCTAssertEqual(values("tick 2s"), ["early ← 42   @1s", "early ✓ finished   @1s"])
        XCTAssertEqual(values("sink late = answer"), ["late ← 42   @2s", "late ✓ finished   @2s"])
        XCTAssertEqual(values("sink now = Future { \"ready\" }"), ["now ← \"ready\"   @2s", "now ✓ finished   @2s"])
        XCTAssertTrue(error("let f = Future { $0 }").contains("only means something inside a closure"))
    }

    func testRecordReplaysItsValuesAndCompletion() {
        XCTAssertEqual(values("sink r = Record(output: [1, 2], completion: .finished)"), ["r ← 1", "r ← 2",
            "r ✓ finished"])
        XCTAssertEqual(values("sink f = Record(output: [3], completion: .failure(\"late\"))"), ["f ← 3",
            "f ✗ failed: late"])
        XCTAssertEqual(values("sink d = Record(output: []) demand 1"), ["d ✓ finished"])
        XCTAssertTrue(error("sink x = Record(output: [1], completion: .later)").contains("`.finished` or `.failure"))
    }

    func testSourceNamesAreReserved() {
        XCTAssertTrue(error("subject Just").contains("reserved word"))
        XCTAssertTrue(error("let Timer = Just(1)").contains("reserved word"))
    }
}
