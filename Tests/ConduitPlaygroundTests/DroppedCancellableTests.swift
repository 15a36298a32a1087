import XCTest

@testable import ConduitPlayground

/// A subscription whose `AnyCancellable` is not kept (`subject.sink { ... }` as a statement of its
/// own): Swift frees it at once, which cancels the subscription, so what is sent later is not
/// received; what arrives while subscribing is. The playground says so once, at that statement.
final class DroppedCancellableTests: SessionTestCase {
    private let note = "note: the AnyCancellable that `sink` returns is not kept, so the subscription ends at once "
        + "(later values are not received); keep it: `let c = ...` or `.store(in: &cancellables)`"

    func testABareSinkOnASubjectEndsAtOnceAndSaysWhatWouldKeepIt() {
        type("let s = PassthroughSubject<Int, Never>()")
        let records = session.evaluate("s.sink { print($0) }")
        XCTAssertEqual(records.map(\.text), [note])
        XCTAssertEqual(records.first?.kind, .info)
        XCTAssertEqual(printed("s.send(1)"), [])
        XCTAssertEqual(session.evaluate("s.send(2)").map(\.text), [], "the note is said once, at the statement")
    }

    func testWhatArrivesWhileSubscribingIsStillPrintedAndAFinishedSubscriptionNeedsNoNote() {
        XCTAssertEqual(type("Just(5).sink { print($0) }"), ["5", "sink1 ✓ finished"])
        type("current level = 3")
        XCTAssertEqual(type("level.sink { print(\"level\", $0) }"), ["level 3", note])
        XCTAssertEqual(printed("send level 4"), [])
    }

    func testAKeptCancellableAndThePlaygroundsSinkCommandKeepTheirSubscriptions() {
        type("let s = PassthroughSubject<Int, Never>()")
        type("var cancellables = Set<AnyCancellable>()")
        XCTAssertEqual(type("let c = s.sink { print(\"c\", $0) }"), [])
        XCTAssertEqual(type("s.sink { print(\"stored\", $0) }.store(in: &cancellables)"), [])
        type("sink out = s")
        XCTAssertEqual(values("s.send(1)"), ["c 1", "stored 1", "out ← 1"])
    }

    func testAssignToOnDropsItsCancellableAndAssignToAPublishedPropertyDoesNot() {
        type("class Box { var n = 0 }")
        type("let box = Box()")
        type("let s = PassthroughSubject<Int, Never>()")
        XCTAssertEqual(type("s.assign(to: \\.n, on: box)"), [note.replacingOccurrences(of: "`sink`",
            with: "`assign(to:on:)`")])
        type("s.send(7)")
        XCTAssertEqual(printed("print(box.n)"), ["0"])
        type("class Model: ObservableObject { @Published var n = 0 }")
        type("let model = Model()")
        XCTAssertFalse(type("s.assign(to: &model.$n)").contains { $0.hasPrefix("note:") })
        type("s.send(8)")
        XCTAssertEqual(printed("print(model.n)"), ["8"])
    }

    func testABareSinkInAMethodEndsWhenTheMethodsStatementEndsAndIsNotedOnce() {
        type("let s = PassthroughSubject<Int, Never>()")
        type("class Listener { func listen() { s.sink { print(\"heard\", $0) } } }")
        type("let l = Listener()")
        let listened = type("l.listen()")
        XCTAssertTrue(listened.contains(note))
        XCTAssertFalse(listened.contains("AnyCancellable"), "a method without `->` returns (): \(listened)")
        XCTAssertEqual(printed("s.send(1)"), [])
        XCTAssertFalse(type("l.listen()").contains(note), "said once for that chain")
    }

    func testACancellableAMethodKeepsIsNotNotedAndLettingGoOfItLaterIsNoDrop() {
        type("let s = PassthroughSubject<Int, Never>()")
        type("class Keeper { var c: AnyCancellable? = nil; func keep() { c = s.sink { print(\"kept\", $0) } }; "
            + "func stop() { c = nil } }")
        type("let k = Keeper()")
        XCTAssertFalse(type("k.keep()").contains(note))
        XCTAssertEqual(printed("s.send(1)"), ["kept 1"])
        XCTAssertFalse(type("k.stop()").contains(note))
        XCTAssertEqual(printed("s.send(2)"), [])
    }
}
