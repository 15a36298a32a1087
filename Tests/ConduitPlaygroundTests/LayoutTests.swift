import XCTest
@testable import ConduitPlayground

/// Output fitted to the terminal: `help` and `subs` wrapped at spaces to the width, and the source
/// line under an error cut so that the caret stays under the characters it points at.
final class LayoutTests: SessionTestCase {
    private func assertFits(_ lines: [String], _ width: Int, file: StaticString = #filePath, line: UInt = #line) {
        for text in lines {
            XCTAssertLessThanOrEqual(text.count, width, "too wide: \(text)", file: file, line: line)
        }
    }

    func testHelpFitsEveryWidthAndBreaksOnlyAtSpaces() {
        let unwrapped = type("help operators")
        for width in [40, 80, 120] {
            session.outputWidth = width
            for topic in ["", "operators", "sources", "closures", "map", "sink", "combineLatest"] {
                let lines = type("help \(topic)")
                assertFits(lines, width)
                // The same words, in the same order: nothing cut inside a word.
                let words = lines.joined(separator: " ").split(separator: " ")
                session.outputWidth = 1_000
                let whole = type("help \(topic)").joined(separator: " ").split(separator: " ")
                session.outputWidth = width
                XCTAssertEqual(words, whole, "help \(topic) at \(width)")
            }
        }
        XCTAssertGreaterThan(unwrapped.count, 10)
    }

    func testALineOfManyByteCharactersIsMeasuredInCharacters() {
        let arrows = String(repeating: "→ ", count: 15)  // 30 characters, 60 bytes
        XCTAssertEqual(TextWrapping.wrapLine(arrows, width: 40), [arrows])
        let wrapped = TextWrapping.wrapLine("  é " + String(repeating: "→→ ", count: 20), width: 30)
        XCTAssertGreaterThan(wrapped.count, 1)
        assertFits(wrapped, 30)
        XCTAssertEqual(wrapped.joined(separator: " ").split(separator: " ").count, 21)
    }

    func testWrappedHelpLinesContinueUnderTheirDescription() {
        session.outputWidth = 50
        let lines = type("help operators")
        guard let first = lines.firstIndex(where: { $0.hasPrefix("  .flatMap ") }), first + 1 < lines.count else {
            return XCTFail("no .flatMap line in \(lines)")
        }
        let characters = Array(lines[first])
        var column = 2
        while characters[column] != " " { column += 1 }
        while characters[column] == " " { column += 1 }
        let next = lines[first + 1]
        XCTAssertEqual(next.prefix { $0 == " " }.count, column, "continuation not under the description: \(next)")
    }

    func testSubsFitsANarrowTerminal() {
        type("subject taps")
        type("current isOn = true")
        type("let picks = taps.combineLatest(isOn).filter { $0[1] }.map { $0[0] }.removeDuplicates()")
        type("sink out = picks")
        session.outputWidth = 40
        let lines = type("subs")
        assertFits(lines, 40)
        XCTAssertTrue(lines.joined(separator: " ").contains("removeDuplicates"))
    }

    func testTheCaretPointsAtTheErrorAtAnyWidth() {
        let padding = (1...12).map { "map { $0 + \($0) }" }.joined(separator: ".")
        let line = "let x = taps.\(padding).mapp { $0 }.filter { $0 > 1 }"
        type("subject taps")
        for width in [40, 60, 80, 200] {
            session.outputWidth = width
            let lines = type(line)
            XCTAssertEqual(lines.count, 3, "\(lines)")
            let source = Array(lines[1])
            let caret = Array(lines[2])
            XCTAssertLessThanOrEqual(source.count, width, "\(width): \(lines[1])")
            XCTAssertLessThanOrEqual(caret.count, width, "\(width): \(lines[2])")
            guard let at = caret.firstIndex(of: "^") else { return XCTFail("no caret at \(width)") }
            XCTAssertEqual(String(source[at..<min(source.count, at + 4)]), "mapp",
                "width \(width): \(lines[1])\n\(lines[2])")
        }
    }
}
