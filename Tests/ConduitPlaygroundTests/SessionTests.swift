import XCTest
@testable import ConduitPlayground

final class SessionCommandTests: SessionTestCase {
    func testSubjectSinkAndSendPrintValues() {
        type("subject numbers")
        type("sink out = numbers.map { $0 * 2 }")
        XCTAssertEqual(values("send numbers 3"), ["out ← 6"])
        XCTAssertEqual(values("send numbers 5"), ["out ← 10"])
    }

    func testCurrentValueSubjectDeliversItsValueOnSubscribe() {
        type("current isOn = true")
        XCTAssertEqual(values("sink s = isOn"), ["s ← true"])
        XCTAssertEqual(values("send isOn false"), ["s ← false"])
    }

    func testLetNamesAPipelineThatSinksCanUse() {
        type("subject n")
        type("let big = n.filter { $0 > 3 }")
        type("sink out = big")
        XCTAssertEqual(values("send n 2"), [])
        XCTAssertEqual(values("send n 7"), ["out ← 7"])
    }

    func testCompleteAndFailArePrinted() {
        type("subject a")
        type("subject b")
        type("sink x = a")
        type("sink y = b")
        XCTAssertEqual(values("complete a"), ["x ✓ finished"])
        XCTAssertEqual(values("fail b \"offline\""), ["y ✗ failed: offline"])
    }

    func testSequenceSourceWithLimitedDemandAndRequest() {
        XCTAssertEqual(values("sink slow = [1, 2, 3, 4].publisher demand 2"), ["slow ← 1", "slow ← 2"])
        XCTAssertEqual(values("request slow 1"), ["slow ← 3"])
        XCTAssertEqual(values("request slow 5"), ["slow ← 4", "slow ✓ finished"])
    }

    func testCancelStopsDelivery() {
        type("subject s")
        type("sink out = s")
        XCTAssertEqual(type("cancel out"), ["out cancelled"])
        XCTAssertEqual(values("send s 1"), [])
    }

    func testSemicolonSeparatesCommandsAndCommentsAreIgnored() {
        type("subject q; sink out = q   # a comment")
        XCTAssertEqual(values("send q 1; send q 2"), ["out ← 1", "out ← 2"])
        XCTAssertEqual(values("send q \"a;b\""), ["out ← \"a;b\""])
    }

    func testRecordsArraysAndMemberAccess() {
        type("subject taps")
        type("sink names = taps.map { $0.name }")
        XCTAssertEqual(values("send taps {name: \"ace\", rank: 1}"), ["names ← \"ace\""])
        type("subject pairs")
        type("sink second = pairs.map { $0[1] }")
        XCTAssertEqual(values("send pairs [1, \"two\"]"), ["second ← \"two\""])
    }

    func testClosureLanguage() {
        type("subject n")
        type("sink out = n.map { $0 % 2 == 0 ? \"even\" : \"odd\" + \"!\" }")
        XCTAssertEqual(values("send n 4"), ["out ← \"even\""])
        XCTAssertEqual(values("send n 3"), ["out ← \"odd!\""])
        type("sink named = n.map { x in abs(x) * 10 }")
        XCTAssertEqual(values("send n -2").last, "named ← 20")
    }

    func testScanWithTwoArguments() {
        XCTAssertEqual(values("sink total = [1, 2, 3].publisher.scan(0) { $0 + $1 }"),
                       ["total ← 1", "total ← 3", "total ← 6", "total ✓ finished"])
    }

    func testClosureFailureFailsThePipelineAndSessionGoesOn() {
        type("subject n")
        type("sink out = n.map { 10 / $0 }")
        XCTAssertEqual(values("send n 2"), ["out ← 5"])
        XCTAssertEqual(values("send n 0"), ["out ✗ failed: division by zero: 10 / 0"])
        type("subject m")
        type("sink other = m")
        XCTAssertEqual(values("send m 1"), ["other ← 1"])
    }

    func testMissingMemberFailsReadably() {
        type("subject cards")
        type("sink out = cards.map { $0.suit }")
        let output = values("send cards {name: \"ace\"}")
        XCTAssertEqual(output.count, 1)
        XCTAssertTrue(output[0].hasPrefix("out ✗ failed: record {name: \"ace\"} has no member `suit`"), output[0])
    }

    func testContinuationLineExtendsThePreviousLet() {
        type("subject n")
        type("let p = n.map { $0 + 1 }")
        type("    .filter { $0 > 2 }")
        type("sink out = p")
        XCTAssertEqual(values("send n 1"), [])
        XCTAssertEqual(values("send n 5"), ["out ← 6"])
    }

    func testMultiLineStatementInOneEvaluation() {
        type("subject n")
        XCTAssertEqual(values("sink out = n\n  .map { $0 * 3 }\n  .filter { $0 > 3 }"), [])
        XCTAssertEqual(values("send n 2"), ["out ← 6"])
    }

