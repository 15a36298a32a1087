import Foundation
import XCTest

@testable import ConduitPlayground

/// docs/playground-reference.md is generated from the command and operator tables; this test fails
/// when the two differ, and `scripts/playground-reference` (CONDUIT_UPDATE_DOCS=1) writes it anew.
final class PlaygroundReferenceTests: XCTestCase {
    private var page: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/playground-reference.md")
    }

    func testTheReferencePageMatchesTheCommandAndOperatorTables() throws {
        let generated = PlaygroundReference.markdown()
        if ProcessInfo.processInfo.environment["CONDUIT_UPDATE_DOCS"] != nil {
            try generated.write(to: page, atomically: true, encoding: .utf8)
        }
        let onDisk = try String(contentsOf: page, encoding: .utf8)
        XCTAssertEqual(
            onDisk, generated, "docs/playground-reference.md is out of date: run scripts/playground-reference"
        )
    }

    func testThePageListsEveryCommandAndOperatorWithItsExample() {
        let generated = PlaygroundReference.markdown()
        for command in CommandTable.all {
            XCTAssertTrue(generated.contains(command.usage), "command \(command.name)")
            XCTAssertTrue(generated.contains(command.example), "example of \(command.name)")
        }
        for spec in OperatorTable.all {
            XCTAssertTrue(generated.contains(spec.summary), "operator \(spec.name)")
        }
    }
}
