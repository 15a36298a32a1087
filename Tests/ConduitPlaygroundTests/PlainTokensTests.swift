import XCTest
@testable import ConduitPlayground

/// A line of plain words is cut into tokens without Swift's lexer; the tokens must be exactly
/// those Swift's lexer gives, and any other line must be left to it.
final class PlainTokensTests: XCTestCase {
    private func describe(_ tokens: [Token]?) -> String {
        guard let tokens else { return "nil" }
        return tokens.map { "\($0.kind)@\($0.offset)+\($0.length)" }.joined(separator: " ")
    }

    func testPlainWordsGiveSwiftsLexerTokens() throws {
        let lines = [
            "send s 0", "send s 42", "send   s\t7 ", "  tick 1", "cancel out", "send s 007", "_ x _y z9 Z_9",
            "true false nil", "let n", "send s 9223372036854775807", "", "   ", "42", "subject s",
        ]
        for line in lines {
            let plain = PlainTokens.tokens(of: line)
            XCTAssertNotNil(plain, line)
            XCTAssertEqual(describe(plain), describe(try SwiftLexer.swiftTokens(of: line)), line)
        }
        XCTAssertEqual(describe(PlainTokens.tokens(of: "send s 42")),
            "identifier(\"send\")@0+4 identifier(\"s\")@5+1 integer(42)@7+2 end@9+0")
    }

    func testOtherLinesAreLeftToSwiftsLexer() {
        let lines = [
            "send s -1", "send s 1.5", "tick 300ms", "send s 1_000", "send s 0x1F", "send s 5xs", "send s \"a\"",
            "s.send(1)", "let n = 5", "send s 1 # note", "send s 9223372036854775808", "send é 1", "sendé 1",
            "send s 1;", "$0", "send s\n1", "send s\r1",
        ]
        for line in lines {
            XCTAssertNil(PlainTokens.tokens(of: line), line)
        }
    }

    func testTokensOfReadsPlainAndOtherLinesAlike() throws {
        // Through `SwiftLexer.tokens(of:)`, which takes the plain path when it can: the same errors too.
        XCTAssertThrowsError(try SwiftLexer.tokens(of: "send s 9223372036854775808")) { error in
            XCTAssertTrue((error as? SyntaxError)?.message.contains("whole numbers go up to") == true, "\(error)")
        }
        XCTAssertEqual(try SwiftLexer.tokens(of: "send s 42"), try SwiftLexer.swiftTokens(of: "send s 42"))
    }
}
