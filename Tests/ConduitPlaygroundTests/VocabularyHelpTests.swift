import XCTest

@testable import ConduitPlayground

/// The help of the seeds' vocabulary: objects, notifications and Swift as pasted; every example runs.
final class VocabularyHelpTests: SessionTestCase {
    func testEveryGuidePageExampleRunsInAFreshSession() {
        for page in Help.guidePages {
            let session = Session()
            for example in page.examples {
                let errors = session.evaluate(example).filter { $0.kind == .error }
                XCTAssertEqual(errors, [], "help \(page.name): \(example)")
            }
            XCTAssertTrue(type("help \(page.name)").contains { $0.hasPrefix("  example: ") })
        }
    }

    func testEveryObjectCommandExampleRuns() {
        for spec in ObjectCommands.all {
            let session = Session()
            let errors = session.evaluate(spec.example).filter { $0.kind == .error }
            XCTAssertEqual(errors, [], "help \(spec.name): \(spec.example)")
        }
    }

    func testGuidePagesFitIn120Columns() {
        for page in Help.guidePages {
            for line in type("help \(page.name)") {
                XCTAssertLessThanOrEqual(line.count, 120, line)
            }
        }
    }

    func testTabOffersAnObjectsPropertiesAndPublishers() {
        type("object player { @Published currentSong = \"x\"; name = \"jukebox\" }")
        XCTAssertEqual(session.completions(for: "player.cu", cursor: 9), ["currentSong"])
        XCTAssertEqual(session.completions(for: "sink s = player.$c", cursor: 18), ["currentSong"])
        XCTAssertEqual(session.completions(for: "player.obj", cursor: 10), ["objectWillChange"])
        XCTAssertEqual(session.completions(for: "pla", cursor: 3), ["player"])
        XCTAssertEqual(session.completions(for: "sink s = player.$", cursor: 17), ["currentSong"])
        XCTAssertEqual(session.completions(for: "player.", cursor: 7), ["$currentSong", "currentSong", "name",
            "objectWillChange"])
    }

    /// Completion reads the line with Swift's lexer: a `;` or a `.` inside a string is text, and a
    /// statement after a `;` starts afresh.
    func testTabReadsTheLineAsSwiftDoes() {
        type("subject taps")
        XCTAssertEqual(session.completions(for: "print(\"a; b.\"); se", cursor: 19), ["send"])
        XCTAssertEqual(session.completions(for: "send taps \"x; y\"; can", cursor: 22), ["cancel"])
        XCTAssertEqual(session.completions(for: "let x = taps.map { \"a.b\" }.fi", cursor: 30), ["filter", "first"])
    }
}
