import XCTest
@testable import ConduitPlayground

/// The workshop examples in scripts/examples check themselves: every `#>` line must match.
final class ExampleScriptTests: XCTestCase {
    private var examples: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/examples")
    }

    func testEveryExampleScriptPassesItsChecks() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(
            ".conduit") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 4)
        for file in files {
            let report = ScriptRunner.run(path: examples.appendingPathComponent(file).path, session: Session(),
                check: true)
            XCTAssertGreaterThan(report.checks, 0, file)
            XCTAssertEqual(report.failures, [], file)
            XCTAssertEqual(report.passed, report.checks, file)
        }
    }

    func testAMismatchIsReportedWithFileAndLine() {
        let script = "subject n\nsink out = n\nsend n 1\n#> out ← 2\n"
        let report = ScriptRunner.run(text: script, path: "demo.conduit", session: Session(), check: true)
        XCTAssertEqual(report.checks, 1)
        XCTAssertEqual(report.failures, [ScriptFailure(file: "demo.conduit", line: 4,
            message: "expected `out ← 2`, got `out ← 1`")])
    }

    func testAnErrorStopsTheScriptWithItsLine() {
        let script = "subject n\nsned n 1\nsend n 2\n"
        let report = ScriptRunner.run(text: script, path: "bad.conduit", session: Session(), check: false)
        XCTAssertEqual(report.failures.count, 1)
        XCTAssertEqual(report.failures.first?.line, 2)
        XCTAssertTrue(report.failures.first?.message.contains("bad.conduit:2:1: error: unknown command `sned`")
            ?? false)
    }

    func testLoadRunsAScriptInTheSession() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("conduit-load-\(UUID()).conduit").path
        try "subject loaded\nsink seen = loaded\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let session = Session()
        _ = session.evaluate("load \(path)")
        XCTAssertEqual(session.evaluate("send loaded 3").map(\.text), ["seen ← 3"])
    }

    /// As in a Swift program, `print(..., terminator: "")` leaves the line open for the script's next
    /// statement; what the playground says (`x: Int = 5`) takes a line of its own, and a check or the
    /// script's end closes the line.
    func testAScriptsOpenPrintedLineGoesOnWithTheNextStatement() {
        let script = """
            print("Loading", terminator: "")
            print("...", terminator: "")
            print("done")
            print("a", terminator: "")
            let x = 5
            print("b", terminator: "")
            #> b
            print("end", terminator: "")
            """
        let report = ScriptRunner.run(text: script, path: "dots.conduit", session: Session(), check: true)
        XCTAssertEqual(report.output.map(\.text), ["Loading...done", "a", "x: Int = 5", "b", "end"])
        XCTAssertEqual(report.failures, [])
        XCTAssertEqual(report.passed, 1)
    }

    /// A script is a Swift program's top-level code: what it queues on the main queue (`receive(on:)`,
    /// `DispatchQueue.main.async`) runs when it waits (`tick`), looks (`#>`) or ends, as a program's
    /// run loop turns only then. At the prompt the run loop turns after each answer.
    func testAScriptsMainQueueWorkRunsWhenItWaitsOrEnds() {
        let script = """
            let s = PassthroughSubject<Int, Never>()
            let c = s.receive(on: DispatchQueue.main).sink { print("got", $0) }
            s.send(1)
            print("after send")
            tick 1s
            s.send(2)
            DispatchQueue.main.async { print("async block") }
            print("end")
            """
        let report = ScriptRunner.run(text: script, path: "queue.conduit", session: Session(), check: false)
        XCTAssertEqual(report.output.filter { $0.kind == .value }.map(\.text),
            ["after send", "got 1", "end", "got 2", "async block"])
        let session = Session()
        _ = session.evaluate("let s = PassthroughSubject<Int, Never>()")
        _ = session.evaluate("let c = s.receive(on: DispatchQueue.main).sink { print(\"got\", $0) }")
        XCTAssertEqual(session.evaluate("s.send(1)").filter { $0.kind == .value }.map(\.text), ["got 1"])
    }

    func testAScriptWithWindowsLineEndingsRunsLineByLine() {
        let script = "subject n\r\nsink out = n\r\nsend n 1\r\n#> out ← 1\r\n"
        let report = ScriptRunner.run(text: script, path: "crlf.conduit", session: Session(), check: true)
        XCTAssertEqual(report.failures, [])
        XCTAssertEqual(report.passed, 1)
    }

    func testOutputCanBeStreamedAsTheScriptGoes() {
        var streamed: [[String]] = []
        let script = "subject n\nsink out = n\nsend n 1\nsend n 2\n"
        let report = ScriptRunner.run(text: script, path: "s.conduit", session: Session(), check: false) { records in
            streamed.append(records.map(\.text))
        }
        XCTAssertEqual(streamed, [["n: PassthroughSubject"], [], ["out ← 1"], ["out ← 2"]])
        XCTAssertEqual(report.output, [], "streamed output is not kept")
    }
}
