import XCTest
@testable import ConduitPlayground

/// The playground's tokens come from Swift's own lexer: numbers, strings, comments and operators
/// read as swiftc reads them, with the playground's durations and `#` comments on top, and
/// offsets in characters for the caret.
final class SwiftLexerTests: XCTestCase {
    private func describe(_ text: String) -> String {
        do {
            return try SwiftLexer.tokens(of: text).map { "\($0.kind)@\($0.offset)+\($0.length)" }
                .joined(separator: " ")
        } catch let error as SyntaxError {
            return "error \(error.message) @\(error.offset)+\(error.length)"
        } catch {
            return "unexpected \(error)"
        }
    }

    private func kinds(_ text: String) throws -> [Token.Kind] {
        try SwiftLexer.tokens(of: text).map(\.kind).dropLast()
    }

    func testNumbersAndDurations() {
        let cases: [(String, String)] = [
            ("42", "integer(42)@0+2"),
            ("9223372036854775807", "integer(9223372036854775807)@0+19"),
            ("1_000", "integer(1000)@0+5"),
            ("0x1F", "integer(31)@0+4"),
            ("0b101", "integer(5)@0+5"),
            ("2.5", "decimal(2.5)@0+3"),
            ("1e3", "decimal(1000.0)@0+3"),
            ("2.5e-1", "decimal(0.25)@0+6"),
            ("300ms", "duration(300000000)@0+5"),
            ("1.5s", "duration(1500000000)@0+4"),
            ("2min", "duration(120000000000)@0+4"),
            ("1...3", "integer(1)@0+1 symbol(\"...\")@1+3 integer(3)@4+1"),
            ("0..<3", "integer(0)@0+1 symbol(\"..<\")@1+3 integer(3)@4+1"),
            ("7,", "integer(7)@0+1 symbol(\",\")@1+1"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(describe(text), expected + " end@\(text.count)+0", text)
        }
        XCTAssertTrue(describe("9223372036854775808").contains("whole numbers go up to 9223372036854775807"))
        XCTAssertTrue(describe("1e999").contains("too large for a decimal"))
        XCTAssertTrue(describe("9223372036855ms").contains("is too long"))
        XCTAssertEqual(
            describe("send s 5xs"),
            "error `5xs` is neither a time nor a name: a time ends in ns, us, ms, s or min (`300ms`), and a name "
                + "starts with a letter or `_` (`xs5`) @7+3"
        )
        XCTAssertTrue(describe("0xZZ").contains("is not a number"), describe("0xZZ"))
    }

    func testStringsResolveEscapesAndLayTheirValuesOutAsTokens() throws {
        XCTAssertEqual(try kinds(#""a \"quoted\" \n\t word""#), [.string("a \"quoted\" \n\t word")])
        XCTAssertEqual(try kinds(#""\u{41}\u{1F600}""#), [.string("A\u{1F600}")])
        // The value's own tokens (a string with a `)` among them) between the literal's pieces, at their offsets.
        let tokens = try SwiftLexer.tokens(of: #""n = \(x + "q)") !""#)
        let parts: [StringLiteralPart] = [.text("n = "), .value(7..<15), .text(" !")]
        XCTAssertEqual(tokens.map(\.kind), [
            .interpolatedString(parts), .identifier("x"), .symbol("+"), .string("q)"), .stringPiece, .end,
        ])
        XCTAssertEqual(tokens.map(\.offset), [0, 7, 9, 11, 15, 19])
        XCTAssertEqual(tokens.map(\.length), [7, 1, 1, 4, 4, 0])
        XCTAssertEqual(try kinds(##"#"raw \n"#"##), [.string("raw \\n")])
        XCTAssertEqual(try kinds("\"\"\"\n    one\n      two\n    \"\"\""), [.string("one\n  two")])
    }

    func testAWrongStringHasSwiftcsMessage() {
        let hint = "; " + StringLiteralLowering.hint
        let unclosed = "error expected '\"' to end string literal (fix-it: insert '\"')\(hint) @12+1"
        XCTAssertEqual(describe("send s \"open"), unclosed)
        XCTAssertEqual(describe("send s \"open\nsend s 1"), unclosed)
        XCTAssertEqual(describe(#"send s "a\qb""#), "error invalid escape sequence in literal\(hint) @9+1")
        XCTAssertEqual(
            describe(#"print("a \(x")"#), "error expected ')' in string literal (fix-it: insert ')')\(hint) @12+1")
        XCTAssertEqual(
            describe(##"send s #"a\#(1"##), "error expected ')' in string literal (fix-it: insert ')')\(hint) @14+1")
        XCTAssertEqual(
            describe(##"send s #"a""##),
            "error expected '\"#' to end string literal (fix-it: insert '\"#')\(hint) @11+1")
        // A line of a multi-line literal less indented than its closing `"""`, which the playground used to accept.
        XCTAssertEqual(
            describe("let m = \"\"\"\n    ok\n  under\n    \"\"\""),
            "error insufficient indentation of line in multi-line string literal (fix-it: change indentation of this "
                + "line to match closing delimiter)\(hint) @21+1")
        // A statement too long for Swift's parser: the same words, at the literal.
        let long = "send s \"" + String(repeating: "a", count: 70_000)
        XCTAssertEqual(describe(long), "error expected '\"' to end string literal\(hint) @7+70001")
    }

    func testCommentsEndTheStatementAsSwiftAndThePlaygroundWriteThem() throws {
        let send = "identifier(\"send\")@0+4 identifier(\"s\")@5+1 integer(1)@7+1"
        XCTAssertEqual(describe("send s 1 # note"), send + " end@15+0")
        XCTAssertEqual(describe("send s 1 // note"), send + " end@16+0")
        XCTAssertEqual(try kinds("x /* a note */ + 1"), [.identifier("x"), .symbol("+"), .integer(1)])
        XCTAssertTrue(describe("x = 1 /* open").contains("has no closing `*/`"))
    }

    func testOperatorsArriveAsTheParsersSymbols() throws {
        // A compound assignment is one operator, as to Swift's lexer; `+ =` with a blank between is two.
        XCTAssertEqual(try kinds("a+=1"), [.identifier("a"), .symbol("+="), .integer(1)])
        XCTAssertEqual(try kinds("a + = 1"), [.identifier("a"), .symbol("+"), .symbol("="), .integer(1)])
        XCTAssertEqual(try kinds("a!=b"), [.identifier("a"), .symbol("!="), .identifier("b")])
        XCTAssertEqual(try kinds("x?.y ?? z"), [
            .identifier("x"), .symbol("?"), .symbol("."), .identifier("y"), .symbol("??"), .identifier("z"),
        ])
        XCTAssertEqual(try kinds("f() -> Int"), [
            .identifier("f"), .symbol("("), .symbol(")"), .symbol("-"), .symbol(">"), .identifier("Int"),
        ])
        XCTAssertEqual(try kinds("{ $0 + $1 }"), [.symbol("{"), .dollar(0), .symbol("+"), .dollar(1), .symbol("}")])
        XCTAssertEqual(try kinds("$name.sink"), [.identifier("$name"), .symbol("."), .identifier("sink")])
        XCTAssertEqual(try kinds("`default`"), [.identifier("default")])
        XCTAssertEqual(describe("/"), "symbol(\"/\")@0+1 end@1+0")
        XCTAssertEqual(describe("send s 4 /"), describe("send s 4").replacingOccurrences(of: "end@8+0",
            with: "symbol(\"/\")@9+1 end@10+0"))
        XCTAssertEqual(describe("send s $"), "error `$` must be followed by an argument number such as `$0` @7+1")
        XCTAssertEqual(describe("a ^ b"), "error unexpected character `^` @2+1")
        XCTAssertTrue(describe("let r = /a+/").contains("regular expression literal"))
    }

    func testWhatSlidesPasteGetsOneMessage() {
        XCTAssertTrue(describe("send s “hello”").contains("`“` is a curly quote"), describe("send s “hello”"))
        XCTAssertTrue(describe("send s 'a'").contains("Swift writes a string in double quotes"))
        // A non-breaking space, common in pasted slides, is a blank.
        XCTAssertEqual(describe("send s\u{00A0}1"), describe("send s 1"))
        XCTAssertEqual(describe("send s 1\u{00}"), "error unexpected character `\u{00}` @8+1")
        XCTAssertEqual(describe("send s \u{FFFD}"), "error unexpected character `\u{FFFD}` (the input has bytes "
            + "that are not UTF-8 text) @7+1")
    }

    func testOffsetsCountCharactersBeyondAscii() throws {
        // `é` written as e + combining accent is one character, so `^` is character 11 (from 0), not 12.
        XCTAssertEqual(describe("send s \"e\u{301}\" ^"), "error unexpected character `^` @11+1")
        XCTAssertEqual(try SwiftLexer.tokens(of: "tick 5µs").map(\.kind), [.identifier("tick"), .duration(5_000), .end])
        let tokens = try SwiftLexer.tokens(of: "let é = \"ü\" + x")
        XCTAssertEqual(tokens.map(\.offset), [0, 4, 6, 8, 12, 14, 15])
        XCTAssertEqual(tokens.last?.offset, "let é = \"ü\" + x".count)
    }
}
