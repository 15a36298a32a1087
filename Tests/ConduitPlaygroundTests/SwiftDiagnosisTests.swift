import XCTest
@testable import ConduitPlayground

/// A Swift statement the playground cannot read is answered in swiftc's words (with its fix-it)
/// where Swift's parser finds the error at the same place, followed by the playground's own hint.
final class SwiftDiagnosisTests: SessionTestCase {
    override func setUp() {
        super.setUp()
        type("subject n")
    }

    func testASyntaxErrorInASwiftStatementIsWordedAsSwiftcWordsIt() {
        XCTAssertTrue(error("let b = n.map { $0 * }").hasPrefix(
            "error: expected expression after operator (fix-it: insert expression); expected a value, not `}`\n"
        ))
        XCTAssertTrue(error("var v: = 3").hasPrefix("error: expected type in type annotation (fix-it: insert type)"))
        XCTAssertTrue(error("let c = [1, 2,, 3]").hasPrefix("error: expected value in array element"))
    }

    func testTheCaretStandsWhereSwiftFoundTheError() {
        let lines = type("let b = n.map { $0 * }")
        XCTAssertEqual(lines.last, String(repeating: " ", count: 2 + 21) + "^")
    }

    /// A mistyped command is no Swift statement; a character or a duration Swift's lexer refused
    /// is already named precisely; what the playground adds to Swift (`300ms`) is never Swift's error.
    func testThePlaygroundsOwnMessageStaysWhereItSaysMore() {
        XCTAssertTrue(error("sned n 1").hasPrefix("error: unknown command `sned`"), error("sned n 1"))
        XCTAssertTrue(error("let e = n.debounce(for: 9223372036854775808ns)").contains("is too long"))
        // Swift's tree is given `300ms` as a number: its error is the closure's, at `}`, as the playground's is.
        let afterDuration = error("let f = n.debounce(for: 300ms, scheduler: main).map { $0 * }")
        XCTAssertTrue(afterDuration.hasPrefix(
            "error: expected expression after operator (fix-it: insert expression); expected a value, not `}`"),
            afterDuration)
    }

    /// Swift's diagnostics grow faster than the text on hostile input: a long statement keeps the
    /// playground's message.
    func testALongStatementKeepsThePlaygroundsMessage() {
        let long = "let g = [" + String(repeating: "1, ", count: 1_400) + ", 2]"
        XCTAssertGreaterThan(long.utf8.count, SwiftDiagnosis.maximumLength)
        XCTAssertTrue(error(long).hasPrefix("error: expected a value, not `,`"), String(error(long).prefix(200)))
        XCTAssertTrue(error("let g = [1, , 2]").hasPrefix("error: expected value in array element"))
    }
}
