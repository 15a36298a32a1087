import XCTest
@testable import ConduitPlayground

/// String literals as Swift's parser reads them: the parts, raw delimiters and multi-line form come
/// from Swift's tree, each `\(value)` is read by the same parser where it stands in the statement,
/// and a wrong literal has swiftc's message.
final class StringLiteralLoweringTests: SessionTestCase {
    override func setUp() {
        super.setUp()
        type("let x = 41")
    }

    func testInterpolationsNestedRawAndMultiLineReadAsSwift() {
        XCTAssertEqual(printed(#"print("a \(x + 1) b")"#), ["a 42 b"])
        XCTAssertEqual(printed(#"print("a \("b \(x)") c")"#), ["a b 41 c"])
        XCTAssertEqual(printed(##"print(#"raw \(x) and \#(x + 1)"#)"##), [#"raw \(x) and 42"#])
        XCTAssertEqual(printed(#"print("\(x > 40 ? "big" : "small") \(x)\(x)!")"#), ["big 4141!"])
        XCTAssertEqual(printed(#"print("tab\there \u{41} \\ \"q\"")"#), ["tab\there A \\ \"q\""])
        type("let m = \"\"\"\n    line \\(x)\n      indented \"\\(x + 1)\"\n    end\n    \"\"\"")
        XCTAssertEqual(printed("print(m)"), ["line 41", "  indented \"42\"", "end"])
        // A `\` at the end of a line joins it to the next, whose indentation Swift takes off too.
        type("let joined = \"\"\"\n    one \\\n    two \\(x)\n    \"\"\"")
        XCTAssertEqual(printed("print(joined)"), ["one two 41"])
        XCTAssertEqual(
            values(#"sink s = [1, 2].publisher.map { "v\($0) \(["<", ">"].map { "\($0)\($0)" }.joined())" }"#),
            [#"s ← "v1 <<>>""#, #"s ← "v2 <<>>""#, "s ✓ finished"])
        type(#"let d = ["ana": 1, "bo\u{301}": 2]"#)
        XCTAssertEqual(printed(#"print(d["ana"] ?? 0, "\(d["bo\u{301}"] ?? 0)")"#), ["1 2"])
    }

    func testAValueIsReadAndReportedWhereItStands() {
        let message = error(#"print("x \(zzz) y")"#)
        XCTAssertTrue(message.contains("cannot find `zzz` in scope"), message)
        // The caret is under `zzz`, inside the string.
        XCTAssertEqual(message.split(separator: "\n").last, "             ^^^")
        XCTAssertTrue(error(#"let d = ["a\(zzz)": 1]"#).contains("cannot find `zzz` in scope"),
            "a dictionary's key is made as Swift makes it, and a name it reads must exist")
        XCTAssertTrue(error(#"print("\(x, format: 2)")"#).contains("`\\(x, format: 2)` as a call of an "
            + "`appendInterpolation` with labels, several values or none"))
    }

    func testAWrongStringHasSwiftcsMessage() {
        XCTAssertTrue(error(#"print("bad \q")"#).hasPrefix("error: invalid escape sequence in literal"))
        XCTAssertTrue(error(#"print("a \(1 2)")"#).hasPrefix("error: unexpected code '2' in string literal"))
        // The value's own `)` closes nothing of the literal's (`\(x!)` is not `\(x` and `!)`).
        type("let o: Int? = 5")
        XCTAssertEqual(printed(#"print("\(o!)")"#), ["5"])
    }

    func testThousandsOfValuesAndAMegabyteStringNeitherCrashNorHang() {
        // Joined halves first: a thousand values are ten levels of `+`, not a thousand.
        let values = String(repeating: #"\(x)"#, count: 1_000)
        XCTAssertEqual(printed("print(\"\(values)\".count)"), ["2000"])
        let tooMany = error("print(\"" + String(repeating: #"\(1)"#, count: 10_000) + "\")")
        XCTAssertTrue(tooMany.contains("puts 10000 values into strings (`\\(value)`): at most 8000"), tooMany)
        // Ten thousand levels: refused before Swift's lexer, which takes half a minute over them.
        let nested = String(repeating: #""\("#, count: 10_000) + "1" + String(repeating: #")""#, count: 10_000)
        XCTAssertTrue(error("print(\(nested))").contains("puts 10000 values into strings"))
        let fewer = String(repeating: #"\(1)"#, count: 3_000) + String(repeating: " ", count: 70_000)
        XCTAssertTrue(error("print(\"\(fewer)\")").contains("too long or nests too deeply for Swift's parser"))
        let megabyte = String(repeating: "y", count: 1_000_000)
        // A line past what Swift's parser is given (64 KB) is refused at its first postfix, with what to do; a
        // megabyte made by a call is a value as any other.
        let refused = error("print(\"\(megabyte)\\n\".count)")
        XCTAssertTrue(refused.contains("too long or nests too deeply to read: split it into steps"), refused)
        XCTAssertEqual(printed("print(String(repeating: \"y\", count: 1_000_000).count)"), ["1000000"])
        XCTAssertTrue(error("print(\"\\(x)\(megabyte)\")").contains("too long or nests too deeply"))
        let deep = String(repeating: #""\("#, count: 100) + "1" + String(repeating: #")""#, count: 100)
        XCTAssertTrue(error("print(\(deep))").contains("string"))
    }
}
