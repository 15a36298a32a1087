import XCTest
@testable import ConduitPlayground

/// Marble diagrams: aligned lanes, one meaning per symbol, notation that reads back, pictures.
final class MarbleDiagramTests: SessionTestCase {
    func testNoSymbolStandsForTwoValues() {
        type("subject q")
        type(#"send q "a"; tick 200ms; send q "b"; tick 200ms; send q "ab"; tick 200ms; send q 1; tick 200ms; send q 12"#)
        let lines = type("marbles q")
        XCTAssertEqual(lines[0], "q  a-b-c-1-d")
        XCTAssertEqual(lines[1], #"where c = "ab", d = 12"#)
    }

    func testAOneCharacterStringAndANumberThatLookAlikeBothGetLetters() {
        type("subject q")
        type(#"send q 1; tick 100ms; send q "1""#)
        let lines = type("marbles q")
        XCTAssertEqual(lines[0], "q  ab")
        XCTAssertEqual(lines[1], #"where a = 1, b = "1""#)
    }

    func testGroupsKeepOtherLanesAlignedOnTheTimeAxis() {
        type("subject q")
        type("sink d = q.debounce(for: 100ms)")
        type("send q 1; send q 2; tick 500ms; send q 3; tick 500ms")
        let lines = type("marbles q d")
        XCTAssertEqual(lines[0], "q  (12)----3-----")
        XCTAssertEqual(lines[1], "d  -   2----3----")
        // The 2 came out at 100ms, after both inputs: it stands right of the group, in frame 1.
        XCTAssertEqual(lines[1].firstIndex(of: "2")!.utf16Offset(in: lines[1]), 7)
    }

    func testNotationReadsBackWhatTheRendererDrew() throws {
        let lane = MarbleLane(name: "s", events: [
            (0, .value(.int(1))), (200, .value(.string("ab"))), (200, .value(.int(3))), (400, .finished),
        ])
        let diagram = MarbleDiagram(lanes: [lane], frame: 100, until: 400)
        let drawn = MarbleTextRenderer(diagram).lines()
        XCTAssertEqual(drawn[0], "s  1-(a3)-|")
        let legend = Dictionary(uniqueKeysWithValues: diagram.symbols.legend.map { ($0.symbol, $0.value) })
        let parsed = try MarbleNotation.parse("1-(a3)-|", values: legend)
        XCTAssertEqual(parsed.map(\.frame), [0, 2, 2, 4])
        XCTAssertEqual(parsed.map(\.event), lane.events.map(\.event))
    }

    func testNotationTakesInlineValuesAndRefusesWhatCannotBeRead() throws {
        let parsed = try MarbleNotation.parse("-'ace'-7|")
        XCTAssertEqual(parsed.map(\.frame), [1, 3, 4])
        XCTAssertEqual(parsed.map(\.event), [.value(.string("ace")), .value(.int(7)), .finished])
        XCTAssertThrowsError(try MarbleNotation.parse("-a-|-b")) { error in
            XCTAssertEqual((error as? MarbleNotation.Problem)?.offset, 5)
        }
        XCTAssertThrowsError(try MarbleNotation.parse("(ab"))
        XCTAssertThrowsError(try MarbleNotation.parse("a)"))
        XCTAssertThrowsError(try MarbleNotation.parse("'ace"))
    }

    func testLongRunsAreCutIntoBlocksThatFitTheWidth() {
        let events: [(time: Int, event: MarbleEvent)] = (0..<60).map { ($0 * 100, .value(.int($0 % 10))) }
        let diagram = MarbleDiagram(lanes: [MarbleLane(name: "n", events: events)], frame: 100, until: 5_900)
        let lines = MarbleTextRenderer(diagram, width: 40).lines()
        XCTAssertTrue(lines.allSatisfy { $0.count <= 40 }, "\(lines)")
        XCTAssertEqual(lines.first, "@0s")
        XCTAssertTrue(lines.contains { $0.hasPrefix("@") && $0 != "@0s" })
        let drawn = lines.filter { $0.hasPrefix("n ") }.map { $0.dropFirst(3) }.joined()
        XCTAssertEqual(drawn, String((0..<60).map { Character(String($0 % 10)) }))
    }

    func testSVGIsWellFormedAndDrawsEveryMarble() throws {
        let lane = MarbleLane(name: "q<&>", events: [(0, .subscribed), (100, .value(.string("ace"))), (300, .failed("x"))])
        let svg = MarbleSVGRenderer(MarbleDiagram(lanes: [lane], frame: 100, until: 300), title: "demo").document()
        let parser = XMLParser(data: Data(svg.utf8))
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        XCTAssertEqual(svg.components(separatedBy: "class=\"marble\"").count - 1, 1)
        XCTAssertTrue(svg.contains("class=\"failed\""))
        XCTAssertTrue(svg.contains("class=\"subscribed\""))
        XCTAssertTrue(svg.contains("q&lt;&amp;&gt;"))
        XCTAssertTrue(svg.contains("a = &quot;ace&quot;"))
    }
}

#if canImport(FoundationXML)
import FoundationXML
#endif
