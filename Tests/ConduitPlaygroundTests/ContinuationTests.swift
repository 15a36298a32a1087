import XCTest
@testable import ConduitPlayground

/// A line starting with `.` continues the statement before it, the same way whether the lines
/// come as one text (scripts, pipes, `-e`) or one at a time (the prompt); a statement takes
/// effect whole or not at all.
final class ContinuationTests: SessionTestCase {
    private let issueLines = [
        "subject a", "let p = a.map{$0*10}", "sink s = p", ".filter{$0>10}", "send a 1", "send a 2",
    ]

    func testADotLineContinuesTheSinkBeforeItWhenReadAsOneText() {
        XCTAssertEqual(values(issueLines.joined(separator: "\n")), ["s ← 20"])
    }

    func testADotLineContinuesTheSinkBeforeItWhenTypedLineByLine() {
        let printed = issueLines.flatMap { values($0) }
        XCTAssertEqual(printed, ["s ← 20"])
    }

    func testADotLineContinuesTheSinkBeforeItAfterASemicolon() {
        XCTAssertEqual(values(issueLines.joined(separator: "; ")), ["s ← 20"])
    }

    func testADotLineContinuesASubjectNamedAloneOnTheLineBefore() {
        // Swift code laid out with the publisher on a line of its own, each operator below it.
        type("let s = PassthroughSubject<Int, Never>()")
        for line in ["let c = s", "    .map { $0 * 2 }", "    .sink { print(\"got\", $0) }"] { type(line) }
        XCTAssertEqual(type("s.send(4)"), ["got 8"])
        type("let n = 5")
        type("n")
        XCTAssertTrue(error(".map { $0 }").contains("continues the pipeline"), "a value named alone is not continued")
    }

    func testAScriptReadsTheSameStatements() {
        let report = ScriptRunner.run(
            text: issueLines.joined(separator: "\n"), path: "issue.conduit", session: session, check: false
        )
        XCTAssertEqual(report.failures, [])
        XCTAssertEqual(report.output.filter { $0.kind == .value }.map(\.text), ["s ← 20"])
    }

    func testSubsShowsTheContinuedPipelineOnOneLineAndLeavesTheLetAlone() {
        issueLines.forEach { type($0) }
        let tree = type("subs")
        XCTAssertTrue(tree.contains("s  sink  active  requested unlimited  delivered 1  ← p.filter{$0>10}"), "\(tree)")
        XCTAssertTrue(tree.contains { $0.contains("p  map ← a") }, "\(tree)")
        XCTAssertFalse(tree.contains { $0.hasPrefix(".") }, "\(tree)")
        XCTAssertEqual(type("inspect p")[1], "  written: a.map{$0*10}")
    }

    func testContinuingALetAtThePromptRedefinesIt() {
        type("subject a")
        type("let p = a.map { $0 * 10 }")
        type("  .filter { $0 > 10 }")
        type("sink s = p")
        XCTAssertEqual(values("send a 1; send a 2"), ["s ← 20"])
        XCTAssertEqual(type("inspect p")[1], "  written: a.map { $0 * 10 }.filter { $0 > 10 }")
    }

    func testTheReplacedSinkIsCancelledAndTheNewOneKeepsItsPlace() {
        type("subject a; subject b")
        type("sink s = a")
        type(".map { $0 + 1 }")
        type("sink t = b")
        XCTAssertEqual(values("send a 1"), ["s ← 2"], "only the continued sink receives")
        let tree = type("subs")
        XCTAssertEqual(tree.filter { $0.contains(" sink ") }.count, 2, "\(tree)")
        XCTAssertTrue(tree[0].hasPrefix("s "), "\(tree)")
    }

    func testAFailingContinuationLeavesTheStatementBeforeItWhole() {
        type("subject textField")
        type("let results = textField")
        type(".map { $0 + 1 }")
        let failure = error(".flatMap { nosuch($0) }")
        XCTAssertTrue(failure.contains("unknown function `nosuch`"), failure)
        XCTAssertTrue(failure.contains("^"), failure)
        XCTAssertTrue(error(".filter { $0 > 1 }").contains("unknown function `nosuch`"),
            "the broken statement stays broken")
        XCTAssertEqual(type("inspect results")[1], "  written: textField.map { $0 + 1 }")
        type("sink out = results")
        XCTAssertEqual(values("send textField 1"), ["out ← 2"])
    }

