import XCTest
@testable import ConduitPlayground

/// `makeConnectable`, `multicast`, `autoconnect`, `Timer.publish` and the `connect` command.
final class ConnectableTests: SessionTestCase {
    func testMakeConnectableWaitsForConnectAndCancelDisconnects() {
        type("subject n")
        type("let live = n.map { $0 * 10 }.makeConnectable()")
        type("sink a = live; sink b = live")
        XCTAssertEqual(values("send n 1"), [], "nothing flows before connect")
        XCTAssertEqual(type("connect live"), ["live connected"])
        XCTAssertEqual(values("send n 2"), ["a ← 20", "b ← 20"])
        XCTAssertEqual(type("connect live"), ["live is already connected"])
        XCTAssertTrue(type("inspect live").contains("  connectable, connected"))
        XCTAssertEqual(type("cancel live"), ["live disconnected"])
        XCTAssertEqual(values("send n 3"), [])
        XCTAssertEqual(type("cancel live"), ["live is not connected"])
    }

    func testMulticastThroughANewSubjectOrOneYouMade() {
        type("subject n; subject relay")
        type("let shared = n.multicast { PassthroughSubject<Int, Never>() }")
        type("sink a = shared")
        type("connect shared")
        XCTAssertEqual(values("send n 1"), ["a ← 1"])
        type("let through = n.multicast(subject: relay)")
        type("sink r = relay")
        type("connect through")
        XCTAssertEqual(values("send n 2"), ["a ← 2", "r ← 2"])
        XCTAssertTrue(error("let x = n.multicast(subject: shared)").contains("a subject is needed here"))
    }

    func testAutoconnectConnectsAtTheFirstSubscriber() {
        type("subject n")
        type("sink a = n.makeConnectable().autoconnect()")
        XCTAssertEqual(values("send n 1"), ["a ← 1"])
        XCTAssertTrue(error("connect a").contains("nothing to connect"))
        XCTAssertTrue(error("let x = n.autoconnect()").contains("works on a connectable publisher"))
        XCTAssertTrue(error("let y = n.makeConnectable().map { $0 }.autoconnect()").contains("right after"))
    }

    func testTimerPublishIsConnectable() {
        type("sink ticks = Timer.publish(every: 1s, on: .main, in: .common)")
        XCTAssertEqual(values("tick 2s"), [])
        type("connect ticks")
        XCTAssertEqual(values("tick 2s"), ["ticks ← 1   @3s", "ticks ← 2   @4s"])
        type("sink auto = Timer.publish(every: 500ms).autoconnect()")
        XCTAssertEqual(values("tick 1s"), ["auto ← 1   @4500ms", "ticks ← 3   @5s", "auto ← 2   @5s"])
    }

    func testResetDisconnects() {
        type("subject n")
        type("let live = n.makeConnectable(); sink a = live; connect live")
        type("reset")
        XCTAssertTrue(error("connect live").contains("unknown pipeline `live`"))
    }

    func testTimerPublishTakesSwiftsSecondsAndRunLoopArguments() {
        type("let c = Timer.publish(every: 0.5, on: .main, in: .common).autoconnect().sink { print(\"tick\", $0) }")
        XCTAssertEqual(values("tick 1s"), ["tick 1", "tick 2"])
        XCTAssertTrue(error("let t = Timer.publish(every: 0, on: .main, in: .common)").contains("positive duration"))
    }

    func testAConnectionNamedByLetIsCancelledByItsName() {
        type("let ticks = PassthroughSubject<Int, Never>()")
        type("let shared = ticks.makeConnectable()")
        type("let s = shared.sink { print(\"got\", $0) }")
        type("let connection = shared.connect()")
        XCTAssertEqual(values("ticks.send(1)"), ["got 1"])
        type("connection.cancel()")
        XCTAssertEqual(values("ticks.send(2)"), [], "cancelling the connection disconnects the publisher")
    }
}
