import Foundation
import XCTest
@testable import ConduitPlayground
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `marbles --html`: one self-contained page with every diagram of the session.
final class MarblePageTests: SessionTestCase {
    private func writePage(_ line: String) throws -> (output: [String], page: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID()).html").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = type(line.replacingOccurrences(of: "FILE", with: path))
        return (output, try String(contentsOfFile: path, encoding: .utf8))
    }

    /// The `data-name` of every lane drawn on the page, in order.
    private func laneNames(in page: String) -> [String] {
        page.components(separatedBy: "<g class=\"lane\" data-name=\"").dropFirst().compactMap {
            $0.split(separator: "\"").first.map(String.init)
        }
    }

    func testThePageIsWellFormedSelfContainedAndHasEveryLane() throws {
        type("subject q")
        type("sink s = q.map { $0 * 2 } demand 1")
        type(#"cold c = "-a-|" {a: "ace"}"#)
        type("sink t = c")
        type("let doubled = q.map { $0 * 2 }")
        type(#"hot q "1-2-|""#)
        type("tick 1s")
        let (output, page) = try writePage(#"marbles --html "FILE" --demand"#)
        XCTAssertEqual(output.first?.hasSuffix("(5 names, 4 lanes)"), true, output.joined(separator: "\n"))
        XCTAssertTrue(XMLParser(data: Data(page.utf8)).parse(), "well-formed XHTML")
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
        for outside in ["<script", "<link", "@import", "url(", "http://fonts", "src=\""] {
            XCTAssertFalse(page.contains(outside), "nothing from outside the page: \(outside)")
        }
        // Each lane twice: in the overview and in its name's own picture.
        XCTAssertEqual(laneNames(in: page), ["q", "s", "c:1", "t", "q", "s", "c:1", "t"])
        XCTAssertEqual(page.components(separatedBy: "class=\"demand\"").count - 1, 2, "the sinks' demand lanes")
        XCTAssertTrue(page.contains("pipeline: map ← q"), "a pipeline without lanes is listed with its chain")
        XCTAssertTrue(page.contains("<pre>s        sink  finished  requested 1  delivered 1"), "the subscription tree")
    }

    func testThePageCanHoldChosenNamesOnly() throws {
        type("subject q")
        type("sink s = q")
        type("subject other")
        type("send q 1; send other 2")
        let (_, page) = try writePage(#"marbles s --html "FILE""#)
        XCTAssertEqual(laneNames(in: page), ["s"])
        XCTAssertTrue(XMLParser(data: Data(page.utf8)).parse())
    }

    func testMistakesInThePageCommandArePointedAt() {
        type("subject q")
        XCTAssertTrue(error("marbles").contains("(or `marbles --html \"session.html\"` for every name)"))
        XCTAssertTrue(error("marbles --html").contains("`--html` needs a file name in double quotes"))
        XCTAssertTrue(error(#"marbles q --svg "a.svg" --html "b.html""#).contains("choose one"))
        XCTAssertTrue(error(#"marbles q --html "/nonexistent/dir/x.html""#).contains("cannot write"))
    }
}
