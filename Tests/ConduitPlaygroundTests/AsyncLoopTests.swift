import XCTest

@testable import ConduitPlayground

/// `for await V in PUBLISHER.values { ... }`: what an async loop over the publisher receives.
final class AsyncLoopTests: SessionTestCase {
    func testALoopOverASequenceRunsItsBodyForEachValueThenEnds() {
        XCTAssertEqual(
            type("for await n in [1, 2, 3].publisher.values { print(n * 10) }"),
            ["10", "20", "30", "loop1 ✓ finished"]
        )
    }

    func testALoopOverAPublishedPropertyGetsTheCurrentValueThenEachChange() {
        type("object player { @Published song = \"a\" }")
        XCTAssertEqual(type("for await song in player.$song.values { print(\"now \\(song)\") }"), ["now a"])
        XCTAssertEqual(type("player.song = \"b\""), ["now b"])
    }

    func testTheBodysStatementsAndClosuresReadTheLoopsValue() {
        type("let subject = PassthroughSubject<Int, Never>()")
        type("var total = 0")
        type("""
            for await value in subject.values {
                print("got", value)
                let doubled = value * 2
                total += [doubled].map { $0 + value }[0]
            }
            """)
        XCTAssertEqual(printed("subject.send(1)"), ["got 1"])
        XCTAssertEqual(printed("subject.send(2)"), ["got 2"])
        XCTAssertEqual(printed("print(total)"), ["9"], "3 for 1 and 6 for 2: a `let` after a statement keeps the value")
    }

    func testALoopWithoutValuesSaysHowToWriteIt() {
        XCTAssertTrue(error("for await n in [1].publisher { print(n) }").contains("the loop runs over `.values`"))
    }

    func testAFlatMapClosureGivingANumberIsPointedAtWithTheFormToUse() {
        let message = error("sink x = [1].publisher.flatMap { $0 * 2 }")
        XCTAssertTrue(
            message.contains("`flatMap` needs a publisher from its closure, and this one gives a number"), message)
        XCTAssertTrue(message.contains("{ Just($0 * 2) }"), message)
        XCTAssertTrue(message.hasSuffix("^^^^^^^^^^"), message)
    }
}
