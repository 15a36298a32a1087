import XCTest
@testable import ConduitPlayground

/// Discoverability: every command and operator has a help page with an example, `help` lists
/// every command, and Tab offers the new names.
final class HelpTests: SessionTestCase {
    func testEveryCommandHasAPageWithAnExampleAndIsListed() {
        let overview = type("help").joined(separator: "\n")
        for command in Parser.commands {
            let page = type("help \(command)")
            XCTAssertTrue(page.contains { $0.hasPrefix("  example: ") }, "help \(command): \(page)")
            let aliased = ["ls": "subs (or ls)", "exit": "quit (or exit)", "let": "let (or var)", "var": "let (or var)"]
            let shown = aliased[command] ?? command
            XCTAssertTrue(overview.contains("\n  \(shown)"), "`help` does not list \(command)")
        }
    }

    func testEveryOperatorHasAPageWithAnExampleThatRuns() {
        session.outputWidth = 1_000  // the pages' content, unwrapped (LayoutTests checks the wrapping)
        let listed = type("help operators").joined(separator: "\n")
        for spec in OperatorTable.all {
            let page = type("help \(spec.name)")
            XCTAssertEqual(page.first?.hasPrefix(".\(spec.name): "), true, "help \(spec.name): \(page)")
            XCTAssertTrue(page.contains("  example: \(spec.example)"))
            XCTAssertTrue(listed.contains("  .\(spec.name) "), "`help operators` does not list \(spec.name)")
        }
        XCTAssertTrue(type("help tryMap").joined().contains("`tryMap` is the same"))
    }

    func testTheOperatorExamplesParse() {
        for spec in OperatorTable.all {
            XCTAssertNoThrow(try Parser.parse(spec.example), spec.example)
        }
    }

    func testSourcesHaveHelp() {
        let sources = type("help sources").joined(separator: "\n")
        for name in ["Just", "Empty", "Fail", "Deferred", "Future", "Record", "Timer.publish", "timer", ".publisher"] {
            XCTAssertTrue(sources.contains(name), "help sources lacks \(name)")
        }
        XCTAssertTrue(type("help Future").contains { $0.hasPrefix("  example: let answer = Future") })
    }

    func testTabOffersTheNewOperatorsSourcesAndCommands() {
        type("subject taps")
        XCTAssertEqual(session.completions(for: "let x = taps.hand", cursor: 17), ["handleEvents"])
        XCTAssertEqual(session.completions(for: "let x = taps.auto", cursor: 17), ["autoconnect"])
        XCTAssertEqual(session.completions(for: "let x = taps.erase", cursor: 18), ["eraseToAnyPublisher"])
        XCTAssertEqual(session.completions(for: "sink x = Fu", cursor: 11), ["Future"])
        XCTAssertEqual(session.completions(for: "conn", cursor: 4), ["connect"])
        XCTAssertEqual(session.completions(for: "help mar", cursor: 8), ["marbles"])
    }

    func testTabOffersTheLabelsOfTheOperatorBeingCalled() {
        type("subject taps")
        XCTAssertEqual(session.completions(for: "let x = taps.handleEvents(receiveO", cursor: 34), ["receiveOutput:"])
        XCTAssertEqual(session.completions(for: "let x = taps.buffer(size: 2, pre", cursor: 32), ["prefetch:"])
        XCTAssertEqual(session.completions(for: "let x = taps.map { $0 }.debounce(f", cursor: 34), ["fail", "false",
            "for:"])
        XCTAssertEqual(session.completions(for: "let x = taps.map { [1, 2] }.output(i", cursor: 36), ["in:"])
        XCTAssertEqual(session.completions(for: "let x = taps.map { f", cursor: 20), ["fail", "false"],
            "inside a closure there are no labels")
    }
}
