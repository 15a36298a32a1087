import XCTest
@testable import ConduitPlayground

/// The lexer reads plain-ASCII lines byte by byte and other lines as characters; both readings
/// must give the same tokens, offsets and errors.
final class LexerTests: XCTestCase {
    private func byBytes(_ text: String) -> Result<[Token], SyntaxError> {
        guard let source = ASCIILexerSource(text) else { return .failure(SyntaxError("not ASCII", offset: -1,
            length: 0)) }
        var lexer = Lexer(source)
        return Result { try lexer.tokens() }.mapError { $0 as! SyntaxError }
    }

    private func byCharacters(_ text: String) -> Result<[Token], SyntaxError> {
        var lexer = Lexer(CharacterLexerSource(Array(text)))
        return Result { try lexer.tokens() }.mapError { $0 as! SyntaxError }
    }

    private func describe(_ result: Result<[Token], SyntaxError>) -> String {
        switch result {
        case .success(let tokens): return tokens.map { "\($0.kind)@\($0.offset)+\($0.length)" }.joined(separator: " ")
        case .failure(let error): return "error \(error.message) @\(error.offset)+\(error.length)"
        }
    }

    func testAsciiLinesLexTheSameAsBytesAndAsCharacters() {
        let lines = [
            "send s 42", "  send s -7 # note", "let p = s.map { $0 * 2 }.filter { $0 % 3 == 0 }.map { $0 + 1 }",
            "send s \"a \\\"quoted\\\" \\n\\t word\"", "send s {name: \"ace\", rank: 1_000}", "send s [1, 2.5, 3]",
            "let d = s.debounce(for: 300ms, scheduler: main)", "tick 1.5s", "send s 1 >= 2 && 3 != 4 || !true",
            "send s $", "send s 5xs", "send s 99999999999999999999", "send s \"open", "send s @", "send s \\",
            "send s \"escape at end\\", "", "   ", "\t\u{0B}\u{0C}", "x$12y _a_1",
        ]
        for line in lines {
            XCTAssertEqual(describe(byBytes(line)), describe(byCharacters(line)), line)
        }
    }

    func testLinesWithCarriageReturnsOrNonAsciiAreReadAsCharacters() {
        XCTAssertNil(ASCIILexerSource("send s 1\r\n"))
        XCTAssertNil(ASCIILexerSource("send s \"é\""))
        XCTAssertNotNil(ASCIILexerSource("send s 1"))
    }

    func testOffsetsCountCharactersBeyondAscii() throws {
        // `é` written as e + combining accent is one character, so `~` is character 11 (from 0), not 12.
        guard case .failure(let error) = byCharacters("send s \"e\u{301}\" ~") else { return XCTFail(
            "expected an error") }
        XCTAssertEqual(error.offset, 11)
        XCTAssertEqual(error.message, "unexpected character `~`")
        guard case .success(let tokens) = byCharacters("tick 5µs") else { return XCTFail("expected tokens") }
        XCTAssertEqual(tokens.first { if case .duration = $0.kind { return true } else { return false } }?.kind,
            .duration(5_000))
    }

    func testNumbersEitherSideOfTheQuickReadingOfPlainIntegers() {
        let cases: [(String, String)] = [
            ("42", "integer(42)@0+2"),
            ("9223372036854775807", "integer(9223372036854775807)@0+19"),
            ("1_000", "integer(1000)@0+5"),
            ("2.5", "decimal(2.5)@0+3"),
            ("1e3", "decimal(1000.0)@0+3"),
            ("2.5e-1", "decimal(0.25)@0+6"),
            ("300ms", "duration(300000000)@0+5"),
            ("1...3", "integer(1)@0+1 symbol(\"...\")@1+3 integer(3)@4+1"),
            ("7,", "integer(7)@0+1 symbol(\",\")@1+1"),
        ]
        for (text, expected) in cases {
            let tokens = describe(byBytes(text))
            XCTAssertEqual(tokens, expected + " end@\(text.count)+0", text)
            XCTAssertEqual(tokens, describe(byCharacters(text)), text)
        }
        XCTAssertTrue(describe(byBytes("9223372036854775808")).contains("whole numbers go up to 9223372036854775807"))
        XCTAssertTrue(describe(byBytes("1e999")).contains("too large for a decimal"))
        XCTAssertTrue(describe(byBytes("9223372036855ms")).contains("is too long"))
    }

    /// A `/` that ends the line is a division sign, not half of a `//` comment: looking for the
    /// second `/` past the end trapped (a fuzz finding, `reset` then `/`).
    func testASlashAtTheEndOfALineIsASymbolInBothReadings() {
        for line in ["/", "send s 4 /", "// all comment", "send s 1 // note", "é /"] {
            let characters = describe(byCharacters(line))
            if line.utf8.count == line.count { XCTAssertEqual(describe(byBytes(line)), characters, line) }
            XCTAssertFalse(characters.hasPrefix("error"), line)
        }
        XCTAssertEqual(describe(byBytes("/")), "symbol(\"/\")@0+1 end@1+0")
        XCTAssertEqual(describe(byBytes("send s 1 // note")), describe(byBytes("send s 1")).replacingOccurrences(
            of: "end@8+0", with: "end@16+0"))
    }
}
