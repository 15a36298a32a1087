import Foundation
import XCTest
@testable import ConduitPlayground

/// A catalogue of the mistakes learners make at the prompt, by kind. Every line must be answered
/// with one clear error (what was wrong, the line with a caret under the place, and usually what
/// would be right), printing no control character raw and nothing a megabyte long, and must leave
/// every name and subscription as it was.
final class BadInputCatalogueTests: SessionTestCase {
    /// A bad line and a fragment its message must contain.
    private struct BadLine {
        let line: String
        let says: String
        init(_ line: String, _ says: String) {
            self.line = line
            self.says = says
        }
    }

    private var before: [String] = []

    override func setUp() {
        super.setUp()
        type("subject n")
        type("sink out = n")
        type("let doubled = n.map { $0 * 2 }")
        type("sink twice = doubled demand 1")
        before = type("subs")
    }

    /// Asserts that each line is answered with an error that names the problem and points at it.
    private func assertAnsweredClearly(_ catalogue: [BadLine], file: StaticString = #filePath, line: UInt = #line) {
        for entry in catalogue {
            let shown = entry.line.count > 60 ? String(entry.line.prefix(60)) + "…" : entry.line
            let records = session.evaluate(entry.line)
            let errors = records.filter { $0.kind == .error }
            guard let message = errors.first?.text else {
                XCTFail("no error for `\(shown)`: \(records.map(\.text))", file: file, line: line)
                continue
            }
            XCTAssertEqual(records.count, errors.count, "`\(shown)` also did something", file: file, line: line)
            let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertTrue(lines[0].hasPrefix("error: "), "`\(shown)`: \(lines[0])", file: file, line: line)
            XCTAssertTrue(message.contains(entry.says), "`\(shown)`: \(lines[0])", file: file, line: line)
            XCTAssertEqual(lines.count, 3, "`\(shown)`: message, line, caret", file: file, line: line)
            let control = message.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F }
            XCTAssertFalse(control, "`\(shown)`: a control character is printed raw", file: file, line: line)
            if lines.count == 3 {
                XCTAssertTrue(lines[2].contains("^"), "`\(shown)`: no caret", file: file, line: line)
                XCTAssertLessThanOrEqual(lines[2].count, lines[1].count + 1, "caret past the line", file: file,
                    line: line)
                XCTAssertLessThan(message.utf8.count, 1_000, "`\(shown)`: the answer is short", file: file, line: line)
            }
        }
        assertNothingLost(file: file, line: line)
    }

    /// Every name and subscription is still there, in the state it was, and values still flow.
    private func assertNothingLost(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(type("subs"), before, "a bad line changed the session", file: file, line: line)
        XCTAssertEqual(values("send n 1"), ["out ← 1", "twice ← 2"], file: file, line: line)
        before = type("subs")
    }

    func testSwiftDeclarationsAndStatementsAddedThisSessionAnswerMistakesClearly() {
        assertAnsweredClearly([
            BadLine("guard n > 1", "expected `else`: a guard reads `guard let x = value else { fatalError() }`"),
            BadLine("switch 1 { }", "this switch has no cases"),
            BadLine("protocol P", "expected member block in protocol"),
            BadLine("protocol Q { associatedtype T }", "`associatedtype` is not run here"),
            BadLine("protocol Publisher { }", "`Publisher` is Combine's protocol"),
            BadLine("extension Missing { func f() { } }", "the playground extends the classes, structs, enums"),
            BadLine("enum E { case a = }", "expected expression in enum case"),
            BadLine("class Box<T> { }", "a generic type is not run here"),
            BadLine("print((1]", "`(` is never closed: a `]` comes before its `)`"),
            BadLine("fatalError(\"stop\")", "Fatal error: stop"),
        ])
    }

    /// The closures, calls and statements of the twelfth session (signatures from Swift's tree,
    /// `super`, `String(format:)`, defaults, slices, multiple trailing closures).
    func testClosuresCallsAndStatementsOfTheTwelfthSessionAnswerMistakesClearly() {
        assertAnsweredClearly([
            BadLine("let a = n.map { (x: Int y) in x }", "unexpected code 'y' in parameter clause"),
            BadLine("let a = n.map { [y = n] x in x }", "a capture with a value (`[y = n]`) is not read here"),
            BadLine("let add = { (a: Int) in a * nope }", "unknown name `nope`; did you mean `n`?"),
            BadLine("let s = n.sink { _ in } receiveNothing: { _ in }", "`.sink(receiveCompletion: { ... }"),
            BadLine("print(String(format: \"%d\", 2.5))", "`%d` takes an Int, not decimal 2.5"),
            BadLine("print(String(format: \"%@ %@\", 1))", "more conversions than arguments"),
            BadLine("print([1, 2][1...5])", "out of bounds"),
            BadLine("_ = nope", "unknown name `nope`"),
            BadLine("var count: Int", "needs a value here"),
            BadLine("if let a = Optional(1), a > { }", "expected"),
        ])
    }

    func testUnbalancedBracketsAndQuotesAreNamedWithTheirCloser() {
        assertAnsweredClearly([
            BadLine("let a = n.map { $0", "`{` is never closed (the input ends here); close it with `}`"),
            BadLine("let a = n.map( { $0 }", "`(` is never closed"),
            BadLine("send n [1, 2", "`[` is never closed"),
            BadLine("send n {a: 1", "`{` is never closed"),
            BadLine("send n (1 + 2", "`(` is never closed"),
            BadLine("let a = n.map { $0 }}", "unexpected `}` after the end of the command"),
            BadLine("send n }", "expected a value, not `}`"),
            BadLine("send n ]", "expected a value, not `]`"),
            BadLine("send n )", "expected a value, not `)`"),
            BadLine("send n \"abc", "this string has no closing `\"`"),
            BadLine("send n 'abc'", "Swift writes a string in double quotes"),
        ])
    }

    func testUnknownNamesSuggestTheNearestKnownOne() {
        assertAnsweredClearly([
            BadLine("send nobody 1", "unknown subject `nobody`; did you mean `n`?"),
            BadLine("let a = nobody.map { $0 }", "unknown subject or pipeline `nobody`"),
            BadLine("cancel nobody", "unknown sink `nobody`"),
            BadLine("request nobody 1", "unknown sink `nobody`"),
            BadLine("inspect nobody", "unknown name `nobody`"),
            BadLine("marbles nobody", "unknown subject or sink `nobody`"),
            BadLine("sned n 1", "unknown command `sned`; did you mean `send`?"),
            BadLine("let a = n.mapp { $0 }", "unknown operator `mapp`; did you mean `map`?"),
        ])
    }

    func testArgumentsOfTheWrongKindShowTheUsage() {
        assertAnsweredClearly([
            BadLine("let a = n.prefix(\"three\")", "expected a whole number; usage: .prefix(N)"),
            BadLine("let a = n.collect(true)", "usage: .collect()"),
            BadLine("let a = n.debounce(for: \"x\")", "expected a duration such as `300ms`"),
            BadLine("let a = n.merge(with: 5)", "usage: .merge(with: other"),
            BadLine("let a = n.zip()", "`zip` needs the name of another publisher"),
            BadLine("tick banana", "`tick` needs a duration"),
            BadLine("request out \"1\"", "`request` needs a whole number of values"),
        ])
    }

    func testMissingPiecesSayWhatIsNeeded() {
        assertAnsweredClearly([
            BadLine("let = n", "expected pattern in variable (fix-it: insert pattern); write `let NAME = PIPELINE`"),
            BadLine("sink = n", "`sink` needs a name"),
            BadLine("send n 1 +", "the line ends where a value was expected"),
            BadLine("let a = n..map { $0 }", "expected an operator name after `.`"),
            BadLine("let a = n.map { $0 } extra", "unexpected `extra` after the end of the command"),
            BadLine("load", "`load` needs a file name"),
            BadLine("tick", "`tick` needs a duration"),
            BadLine("send", "`send` needs a name"),
        ])
    }

    func testHugeAndNegativeNumbersAreRefusedWithTheLimit() {
        assertAnsweredClearly([
            BadLine("send n 99999999999999999999999", "whole numbers go up to 9223372036854775807"),
            BadLine("let a = n.prefix(99999999999999999999)", "is too large"),
            BadLine("send n 1e999", "the number 1e999 is too large for a decimal"),
            BadLine("tick 99999999999999999999s", "at most 9223372036s (about 292 years)"),
            BadLine("request out -5", "`request` needs a whole number of values"),
            BadLine("tick -1s", "`tick` needs a duration"),
            BadLine("let a = n.prefix(-1)", "at least 0"),
            BadLine("let a = n.buffer(size: -1, prefetch: .keepFull, whenFull: .dropNewest)", "at least 1, not -1"),
            BadLine("let a = n.flatMap(maxPublishers: .max(-1)) { Just($0) }", "at least 1"),
        ])
    }

    func testDeeplyNestedArraysAreNotGivenToSwiftsParser() {
        // Swift's parser takes twice as long for each `[` level (a minute at 24): the shape skips it.
        let nested = "send n " + String(repeating: "[", count: 30) + "1" + String(repeating: "]", count: 30)
        XCTAssertNil(StatementShape.parse(nested))
        XCTAssertNotNil(StatementShape.parse("send n [[[1], [2]], [[3]]]"))
        type("sink deep = n")
        let delivered = values(nested)
        XCTAssertTrue(delivered.contains { $0.hasPrefix("deep ← [[[") }, "sent as any value: \(delivered)")
    }

    func testDeepNestingIsRefusedWithTheLimitAndACutLine() {
        let brackets = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let parentheses = String(repeating: "(", count: 5_000) + "$0" + String(repeating: ")", count: 5_000)
        assertAnsweredClearly([
            BadLine("send n " + brackets, "nests too deeply: at most 150 levels"),
            BadLine("let a = n.map { " + parentheses + " }", "nests too deeply"),
        ])
    }

    func testControlCharactersAndUndecodableBytesAreRefused() {
        assertAnsweredClearly([
            BadLine("send n \u{07}", "unexpected character"),
            BadLine("send n 1\u{00}", "unexpected character"),
            BadLine("let a\u{08} = n", "unexpected character"),
            BadLine("send n \u{FFFD}", "not UTF-8"),
        ])
    }

    func testAMegabyteOfGarbageIsAnsweredShortly() {
        assertAnsweredClearly([
            BadLine(String(repeating: "@", count: 1_000_000), "a line starts with a command"),
            BadLine("send n 1 + " + String(repeating: "x", count: 1_000_000), "error"),
        ])
    }

    func testABinaryFileGivenToLoadIsRefused() throws {
        let path = NSTemporaryDirectory() + "conduit-binary-\(getpid()).conduit"
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let message = error("load \(path)")
        XCTAssertTrue(message.contains("is not UTF-8 text (a binary file?)"), message)
        assertNothingLost()
    }

    func testADeviceGivenToLoadIsRefusedInsteadOfReadForEver() {
        let message = error("load /dev/zero")
        XCTAssertTrue(message.contains("`/dev/zero` is not a regular file"), message)
        assertNothingLost()
    }

    func testScriptsThatLoadEachOtherAreStopped() throws {
        let first = NSTemporaryDirectory() + "conduit-first-\(getpid()).conduit"
        let second = NSTemporaryDirectory() + "conduit-second-\(getpid()).conduit"
        try "load \(second)\n".write(toFile: first, atomically: true, encoding: .utf8)
        try "load \(first)\n".write(toFile: second, atomically: true, encoding: .utf8)
        defer {
            try? FileManager.default.removeItem(atPath: first)
            try? FileManager.default.removeItem(atPath: second)
        }
        let records = session.evaluate("load \(first)")
        XCTAssertFalse(records.isEmpty)
        XCTAssertTrue(records.allSatisfy { $0.kind == .error }, "\(records.map(\.text))")
        let circle = "conduit-first-\(getpid()).conduit → conduit-second-\(getpid()).conduit → "
            + "conduit-first-\(getpid()).conduit"
        XCTAssertTrue(records.contains { $0.text.contains("cannot load each other in a circle (\(circle))") },
                      "\(records.map(\.text))")
        assertNothingLost()
    }

    func testANumberRunIntoLettersIsNeitherATimeNorAName() {
        let message = error("subject 1x")
        XCTAssertTrue(message.contains("`1x` is neither a time nor a name"), message)
        XCTAssertTrue(message.contains("ns, us, ms, s or min"), message)
        XCTAssertTrue(message.contains("(`x1`)"), message)
        assertNothingLost()
    }
}
