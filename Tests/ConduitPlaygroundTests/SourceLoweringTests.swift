import XCTest

@testable import ConduitPlayground

/// Sources and subjects read from Swift's tree (`Language/Lowering/MemberSourceLowering.swift`,
/// `SourceCallLowering.swift`, `SubjectLowering.swift`): `Timer.publish(every:)`, `timer(1s)`,
/// `[...].publisher`, `Publishers.Merge(...)`, `Record(...)` and the subjects Swift makes; the member,
/// call and labels are where Swift's parser puts them, and a wrong one says what the source takes.
final class SourceLoweringTests: SessionTestCase {
    func testTimersTickWhereSwiftReadsTheirCall() {
        type("sink t = Timer.publish(every: 1s).autoconnect().prefix(2).count()")
        XCTAssertEqual(values("tick 3s"), ["t ← 2   @2s", "t ✓ finished   @2s"])
        type("sink u = Timer.publish(every: 1.0, on: .main, in: .common).autoconnect().prefix(1).count()")
        XCTAssertEqual(values("tick 1s"), ["u ← 1   @4s", "u ✓ finished   @4s"])
        type("sink v = timer( 2s ).prefix(1)")
        XCTAssertEqual(values("tick 2s"), ["v ← 1   @6s", "v ✓ finished   @6s"])
    }

    func testSequencesCombinationsAndRecords() {
        XCTAssertEqual(values("sink a = [1, 2].publisher"), ["a ← 1", "a ← 2", "a ✓ finished"])
        XCTAssertEqual(values("sink b = Publishers.Merge([1].publisher, [2].publisher)"),
            ["b ← 1", "b ← 2", "b ✓ finished"])
        XCTAssertEqual(values("sink r = Record<Int, Never>(output: [1], completion: .finished)"),
            ["r ← 1", "r ✓ finished"])
        XCTAssertEqual(values("sink f = Record(output: [3], completion: .failure(\"late\"))"),
            ["f ← 3", "f ✗ failed: late"])
    }

    func testANameCalledOrNotIsReadAsSwiftReadsIt() {
        // `timer` alone is a name; `timer(1s)` the source.
        type("let timer = [7].publisher")
        XCTAssertEqual(values("sink a = timer"), ["a ← 7", "a ✓ finished"])
        type("func numbers() -> AnyPublisher<Int, Never> { [4, 5].publisher.eraseToAnyPublisher() }")
        XCTAssertEqual(values("sink b = numbers().map { $0 * 2 }"), ["b ← 8", "b ← 10", "b ✓ finished"])
    }

    func testSubjectsAreMadeAsSwiftWritesThem() {
        type("let p = PassthroughSubject<Int, Never>()")
        type("let c = CurrentValueSubject<Int, Never>(1 + 2)")
        type("sink a = p")
        XCTAssertEqual(values("sink b = c"), ["b ← 3"])
        XCTAssertEqual(values("p.send(4)"), ["a ← 4"])
        type("let o = ObservableObjectPublisher()")
        XCTAssertEqual(values("sink d = o"), [])
    }

    func testCancellableStoresAreTheOnesSwiftReads() {
        type("let s = PassthroughSubject<Int, Never>()")
        for (index, store) in ["var a = Set<AnyCancellable>()", "var b: Set<AnyCancellable> = [ ]",
            "var c = [AnyCancellable]()", "var d: Set<AnyCancellable> = Set()"].enumerated()
        {
            let lines = type(store)
            XCTAssertFalse(lines.contains { $0.contains("error") }, "\(store): \(lines)")
            let name = ["a", "b", "c", "d"][index]
            type("s.sink { print(\"\(name)\", $0) }.store(in: &\(name))")
        }
        XCTAssertEqual(printed("s.send(1)"), ["a 1", "b 1", "c 1", "d 1"])
    }

    func testAWrongSourceSaysWhatItTakesOrIsSwiftsMessage() {
        let unseparated = error("sink t = Timer.publish(every: 1s 2)")
        XCTAssertTrue(unseparated.contains("unexpected code '2' in function call"), unseparated)
        XCTAssertTrue(error("sink t = Timer.schedule(every: 1s)").contains("write `Timer.publish(every: 1s)`"))
        XCTAssertTrue(error("sink t = timer()").contains("needs a positive duration"))
        XCTAssertTrue(error("sink t = [1, 2].values").contains("becomes a source with `.publisher`"))
        XCTAssertTrue(error("sink m = Publishers.Merge([1].publisher)").contains("combines two publishers or more"))
        XCTAssertTrue(error("sink r = Record(output: 1)").contains("`output:` takes an array"))
        XCTAssertTrue(error("sink r = Record(output: [1], completion: .failure(1))").contains("in double quotes"))
        XCTAssertTrue(error("let p = PassthroughSubject<Int, Never>(1)").contains("starts with no value"))
        XCTAssertTrue(error("let c = CurrentValueSubject<Int, Never>()").contains("starts with one value"))
        let subject = error("let c = CurrentValueSubject<Int, Never>(1 2)")
        XCTAssertTrue(subject.contains("unexpected code '2' in function call"), subject)
        XCTAssertTrue(subject.contains("CurrentValueSubject<Bool, Never>(true)"), subject)
        XCTAssertEqual(values("sink a = [1].publisher"), ["a ← 1", "a ✓ finished"], "the session reads on")
    }

    func testHostileSourcesNeitherCrashNorHang() {
        let many = "sink a = [" + Array(repeating: "1", count: 5_000).joined(separator: ", ") + "].publisher.count()"
        XCTAssertEqual(values(many), ["a ← 5000", "a ✓ finished"])
        let deep = "sink b = Record(output: " + String(repeating: "[", count: 3_000)
            + String(repeating: "]", count: 3_000) + ")"
        XCTAssertFalse(type(deep).isEmpty)
        XCTAssertFalse(type("let c = CurrentValueSubject<Int, Never>(" + String(repeating: "(", count: 5_000)).isEmpty)
        XCTAssertFalse(type("sink t = Timer.publish(every: " + String(repeating: "(", count: 5_000)).isEmpty)
        let merged = "sink m = Publishers.Merge(" + Array(repeating: "[1].publisher", count: 2_000)
            .joined(separator: ", ") + ")"
        XCTAssertFalse(type(merged).isEmpty)
        XCTAssertEqual(values("sink z = [2].publisher"), ["z ← 2", "z ✓ finished"], "the session reads on")
    }
}
