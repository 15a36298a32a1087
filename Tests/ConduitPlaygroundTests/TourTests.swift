import Foundation
import XCTest
@testable import ConduitPlayground

/// The guided `tour`: each step is checked by what a line did (not by its text), and the tour can
/// be left, resumed, moved through, and remembered in a file.
final class TourTests: SessionTestCase {
    private var text: (String) -> String {
        { [unowned self] line in type(line).joined(separator: "\n") }
    }

    func testTourStartsAtTheFirstLessonAndAStepPassesByWhatTheLineDid() {
        let start = text("tour")
        XCTAssertTrue(start.hasPrefix("tour lesson 1/8: a first pipeline\n"), start)
        XCTAssertTrue(start.contains("step 1/3: make a subject: `subject taps`"), start)
        // Any subject will do: the step checks the session, not the words typed.
        let made = text("let clicks = PassthroughSubject<Int, Never>()")
        XCTAssertTrue(made.contains("✓ a PassthroughSubject"), made)
        XCTAssertTrue(made.contains("step 2/3: subscribe a sink to it"), made)
        // A line that does not do what the step asks says nothing about the tour.
        XCTAssertFalse(text("send clicks 1").contains("✓"))
        // A line that fails never passes a step.
        XCTAssertTrue(text("sink out = clickz").hasPrefix("error: "))
        XCTAssertTrue(text("sink shown = clicks.filter { $0 > 1 }").contains("✓ the sink is subscribed"))
        let sent = text("send clicks 5")
        XCTAssertTrue(sent.contains("shown ← 5"), sent)
        XCTAssertTrue(sent.contains("✓ the value went through the operators into the sink."), sent)
        XCTAssertTrue(sent.contains("lesson 1 done. tour lesson 2/8: operators"), sent)
    }

    func testTheWholeTourCanBeWalkedWithTheLinesItSuggests() {
        type("tour")
        let lines = [
            "subject taps", "sink out = taps.map { $0 * 2 }", "send taps 21",
            "sink evens = [1, 2, 3, 4].publisher.filter { $0 % 2 == 0 }.map { $0 * 10 }",
            "sink all = [1, 2, 3].publisher.collect()", "types [1, 2, 3].publisher.map { $0 * 10 }.collect()",
            "current level = 1", "sink gauge = level", "let pair = [1, 2].publisher", "sink a = pair", "sink b = pair",
            "sink slow = [1, 2, 3, 4].publisher demand 2", "request slow 1",
            "subject q", "sink s = q.debounce(for: 300ms)", "send q 1", "tick 100ms", "send q 2", "tick 300ms",
            "marbles q s",
            "subject x", "subject y", "sink both = x.combineLatest(y)", "send x 1", "send y \"x\"",
            "sink risky = [1, 0, 2].publisher.tryMap { 10 / $0 }",
            "sink safe = [1, 0, 2].publisher.tryMap { 10 / $0 }.replaceError(with: -1)",
            "class Player: ObservableObject { @Published var song = \"none\" }", "let player = Player()",
            "let watching = player.$song.sink { print(\"now: \\($0)\") }", "player.song = \"Civilization Collapse\"",
        ]
        var passed = 0
        var last = ""
        for line in lines {
            last = text(line)
            XCTAssertFalse(last.hasPrefix("error"), "\(line): \(last)")
            passed += last.split(separator: "\n").filter { $0.hasPrefix("✓ ") }.count
        }
        XCTAssertEqual(passed, TourLessons.all.map(\.steps.count).reduce(0, +))
        XCTAssertTrue(last.contains("the tour is done: all 8 lessons"), last)
        XCTAssertTrue(text("tour list").contains("(8 of 8 done"))
    }

    func testTourCanBeLeftResumedAndMovedThrough() {
        type("tour")
        type("subject taps")
        let off = text("tour off")
        XCTAssertEqual(off, "tour off at lesson 1, step 2; `tour` resumes it")
        XCTAssertFalse(text("sink out = taps").contains("✓"), "the tour is off")
        let resumed = text("tour")
        XCTAssertTrue(resumed.contains("step 2/3: subscribe a sink to it"), resumed)
        // The sink made while the tour was off does not count until a line runs; the next one does.
        XCTAssertTrue(text("send taps 1").contains("✓ the sink is subscribed"))
        XCTAssertTrue(text("send taps 2").contains("lesson 1 done."))
        let third = text("tour 3")
        XCTAssertTrue(text("tour").hasPrefix("tour lesson 3/8"), "`tour` shows the step again")
        XCTAssertTrue(third.hasPrefix("tour lesson 3/8: subjects, hot and cold"), third)
        XCTAssertTrue(text("tour next").hasPrefix("tour lesson 4/8: demand"))
        let list = text("tour list")
        XCTAssertTrue(list.contains("  ▸ 4. demand"), list)
        XCTAssertTrue(list.contains("  ✓ 1. a first pipeline"), list)
        XCTAssertTrue(text("tour 8").hasPrefix("tour lesson 8/8"))
        XCTAssertTrue(text("tour next").hasPrefix("that was the last lesson"))
    }

    func testBadTourArgumentsAreAnsweredWithACaret() {
        type("subject taps")
        let tooFar = error("tour 9").split(separator: "\n").map(String.init)
        XCTAssertEqual(tooFar, ["error: there are 8 lessons: `tour 1` to `tour 8`", "  tour 9", "       ^"])
        let word = error("tour onward").split(separator: "\n").map(String.init)
        XCTAssertTrue(word[0].hasPrefix("error: `tour` takes `next`, `list`, `off` or a lesson number"), word[0])
        XCTAssertEqual(word[2], "       ^^^^^^")
        XCTAssertNotNil(session.interpreter.entries["taps"])
    }

    func testProgressIsRememberedInItsFileAcrossSessions() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tour-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        session.rememberTour(in: file)
        type("tour 2")
        type("sink evens = [1, 2, 3, 4].publisher.filter { $0 % 2 == 0 }.map { $0 * 10 }")
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertEqual(saved, "lesson 2\nstep 2\ndone \n")
        let next = Session()
        next.rememberTour(in: file)
        XCTAssertEqual(next.tourResumeHint,
            "Your tour is at lesson 2, step 2 (0 of 8 lessons done): `tour` resumes it.")
        XCTAssertNil(Session().tourResumeHint, "no file, no hint")
        let resumed = next.evaluate("tour").map(\.text).joined(separator: "\n")
        XCTAssertTrue(resumed.hasPrefix("tour lesson 2/8: operators"), resumed)
        XCTAssertTrue(resumed.contains("step 2/3: use one that waits for the end"), resumed)
        // A file that does not hold a tour is the start of it.
        try "nonsense".write(toFile: file, atomically: true, encoding: .utf8)
        let fresh = Session()
        fresh.rememberTour(in: file)
        XCTAssertTrue(fresh.evaluate("tour").map(\.text).joined().hasPrefix("tour lesson 1/8"))
    }
}
