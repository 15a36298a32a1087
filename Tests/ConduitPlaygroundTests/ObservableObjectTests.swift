import XCTest

@testable import ConduitPlayground

/// Objects with `@Published` properties, built on the engine's `Published` and
/// `ObservableObjectPublisher`: the order of events is Combine's.
final class ObservableObjectTests: SessionTestCase {
    /// Lines a statement printed, without the informational ones.

    func testPublishedPropertyGivesItsCurrentValueOnSubscribeThenEachNewOne() {
        type("class Player: ObservableObject { @Published var currentSong = \"not playing\" }")
        type("let player = Player()")
        XCTAssertEqual(printed("print(\"Will subscribe\")"), ["Will subscribe"])
        XCTAssertEqual(
            printed("let kept1 = player.$currentSong.sink { print(\"Received value: \\($0)\") }"),
            ["Received value: not playing"])
        XCTAssertEqual(printed("print(\"Did subscribe\")"), ["Did subscribe"])
        XCTAssertEqual(
            printed("player.currentSong = \"Civilization Collapse\""), ["Received value: Civilization Collapse"])
    }

    func testCompoundAssignmentUpdatesThePropertyOnceThroughPublished() {
        type("class Counter: ObservableObject { @Published var count = 1 }")
        type("let counter = Counter()")
        type("let kept2 = counter.$count.sink { print(\"count \\($0)\") }")
        XCTAssertEqual(printed("counter.count += 4"), ["count 5"])
        XCTAssertEqual(printed("counter.count *= 3"), ["count 15"])
        XCTAssertEqual(printed("counter.count -= 1"), ["count 14"])
        XCTAssertEqual(printed("counter.count /= 2"), ["count 7"])
        XCTAssertEqual(printed("counter.count %= 4"), ["count 3"])
        XCTAssertTrue(error("counter.count /= 0").contains("division by zero"))
        XCTAssertEqual(printed("counter.count"), ["3"], "a failed update leaves the property as it was")
    }

    func testObjectWillChangeFiresBeforeTheValueIsStored() {
        type("object player { @Published currentSong = \"a\" }")
        type("let kept3 = player.objectWillChange.sink { print(\"will change, still \\(player.currentSong)\") }")
        type("let kept4 = player.$currentSong.sink { "
            + "print(\"$currentSong sends \\($0), property is \\(player.currentSong)\") }")
        XCTAssertEqual(
            printed("player.currentSong = \"b\""), ["will change, still a", "$currentSong sends b, property is a"])
        XCTAssertEqual(printed("player.currentSong"), ["\"b\""])
    }

    func testPlainPropertiesAnnounceNothing() {
        type("object player { @Published song = 1; name = \"jukebox\" }")
        type("sink w = player.objectWillChange")
        XCTAssertEqual(values("player.name = \"radio\""), [])
        XCTAssertEqual(values("player.song = 2"), ["w ← ()"])
        XCTAssertEqual(printed("player.name"), ["\"radio\""])
    }

    func testAssignToAPropertyOnAnObjectWritesThroughPublished() {
        type("object player { @Published volume = 0 }")
        type("subject knob")
        type("sink v = player.$volume")
        type("sink a = knob.map { $0 * 10 }.assign(to: \\.volume, on: player)")
        XCTAssertEqual(values("send knob 3"), ["v ← 30"])
        XCTAssertEqual(printed("player.volume"), ["30"])
    }

    func testAssignToAProjectedPropertyLivesWithTheProperty() {
        type("object player { @Published volume = 0 }")
        type("subject knob")
        type("sink v = player.$volume")
        type("knob.map { $0 + 1 }.assign(to: &player.$volume)")
        XCTAssertEqual(values("send knob 4"), ["v ← 5"])
    }

    func testAParentForwardsItsChildsChanges() {
        type("class Child: ObservableObject { @Published var name = \"\" }")
        type("class Parent: ObservableObject { @Published var child = Child() }")
        type("let parent = Parent()")
        type("sink p = parent.objectWillChange")
        XCTAssertEqual(values("parent.child.name = \"Ada\""), [])
        type("let kept5 = parent.child.objectWillChange.sink { _ in parent.objectWillChange.send() }")
        XCTAssertEqual(values("parent.child.name = \"Grace\""), ["p ← ()"])
        XCTAssertEqual(printed("parent.child.name"), ["\"Grace\""])
    }

