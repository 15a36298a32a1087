import XCTest
@testable import ConduitPlayground

/// Lines that crashed or hung the playground: each must now get a clear message (or work), and
/// leave every name and subscription as it was.
final class HostileInputTests: SessionTestCase {
    override func setUp() {
        super.setUp()
        type("subject s; sink keep = s")
    }

    override func tearDown() {
        XCTAssertEqual(values("send s 1").map { $0.prefix(8) }, ["keep ← 1"], "the subject and its sink survive")
        super.tearDown()
    }

    func testDurationsTooLongForSixtyFourBitsAreRefused() {
        // Converting 1e20 seconds to Int64 nanoseconds trapped.
        XCTAssertTrue(error("tick 99999999999999999999s").contains("the duration 99999999999999999999s is too long"))
        XCTAssertEqual(type("let d = s.debounce(for: 9223372036854775807ns)"), [], "the longest duration there is")
        XCTAssertTrue(error("let e = s.debounce(for: 9223372036854775808ns)").contains("too long"))
        XCTAssertTrue(error("sink t = timer(9223372036855ms)").contains("too long"))
        XCTAssertTrue(error("let d = s.delay(for: 1e300s)").contains("too long"))
        type("sink far = s.delay(for: 9223372036s)")
        XCTAssertEqual(values("tick 9223372036s").count, 0)
        XCTAssertTrue(type("tick 9223372036s").first?.hasPrefix("time is") ?? false,
            "the clock saturates, it does not overflow")
        type("cancel far")
    }

    func testHugeCountsReachTheEngineSafely() {
        // collect(Int.max) reserved Int.max elements and corrupted the heap.
        type("sink all = s.collect(9223372036854775807)")
        type("send s 7; complete s")
        XCTAssertEqual(type("inspect all").filter { $0.contains("delivered") }, ["  delivered: 1"])
        type("reset; subject s; sink keep = s")
        // output(at: Int.max) overflowed computing its range.
        XCTAssertTrue(error("let o = s.output(at: 9223372036854775807)").contains("at most 9223372036854775806"))
        XCTAssertTrue(error("sink big = s demand 99999999999999999999").contains("too large"))
        type("sink lots = s demand 9223372036854775807")
        type("request lots 9223372036854775807")
        XCTAssertEqual(values("send s 2"), ["keep ← 2", "lots ← 2"])
        type("cancel lots")
    }

    func testRetryingAFailedSubjectNeitherRecursesNorSpins() {
        // Each attempt failed inside the subscribe of the one before: the stack overflowed.
        type("subject gone")
        type("fail gone \"offline\"")
        XCTAssertEqual(values("sink r = gone.retry(10000)"), ["r ✗ failed: offline"])
        XCTAssertTrue(error("sink q = gone.retry(9223372036854775807)").contains("at most 10000"))
    }

    func testOverflowingArithmeticFailsThePipeline() {
        type("sink neg = s.map { -$0 }")
        XCTAssertEqual(values("send s -9223372036854775807 - 1").filter { $0.hasPrefix("neg") },
            ["neg ✗ failed: -(-9223372036854775808) overflows"])
        XCTAssertTrue(error("send s 9223372036854775807 + 1").contains("overflows"))
        XCTAssertTrue(error("send s 9223372036854775808").contains("whole numbers go up to 9223372036854775807"))
        XCTAssertEqual(values("sink e = Just(2.5e3)"), ["e ← 2500.0", "e ✓ finished"])
    }

