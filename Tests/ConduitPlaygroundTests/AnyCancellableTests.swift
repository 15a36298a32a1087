import XCTest

@testable import ConduitPlayground

/// The `AnyCancellable` a subscription made in a method gives, as Swift's behaves: `cancel()` ends
/// the subscription, and so does letting go of it (`cancellable = nil`, `cancellables.removeAll()`).
final class AnyCancellableTests: SessionTestCase {
    func testCancelThroughAnOptionalProperty() {
        type("""
            class Box {
                let s = PassthroughSubject<Int, Never>()
                var cancellable: AnyCancellable?
                init() { cancellable = s.sink { print("got", $0) } }
                func stop() { cancellable?.cancel() }
            }
            """)
        type("let b = Box()")
        XCTAssertEqual(printed("b.s.send(1)"), ["got 1"])
        type("b.cancellable?.cancel()")
        XCTAssertEqual(printed("b.s.send(2)"), [], "cancelled through the property")
        type("let c = Box()")
        type("c.stop()")
        XCTAssertEqual(printed("c.s.send(3)"), [], "cancelled in a method")
    }

    func testRemovingEveryCancellableOfASetCancelsThem() {
        type("""
            class Ticker {
                let subject = PassthroughSubject<Int, Never>()
                var cancellables = Set<AnyCancellable>()
                func start() { subject.sink { print("received", $0) }.store(in: &cancellables) }
                func stop() { cancellables.removeAll() }
            }
            """)
        type("let t = Ticker()")
        type("t.start()")
        XCTAssertEqual(printed("t.subject.send(1)"), ["received 1"])
        XCTAssertEqual(printed("print(t.cancellables.count)"), ["1"])
        XCTAssertEqual(printed("t.start()"), [], "`store(in:)` gives nothing to print")
        XCTAssertEqual(printed("t.subject.send(2)"), ["received 2", "received 2"])
        type("t.stop()")
        XCTAssertEqual(printed("t.subject.send(3)"), [])
    }

    func testAssigningNilToTheOnlyHolderCancels() {
        type("""
            class Watcher {
                @Published var value = 0
                var cancellable: AnyCancellable?
                init() { cancellable = $value.dropFirst().sink { print("value", $0) } }
                func forget() { cancellable = nil }
            }
            """)
        type("let w = Watcher()")
        XCTAssertEqual(printed("w.value = 1"), ["value 1"])
        type("w.forget()")
        XCTAssertEqual(printed("w.value = 2"), [])
    }
}
