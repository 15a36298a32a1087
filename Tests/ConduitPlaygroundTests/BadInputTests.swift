import XCTest
@testable import ConduitPlayground

final class BadInputTests: SessionTestCase {
    func testUnknownOperatorSuggestsAndPointsAtIt() {
        type("subject taps")
        let message = error("let x = taps.mapp { $0 }")
        let lines = message.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "error: unknown operator `mapp`; did you mean `map`?")
        XCTAssertEqual(lines[1], "  let x = taps.mapp { $0 }")
        XCTAssertEqual(lines[2], "               ^^^^")
        XCTAssertTrue(error("send x 1").contains("unknown subject `x`"), "the failed let must not define x")
    }

    func testUnknownCommandSuggests() {
        XCTAssertTrue(error("sned a 1").contains("unknown command `sned`; did you mean `send`?"))
    }

    func testUnknownNameSuggests() {
        type("subject taps")
        XCTAssertTrue(error("send tapz 1").contains("did you mean `taps`?"))
    }

    func testBadLinesChangeNothing() {
        type("subject n")
        type("sink out = n")
        let bad = [
            "subject n", "sink out = n", "let = n", "send n", "send n {name: }", "request out 0", "request out -1",
            "let p = n.prefix(-1)", "let p = n.dropFirst(\"x\")", "let p = n.map", "let p = n.map { }",
            "let p = n.scan { $0 }", "send n \"unterminated", "send n @", "let q = n.map { $0 + }",
            "cancel n", "send out 1", "trace n", "let r = n.combineLatest(nobody)", "let s = n.map { x }",
            "help nothing", "load /no/such/file.conduit", "request out 99999999999999999999",
        ]
        for line in bad {
            let records = session.evaluate(line)
            XCTAssertTrue(records.contains { $0.kind == .error }, "expected an error for `\(line)`, got \(records)")
        }
        XCTAssertEqual(values("send n 1"), ["out ← 1"], "the subject and its sink survive bad input")
    }

    func testNegativeCountsAreRejectedBeforeTheEngine() {
        type("subject n")
        XCTAssertTrue(error("let p = n.prefix(-1)").contains("at least 0"))
        XCTAssertTrue(error("let p = n.collect(0)").contains("at least 1"))
        XCTAssertTrue(error("sink s = n demand 0").contains("at least 1"))
    }

    func testScriptStyleErrorsNameFileAndLine() {
        let records = session.evaluate("sned a 1", file: "demo.conduit", line: 7)
        XCTAssertTrue(records.first?.text.hasPrefix("demo.conduit:7:1: error: unknown command") ?? false, "\(records)")
    }
}
