import XCTest

@testable import ConduitPlayground

/// `b = nil` for `var b: Box? = Box()`: as Swift's ARC does when the last reference goes, the
/// object's `deinit` runs and the `AnyCancellable`s it holds cancel (trial case 43).
final class ObjectReleaseTests: SessionTestCase {
    private func declareBox() {
        type("""
            class Box {
              let s = PassthroughSubject<Int, Never>()
              var cancellable: AnyCancellable?
              init() {
                cancellable = s.sink { print("got", $0) }
              }
              deinit { print("deinit") }
            }
            """)
    }

    func testLettingGoOfTheLastReferenceRunsDeinit() {
        declareBox()
        type("var b: Box? = Box()")
        XCTAssertEqual(valueLines("b?.s.send(1)"), ["got 1"])
        type("b?.cancellable?.cancel()")
        XCTAssertEqual(valueLines("b?.s.send(2)"), [])
        XCTAssertEqual(valueLines("b = nil"), ["deinit"])
        XCTAssertEqual(valueLines("print(\"end\", b == nil)"), ["end true"])
        XCTAssertEqual(valueLines("b?.s.send(3)"), [])
    }

    func testTheSubscriptionItHoldsIsCancelled() {
        type("let source = PassthroughSubject<Int, Never>()")
        type("class Listener { var c: AnyCancellable?; init() { c = source.sink { print(\"heard\", $0) } } }")
        type("var l: Listener? = Listener()")
        XCTAssertEqual(valueLines("source.send(1)"), ["heard 1"])
        XCTAssertEqual(valueLines("l = nil"), [])
        XCTAssertEqual(valueLines("source.send(2)"), [])
    }

    func testAnObjectAnotherNameHoldsIsNotLetGo() {
        declareBox()
        type("var b: Box? = Box()")
        type("let keep = b")
        XCTAssertEqual(valueLines("b = nil"), [])
        XCTAssertEqual(valueLines("keep.s.send(4)"), ["got 4"])
    }

    func testAConstantOrNonOptionalObjectIsNotSetToNil() {
        declareBox()
        type("let k = Box()")
        XCTAssertTrue(error("k = nil").contains("'nil' cannot be assigned to `k`"))
        XCTAssertEqual(valueLines("k.s.send(6)"), ["got 6"])
        XCTAssertTrue(type("class Quiet { deinit { NotReadHere.run() } }").joined().contains("class Quiet"))
    }
}