    func testAnUnknownPropertyIsPointedAtWithASuggestion() {
        type("object player { @Published currentSong = \"x\" }")
        let message = error("player.currentSogn = \"y\"")
        XCTAssertTrue(message.contains("player has no property `currentSogn`; did you mean `currentSong`?"), message)
        XCTAssertTrue(error("sink s = player.$currentSogn").contains("did you mean `$currentSong`?"))
        XCTAssertEqual(printed("player.currentSong"), ["\"x\""], "the object is unchanged")
    }

    func testAPlainPropertyHasNoPublisher() {
        type("object player { name = \"x\" }")
        XCTAssertTrue(error("sink s = player.$name").contains("`name` of player is not @Published"))
    }

    func testACycleOfObjectsIsRefused() {
        type("object a { @Published other = nil }")
        type("object b { @Published other = nil }")
        type("a.other = b")
        let message = error("b.other = a")
        XCTAssertTrue(message.contains("cycle of objects"), message)
        XCTAssertTrue(error("a.other = a").contains("cycle of objects"))
        XCTAssertTrue(error("a.other = [b, {inner: a}]").contains("cycle of objects"), "through arrays and records too")
        XCTAssertEqual(printed("b.other"), ["nil"])
    }

    func testSubsAndInspectShowObjectsPropertiesAndWatchers() {
        type("object player { @Published song = \"a\"; name = \"jukebox\" }")
        type("sink s = player.$song")
        let inspected = type("inspect player").joined(separator: "\n")
        XCTAssertTrue(inspected.contains("@Published song = \"a\""), inspected)
        XCTAssertTrue(inspected.contains("name = \"jukebox\""), inspected)
        XCTAssertTrue(inspected.contains("watched by: s"), inspected)
        XCTAssertTrue(type("subs").joined(separator: "\n").contains("watched by s"))
    }

    func testSwiftSubjectConstructionMakesSubjects() {
        type("let taps = PassthroughSubject<String, Never>()")
        type("let isOn = CurrentValueSubject<Bool, Never>(true)")
        type("sink out = taps.combineLatest(isOn).filter { _, on in on }.map { name, _ in name }")
        XCTAssertEqual(values("send taps \"ace\""), ["out ← \"ace\""])
        XCTAssertEqual(values("isOn.send(false)"), [])
        XCTAssertEqual(values("taps.send(\"queen\")"), [])
    }

    func testSubscribeFeedsASubject() {
        type("subject relay")
        type("sink out = relay")
        type("[1, 2].publisher.subscribe(relay)")
        XCTAssertTrue(type("subs").joined().contains("relay"))
        XCTAssertTrue(error("relay.subscribe(relay)").contains("round for ever"))
    }

    func testStoreInCancellablesIsAccepted() {
        type("object player { @Published song = 1 }")
        XCTAssertEqual(printed("player.$song.sink { print($0) }.store(in: &cancellables)"), ["1"])
    }
}

/// Changes that feed themselves through objects and subjects stop with a message instead of
/// overflowing the stack, and the session goes on.
final class FeedbackLoopTests: SessionTestCase {
    func testTwoObjectsAssigningToEachOtherStopWithAMessage() {
        type("object a { @Published x = 1 }")
        type("object b { @Published y = 1 }")
        type("let ab = a.$x.map { $0 + 1 }.assign(to: \\.y, on: b)")
        let output = type("let ba = b.$y.assign(to: \\.x, on: a)").joined(separator: "\n")
        XCTAssertTrue(output.contains("feeds itself"), output)
        XCTAssertEqual(session.evaluate("a.x").filter { $0.kind == .value }.count, 1, "the session still answers")
    }

    func testObjectsForwardingToEachOtherStopWithAMessage() {
        type("object a { @Published x = 1 }")
        type("object b { @Published y = 1 }")
        type("let kept6 = a.objectWillChange.sink { _ in b.objectWillChange.send() }")
        type("let kept7 = b.objectWillChange.sink { _ in a.objectWillChange.send() }")
        XCTAssertTrue(type("a.x = 2").joined(separator: "\n").contains("feeds itself"))
        XCTAssertEqual(type("a.x"), ["2"])
    }

    func testSubjectsSubscribedToEachOtherAreRefusedWhenTheLoopForms() {
        type("subject p")
        type("subject q")
        type("sink seen = q")
        type("p.subscribe(q)")
        // q is fed from p, so feeding q back into p would go round: refused as it forms.
        XCTAssertTrue(type("q.subscribe(p)").joined(separator: "\n").contains("go round for ever"))
        XCTAssertEqual(type("send p 1"), ["seen ← 1"])
    }
}
