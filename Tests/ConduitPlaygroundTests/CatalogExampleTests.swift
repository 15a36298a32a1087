import ConduitPlayground
import Foundation
import XCTest

/// The example on the front page of the library's documentation catalog
/// (Sources/ConduitPlayground/ConduitPlayground.docc/ConduitPlayground.md) runs as it says: its
/// `session.evaluate("...")` lines, evaluated in order in a new session, make the last one print
/// what the example's `// Prints` line says.
final class CatalogExampleTests: XCTestCase {
    func testTheCatalogsExamplePrintsWhatItSays() throws {
        let catalog = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ConduitPlayground/ConduitPlayground.docc/ConduitPlayground.md")
        let text = try String(contentsOf: catalog, encoding: .utf8)
        let example = try XCTUnwrap(text.components(separatedBy: "```swift\n").dropFirst().first?
            .components(separatedBy: "```").first, "no swift example in \(catalog.path)")

        let lines = example.split(separator: "\n").map(String.init)
        let statements = lines.compactMap { line -> String? in
            guard let start = line.range(of: "session.evaluate(\""),
                let end = line.range(of: "\")", options: .backwards)
            else { return nil }
            return String(line[start.upperBound ..< end.lowerBound])
        }
        let printsLine = try XCTUnwrap(lines.first { $0.hasPrefix("// Prints ") }, "no // Prints line")
        let expected = printsLine.components(separatedBy: "\"").dropFirst().first
        XCTAssertEqual(statements.count, 3, "the example's statements: \(statements)")

        let session = Session()
        var last: [OutputRecord] = []
        for statement in statements {
            last = session.evaluate(statement)
            XCTAssertFalse(last.contains { $0.kind == .error }, "\(statement): \(last)")
        }
        XCTAssertEqual(last.map(\.text), [try XCTUnwrap(expected)])
    }
}