    func testDeepNestingIsRefusedNotAStackOverflow() {
        for line in [
            "send s " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
            "send s " + String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000),
            "send s " + String(repeating: "-", count: 100_000) + "1",
            "send s " + String(repeating: "!", count: 100_000) + "true",
            "send s 1" + String(repeating: " + 1", count: 100_000),
            "send s " + String(repeating: "{a: ", count: 10_000) + "1" + String(repeating: "}", count: 10_000),
            "send s " + String(repeating: "true ? ", count: 10_000) + "1" + String(repeating: " : 2", count: 10_000),
            "let m = s.map { $0" + String(repeating: ".a", count: 10_000) + " }",
            "let c = s.collect(" + String(repeating: ".byTime(", count: 10_000) + "1s" + String(repeating: ")",
                count: 10_000) + ")",
        ] {
            XCTAssertTrue(error(line).contains("nests too deeply"), String(line.prefix(40)))
        }
    }

    func testAnUnknownWordBeforeTextTooLongForSwiftsParserIsAnUnknownCommand() {
        // Over 64 KB Swift's parser is not given the line: the word is still no command, and said so.
        let message = error("nonsense " + String(repeating: "y", count: 100_000))
        XCTAssertTrue(message.contains("unknown command `nonsense`"), String(message.prefix(120)))
    }

    func testALongBodyIsRefusedNotAStackOverflowWhenRun() {
        // 1,000 `let` steps in a function overflowed the stack when the function ran (signal 11).
        for step in ["let a = 1", "x += 1", "print(1)"] {
            let body = Array(repeating: "    \(step)", count: 1_000).joined(separator: "\n")
            let message = error("func long() {\n    var x = 0\n\(body)\n}")
            XCTAssertTrue(message.contains("this body is too long to read: at most 120 statements"), message)
        }
        // A body of 100 statements is read and runs.
        let body = Array(repeating: "    x += 1", count: 100).joined(separator: "\n")
        type("func hundred() -> Int {\n    var x = 0\n\(body)\n    return x\n}")
        XCTAssertEqual(valueLines("print(hundred())"), ["100"])
    }

    func testLongChainsOfOperatorsAreRefused() {
        XCTAssertTrue(error("let long = s" + String(repeating: ".map { $0 }", count: 3_000)).contains("at most 100"))
        type("let p0 = s" + String(repeating: ".map { $0 }", count: 60))
        XCTAssertTrue(error("let p1 = p0" + String(repeating: ".map { $0 }", count: 60)).contains("at most 100"),
            "pipelines read count too")
    }

    func testMulticastIntoItsOwnUpstreamIsRefused() {
        // Every value went round the loop for ever: the stack overflowed.
        XCTAssertTrue(error("let loop = s.map { $0 + 1 }.multicast(subject: s)").contains(
            "send every value back into itself"))
        type("let p = s.map { $0 }")
        XCTAssertTrue(error("let loop2 = p.multicast(subject: s)").contains("reads from `s`"))
    }

    func testAFastTimerCannotHoldTheSession() {
        // A 1ns timer and `tick 1s` ran a billion actions.
        type("sink fast = timer(1ns).count()")
        XCTAssertEqual(type("tick 1s"),
            ["tick stopped at 100us after 100000 scheduled actions (a very fast timer?); `tick 999ms` goes on"])
        type("cancel fast")
        XCTAssertEqual(type("tick 1s"), ["time is 1000ms"], "the clock moves on once the timer is gone")
    }

    func testAMegabyteLineIsReportedAroundTheError() {
        let records = session.evaluate("send s 1 + " + String(repeating: "x", count: 1_000_000))
        let lines = records.first { $0.kind == .error }?.text.split(separator: "\n") ?? []
        XCTAssertEqual(lines.count, 3)
        XCTAssertLessThan(lines[1].count, 200, "the line is cut around the error")
        XCTAssertEqual(values("send s \"" + String(repeating: "y", count: 1_000_000) + "\"").first?.count, 1_000_000
            + 9)
    }

    func testLongConditionsAndSwitchesAreRefusedNotAStackOverflow() {
        // 5,000 clauses nested 5,000 levels when the `if` ran, and overflowed the stack.
        let clauses = Array(repeating: "1 > 0", count: 5_000).joined(separator: ", ")
        XCTAssertTrue(error("if \(clauses) { print(1) }").contains("nests too deeply"))
        let cases = (0..<1_000).map { "case \($0): print(\($0))" }.joined(separator: " ")
        XCTAssertTrue(error("switch 1 { \(cases) default: break }").contains("nests too deeply"))
    }

    func testWhatFollowsASemicolonInALineTooLongToSplitIsNeverLost() {
        // A line of more than 64 KB is not split at its `;`s: what followed the first was dropped silently.
        let line = "print(1); print(2)" + String(repeating: " ", count: 70_000)
        let message = error(line)
        XCTAssertTrue(message.contains("the statement after this `;` was not read"), message)
        XCTAssertFalse(type(line).contains("1"), "nothing of the line ran")
    }

    func testBytesThatAreNotUTF8AreNamed() {
        XCTAssertTrue(error("send s \u{FFFD}").contains("not UTF-8"))
    }

    func testLoadingAMissingFileADirectoryOrItselfExplainsWhy() throws {
        XCTAssertTrue(error("load /no/such/file.conduit").contains("there is no file"))
        XCTAssertTrue(error("load /tmp").contains("is a directory"))
        let path = NSTemporaryDirectory() + "conduit-self-\(getpid()).conduit"
        try "load \(path)\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertTrue(error("load \(path)").contains("a script cannot load itself"))
    }

    func testResetMidPipelineLeavesNothingRunning() {
        type("sink late = s.delay(for: 1s); sink ticks = timer(100ms)")
        type("let answer = Future(after: 1s) { 1 }; sink a = answer")
        type("let live = s.makeConnectable(); sink b = live; connect live")
        type("send s 5")
        XCTAssertEqual(type("reset"), ["reset: every name is gone"])
        XCTAssertEqual(values("tick 2s"), [], "nothing made before the reset prints after it")
        type("subject s; sink keep = s")
    }

    func testAClosureCannotNestOrDoubleAValueWithoutBound() {
        // Wrapping the accumulator 200,000 times overflowed the stack when the value was freed.
        type("sink deep = s.reduce(0) { [$0] }.map { count($0) }")
        type("sink grow = s.scan([1]) { $0 + $0 }.map { count($0) }.last()")
        type("sink text = s.scan(\"ab\") { $0 + $0 }.map { count($0) }.last()")
        var ended: [String] = []
        for _ in 0..<600 { ended += values("send s 0") }
        ended += values("complete s")
        XCTAssertTrue(ended.contains(
            "deep ✗ failed: this value would nest more than 500 levels of arrays and records"), "\(ended)")
        XCTAssertTrue(ended.contains(
            "grow ✗ failed: joining arrays of 524288 and 524288 elements would pass 1,000,000 elements"), "\(ended)")
        XCTAssertTrue(ended.contains("text ✗ failed: joining strings of 16777216 and 16777216 bytes would pass 16 MB"),
            "\(ended)")
        type("reset; subject s; sink keep = s")
    }
}