    func testQuitFinishesTheSession() {
        XCTAssertFalse(session.isFinished)
        type("quit")
        XCTAssertTrue(session.isFinished)
    }

    func testResetForgetsEverything() {
        type("subject n; sink out = n")
        type("reset")
        XCTAssertTrue(error("send n 1").contains("unknown subject `n`"))
        type("subject n")
    }

    func testHelpListsCommandsAndExplainsOperators() {
        let overview = type("help").joined(separator: "\n")
        XCTAssertTrue(overview.contains("subject NAME"))
        XCTAssertTrue(overview.contains("sink NAME = PIPELINE"))
        let map = type("help map").joined(separator: "\n")
        XCTAssertTrue(map.contains(".map"))
        XCTAssertTrue(map.contains("example: let doubled = numbers.map { $0 * 2 }"))
        for spec in OperatorTable.all {
            XCTAssertFalse(type("help \(spec.name)").isEmpty, spec.name)
        }
        XCTAssertTrue(error("help mapp").contains("did you mean `help map`?"))
    }

    func testNeedsContinuation() {
        XCTAssertTrue(session.needsContinuation("let p = n.map {"))
        XCTAssertFalse(session.needsContinuation("send n \"open"), "a string ends on its line")
        XCTAssertFalse(session.needsContinuation("let p = n.map { $0 }"))
        XCTAssertFalse(session.needsContinuation("send n \"{\""))
    }

    func testCompletions() {
        type("subject taps; subject tally")
        XCTAssertEqual(session.completions(for: "su", cursor: 2), ["subject", "subs"])
        XCTAssertEqual(session.completions(for: "send ta", cursor: 7), ["tally", "taps"])
        XCTAssertEqual(session.completions(for: "let x = taps.ma", cursor: 15), ["makeConnectable", "map", "mapError",
            "max"])
        XCTAssertTrue(session.completions(for: "help com", cursor: 8).contains("compactMap"))
    }
}

final class MoreOperatorTests: SessionTestCase {
    func testSwitchToLatestFollowsTheNamedPublisher() {
        type("subject fast; subject slow; subject choice")
        type("sink out = choice.map { $0 ? \"fast\" : \"slow\" }.switchToLatest()")
        type("send choice true")
        XCTAssertEqual(values("send fast 1; send slow 2"), ["out ← 1"])
        type("send choice false")
        XCTAssertEqual(values("send fast 3; send slow 4"), ["out ← 4"])
    }

    func testCombiningAndRecoveryOperators() {
        type("subject a; subject b")
        type("sink m = a.merge(with: b)")
        type("sink z = a.zip(b) { $0 + $1 }")
        XCTAssertEqual(values("send a 1"), ["m ← 1"])
        XCTAssertEqual(values("send b 10"), ["m ← 10", "z ← 11"])
        type("subject flaky")
        type("sink safe = flaky.catch { \"recovered: \" + $0 }")
        XCTAssertEqual(values("fail flaky \"offline\""), ["safe ← \"recovered: offline\"", "safe ✓ finished"])
        XCTAssertEqual(values("sink f = [1, 2].publisher.flatMap { [$0, $0 * 10] }"), ["f ← 1", "f ← 10", "f ← 2",
            "f ← 20", "f ✓ finished"])
    }

    func testPrefixAndDropUntilOutputFrom() {
        type("subject a; subject gate")
        type("sink before = a.prefix(untilOutputFrom: gate)")
        type("sink after = a.drop(untilOutputFrom: gate)")
        XCTAssertEqual(values("send a 1"), ["before ← 1"])
        XCTAssertEqual(values("send gate 0"), ["before ✓ finished"])
        XCTAssertEqual(values("send a 2"), ["after ← 2"])
        XCTAssertTrue(error("let x = a.prefix(untilOutputFrom: 3)").contains("takes the name of a subject or pipeline"))
    }

    func testTryAliasesAndReplaceNil() {
        type("subject n")
        type("sink out = n.tryMap { $0 }.replaceNil(with: 0)")
        XCTAssertEqual(values("send n nil; send n 4"), ["out ← 0", "out ← 4"])
    }

    func testReducingOperators() {
        XCTAssertEqual(values("sink c = [3, 1, 2].publisher.count()"), ["c ← 3", "c ✓ finished"])
        XCTAssertEqual(values("sink m = [3, 1, 2].publisher.max()"), ["m ← 3", "m ✓ finished"])
        XCTAssertEqual(values("sink all = [3, 1, 2].publisher.collect()"), ["all ← [3, 1, 2]", "all ✓ finished"])
        XCTAssertEqual(values("sink bad = [1, \"x\"].publisher.min()"),
            ["bad ✗ failed: cannot compare string \"x\" with integer 1"])
    }
}