    func testAFailingContinuationInOneTextDefinesNothing() {
        type("subject textField")
        let failure = error(
            "let results = textField\n  .map { $0 + 1 }\n  .flatMap { nosuch($0) }\n  .filter { $0 > 1 }")
        XCTAssertTrue(failure.contains("unknown function `nosuch`"), failure)
        XCTAssertTrue(error("inspect results").contains("unknown name `results`"))
    }

    func testAFailingContinuedSinkKeepsTheOldSinkSubscribed() {
        type("subject a")
        type("sink s = a")
        _ = error(".map { nosuch($0) }")
        XCTAssertEqual(values("send a 1"), ["s ← 1"])
    }

    func testADotLineAfterAStatementWithoutAPipelineIsRefused() {
        type("subject a; sink s = a")
        type("send a 1")
        let failure = error(".map { $0 * 2 }")
        XCTAssertTrue(failure.contains("`send a 1` does not end with one"), failure)
        let alone = Session().evaluate(".map { $0 }").first?.text ?? ""
        XCTAssertTrue(alone.contains("there is none"), alone)
        let demand = error("sink d = a demand 1\n.map { $0 }")
        XCTAssertTrue(demand.contains("does not end with one"), demand)
    }

    func testContinuingAConnectedPipelineIsRefusedAndKeepsItConnected() {
        type("subject a")
        type("let shared = a.makeConnectable()")
        type("sink s = shared")
        type("connect shared")
        let failure = error(".map { $0 * 2 }")
        XCTAssertTrue(failure.contains("`connect shared` does not end with one"), failure)
        XCTAssertEqual(values("send a 1"), ["s ← 1"])
    }

    func testAnUnclosedBracketIsPointedOutWhenTheNextLineStartsACommand() {
        type("subject a; sink s = a")
        let records = session.evaluate("let p = a.map {\nsend a 1")
        let failure = records.first { $0.kind == .error }?.text ?? ""
        XCTAssertTrue(failure.contains("`{` is never closed (the next line starts a new command, `send`)"), failure)
        XCTAssertTrue(failure.hasSuffix("\n  let p = a.map {\n                ^"), failure)
        XCTAssertTrue(error("inspect p").contains("unknown name"))
    }

    func testABlankLineEndsABrokenStatement() {
        type("subject a; sink s = a")
        let failure = error("let p = a.map { $0 * (2\n\n")
        XCTAssertTrue(failure.contains("`(` is never closed (a blank line ended the statement); close it with `)`"),
            failure)
        XCTAssertEqual(values("send a 1"), ["s ← 1"])
    }

    func testAnUnclosedStringIsPointedOutAtOnce() {
        type("subject a; sink s = a")
        let failure = error("send a \"open")
        XCTAssertTrue(failure.contains("this string has no closing `\"`"), failure)
        XCTAssertTrue(failure.hasSuffix("\n  send a \"open\n         ^"), failure)
        XCTAssertEqual(values("send a 2"), ["s ← 2"])
    }

    func testAScriptReportsTheLineOfAFailingContinuation() {
        let report = ScriptRunner.run(
            text: "subject a\nlet p = a\n  .map { $0 }\n\n  .filter { nosuch($0) }\n", path: "x.conduit",
            session: session, check: false
        )
        XCTAssertEqual(report.failures.first?.message.hasPrefix("x.conduit:5:13: error: unknown function"), true,
                       "\(report.failures)")
    }
}

/// The typed diagnostics of whole statements: where they point and what they say.
final class StatementDiagnosticTests: XCTestCase {
    func testANotContinuableStatementIsShownShortened() {
        let long = "send a " + String(repeating: "1 + ", count: 20) + "1"
        let diagnostic = StatementDiagnostic.notContinuable(statement: long, offset: 90)
        XCTAssertEqual(diagnostic.offset, 90)
        XCTAssertTrue(diagnostic.message.contains("`send a 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1…` does not end"))
    }

    func testAnUnclosedBracketPointsWhereTheReaderFoundIt() {
        let unclosed = StatementReader.Unclosed(offset: 3, symbol: "[", reason: .blankLine)
        let diagnostic = StatementDiagnostic.unclosed(unclosed, offset: 10)
        XCTAssertEqual(diagnostic.offset, 10)
        XCTAssertEqual(diagnostic.message, "`[` is never closed (a blank line ended the statement); close it with `]`")
    }
}
