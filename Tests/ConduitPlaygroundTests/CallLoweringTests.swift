import XCTest

@testable import ConduitPlayground

/// An operator's call read from Swift's own tree (`Language/Lowering/CallLowering.swift`): the
/// arguments, labels and closures Swift reads there, each argument by the kind of expression it is,
/// and Swift's message where the call is wrong.
final class CallLoweringTests: SessionTestCase {
    func testAnArgumentIsTheWholeExpressionSwiftReadsThere() {
        // Before, `Int.max` was taken as a Swift name and the `- 1` after it was refused.
        type("subject s")
        type("sink out = s.prefix(Int.max - 1).map { $0 + 1 }")
        XCTAssertEqual(values("send s 1"), ["out ← 2"])
    }

    func testLabelledTrailingClosuresAreTheCallsArguments() {
        type("let s = PassthroughSubject<Int, Never>()")
        type("let c = s.sink { print(\"done\", $0) } receiveValue: { print(\"got\", $0) }")
        XCTAssertEqual(valueLines("s.send(4)"), ["got 4"])
        XCTAssertEqual(valueLines("s.send(completion: .finished)"), ["done finished"])
    }

    func testArgumentsOfEachShape() {
        type("subject s")
        type("sink a = s.scan(0, +).compactMap(Int.init).removeDuplicates(by: ==)")
        type("sink b = s.multicast { PassthroughSubject<Int, Never>() }.autoconnect()")
        type("sink c = s.receive(on: DispatchQueue(label: \"a)b\")).map(String.init)")
        type("sink d = s.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).output(in: 1...)")
        type("sink e = Publishers.Merge(s, s).collect(.byTimeOrCount(1s, 2))")
        // `receive(on:)` delivers after the others, as a scheduler's work does: compared in any order.
        XCTAssertEqual(values("send s 3").sorted(), ["a ← 3", "b ← 3", "c ← \"3\"", "e ← [3, 3]"])
        XCTAssertEqual(values("send s 4").sorted(), ["a ← 7", "b ← 4", "c ← \"4\"", "d ← 4", "e ← [4, 4]"])
    }

    func testTheSequenceOfAnAsyncLoopIsReadWhereSwiftPutsIt() {
        type("let s = PassthroughSubject<Int, Never>()")
        type("Task { for await v in s.map({ $0 * 2 }).filter { $0 > 2 }.values { print(v) } }")
        XCTAssertEqual(valueLines("s.send(1)"), [])
        XCTAssertEqual(valueLines("s.send(3)"), ["6"])
    }

    func testAWrongCallIsSwiftsMessage() {
        type("subject s")
        XCTAssertTrue(error("let x = s.map(, 1)").contains("expected value in function call"))
        XCTAssertTrue(error("let x = s.map(\\)").contains("expected root in key path"))
        XCTAssertTrue(error("let x = s.map(x: )").contains("a call reads `.map(ARGUMENTS)`"))
        XCTAssertTrue(error("let t = Timer.publish(on: .main, in: .common)").contains("Timer.publish(every: 1s)"))
        XCTAssertEqual(type("subs").count, type("subs").count, "the session keeps what it had")
    }

    func testACallOfThousandsOfArgumentsOrNestedCasesIsReadOrRefusedWithoutCrashing() {
        type("subject s")
        let many = "sink a = s.merge(with: " + Array(repeating: "s", count: 3_000).joined(separator: ", ") + ")"
        XCTAssertEqual(type(many), [])
        let nested = "sink b = s.collect(" + String(repeating: ".byTime(", count: 1_000) + "1s"
            + String(repeating: ")", count: 1_001)
        XCTAssertFalse(error(nested).isEmpty)
        let closures = "sink c = s.map(" + String(repeating: "{ _ in ", count: 400) + "1"
            + String(repeating: " }", count: 400) + ")"
        XCTAssertFalse(error(closures).isEmpty)
        XCTAssertEqual(values("send s 1").first, "a ← 1")
    }
}
