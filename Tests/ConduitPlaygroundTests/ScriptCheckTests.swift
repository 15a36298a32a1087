import XCTest
@testable import ConduitPlayground

/// `conduit check`'s rules: it goes on after a failing line and counts it, its counts add up,
/// `#> (nothing)` asserts silence, expected errors match wherever the script lives, and the
/// rewritten text for `--update` states what the script printed.
final class ScriptCheckTests: XCTestCase {
    private func check(_ script: String, path: String = "demo.conduit") -> ScriptReport {
        ScriptRunner.run(text: script, path: path, session: Session(), check: true)
    }

    func testCheckingGoesOnAfterAFailingLineAndCountsIt() {
        let report = check("subject n\nsink out = n\nsned n 1\nsend n 2\n#> out ← 2\n")
        XCTAssertEqual(report.checks, 2)
        XCTAssertEqual(report.passed, 1)
        XCTAssertEqual(report.failures.map(\.line), [3])
        XCTAssertTrue(report.failures[0].message.contains("unknown command `sned`"))
    }

    func testAnErrorBelowExpectationsIsReportedAtItsOwnLine() {
        let report = check("subject n\nsink out = n\nsend n 1\n#> out ← 1\n#> out ← 1\nsned n\n")
        XCTAssertEqual(report.failures.map(\.line), [5, 6])
        XCTAssertTrue(report.failures[1].message.hasPrefix("demo.conduit:6:1: error: unknown command `sned`"))
    }

    func testTheCountsAddUpWithErrorsAndMismatches() {
        let report = check("subject n\nsink out = n\nsend n 1\n#> out ← 9\nfrobnicate\nsend n 2\n#> out ← 2\n")
        XCTAssertEqual(report.checks, 3)
        XCTAssertEqual(report.passed, 1)
        XCTAssertEqual(report.failed, 2)
        XCTAssertEqual(report.checks, report.passed + report.failures.count)
    }

    func testNothingMarkerPassesWhenACommandPrintsNothing() {
        let script = "subject taps\ncurrent on = false\nsink out = taps.combineLatest(on).filter { $0[1] }\nsend "
            + "taps 1\n#> (nothing)\n"
        let report = check(script)
        XCTAssertEqual(report.checks, 1)
        XCTAssertEqual(report.passed, 1)
        XCTAssertEqual(report.failures, [])
    }

    func testNothingMarkerFailsWhenACommandPrintsAValue() {
        let report = check("subject n\nsink out = n\nsend n 1\n#> (nothing)\n")
        XCTAssertEqual(report.checks, 1)
        XCTAssertEqual(report.failures, [ScriptFailure(file: "demo.conduit", line: 4,
            message: "expected nothing, got `out ← 1`")])
    }

    func testAnExpectedErrorMatchesWithoutTheFileName() {
        let script = "subject n\nlet x = n.mapp { $0 }\n#> error: unknown operator `mapp`; did you mean `map`?\n"
        let here = check(script, path: "lessons/original.conduit")
        let copied = check(script, path: "/tmp/somewhere/else/copy.conduit")
        XCTAssertEqual(here.failures, [])
        XCTAssertEqual(copied.failures, [])
        XCTAssertEqual(copied.passed, 1)
    }

    func testAnExpectedErrorWrittenWithAnotherFilesLocationStillMatches() {
        let script = "subject n\nlet x = n.mapp { $0 }\n#> old/name.conduit:2:11: error: unknown operator `mapp`; "
            + "did you mean `map`?\n"
        let report = check(script, path: "new.conduit")
        XCTAssertEqual(report.failures, [])
        XCTAssertEqual(report.passed, 1)
    }

    func testUpdatedTextStatesWhatTheScriptPrinted() {
        let script = "subject n\nsink out = n\nsend n 1\n#> out ← 7\nsend n 2\nsned n\nsend n 3\n#> "
            + "(nothing)\ncancel out\n# the end\n"
        let report = check(script, path: "/elsewhere/u.conduit")
        XCTAssertEqual(report.updatedText, """
            subject n
            sink out = n
            send n 1
            #> out ← 1
            send n 2
            #> out ← 2
            sned n
            #> error: unknown command `sned`; did you mean `send`?
            send n 3
            #> out ← 3
            cancel out
            # the end

            """)
        let again = check(report.updatedText!)
        XCTAssertEqual(again.failures, [])
        XCTAssertEqual(again.checks, 4)
    }

    func testAnExpectationLineIsToldByItsFirstBytes() {
        for line in ["#> out", "#>", "  \t#> x", "\u{00A0}#> x"] {
            XCTAssertTrue(ScriptRunner.isExpectation(Substring(line)), line)
        }
        for line in ["", "  ", "# out", "#", "send s 1 #> 1", "\r#> x", "#>\u{301} x", "\u{301}#> x"] {
            XCTAssertFalse(ScriptRunner.isExpectation(Substring(line)), line)
        }
    }

    func testUpdateKeepsStatedInformationalLinesAndWritesNothingForSilence() {
        let script = "subject n\n#> n: PassthroughSubject\ncurrent on = false\nsink out = "
            + "n.combineLatest(on).filter { $0[1] }\nsend n 1\n#> out ← [1, false]\n"
        let report = check(script)
        XCTAssertEqual(report.updatedText,
            "subject n\n#> n: PassthroughSubject\ncurrent on = false\nsink out = n.combineLatest(on).filter { $0[1] "
                + "}\nsend n 1\n#> (nothing)\n")
    }
}
