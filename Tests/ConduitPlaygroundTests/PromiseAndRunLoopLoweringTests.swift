import XCTest

@testable import ConduitPlayground

/// A future's promise called, `RunLoop.main.run(until:)` and `group.notify(queue:)` read from Swift's tree
/// (`Language/Lowering/PromiseLowering.swift`, `RunLoopLowering.swift`): the call, its label, its one
/// argument and the result's case are where Swift's parser puts them, and a wrong one is swiftc's message.
final class PromiseAndRunLoopLoweringTests: SessionTestCase {
    func testAPromiseIsFulfilledWithTheCaseSwiftReads() {
        XCTAssertEqual(printed("let a = Future<Int, Never> { $0( .success( 1 + 2 ) ) }; a.sink { print($0) }"),
            ["3", "sink1 ✓ finished"])
        XCTAssertEqual(printed("let b = Future<Void, Never> { promise in promise(.success()) }; b.sink { print($0) }"),
            ["()", "sink2 ✓ finished"])
        type("enum LoadError: Error { case offline }")
        type("let c = Future<Int, LoadError> { promise in promise(.failure(.offline)) }")
        XCTAssertEqual(printed("c.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })"),
            ["failure(LoadError.offline)", "sink3 ✗ failed: LoadError.offline"])
    }

    func testThePlaygroundsFutureTakesItsDelayAndValueWhereSwiftPutsThem() {
        type("sink a = Future(after: 2s) { 1 + 4 }")
        XCTAssertEqual(values("tick 2s"), ["a ← 5   @2s", "a ✓ finished   @2s"])
        XCTAssertEqual(values("sink b = Future<Int, Never> { 6 }"), ["b ← 6   @2s", "b ✓ finished   @2s"])
        XCTAssertTrue(error("sink c = Future(later: 1s) { 1 }").contains("`Future(after: 1s) { VALUE }`"))
        XCTAssertTrue(error("sink d = Future(after: 1s)").contains("the value the promise is fulfilled with"))
        XCTAssertTrue(error("sink e = Future { 1; 2 }").contains("the value the promise is fulfilled with"))
    }

    func testAWrongPromiseCallIsSwiftsMessageOrSaysWhatItTakes() {
        let unseparated = error("let f = Future<Int, Never> { promise in promise(.success(1) 2) }")
        XCTAssertTrue(unseparated.contains("unexpected code '2' in function call"), unseparated)
        let empty = error("let f = Future<Int, Never> { promise in promise() }")
        XCTAssertTrue(empty.contains("call the promise with a result"), empty)
        let twice = error("let f = Future<Int, Never> { promise in promise(.success(1, 2)) }")
        XCTAssertTrue(twice.contains("write `.success(VALUE)`"), twice)
    }

    func testRunLoopAndNotifyAreReadWhereSwiftReadsTheirCall() {
        XCTAssertEqual(printed("DispatchQueue.main.asyncAfter(deadline: .now() + 1) { print(\"ran\") }"), [])
        XCTAssertEqual(printed("RunLoop.main.run(until: Date().addingTimeInterval( 2 ))"), ["ran"])
        XCTAssertTrue(error("RunLoop.main.run(until: Date() 1)").contains("unexpected code '1' in function call"))
        XCTAssertTrue(error("RunLoop.main.run(for: 1)").contains("write `RunLoop.main.run(until:"))
        type("let group = DispatchGroup()")
        XCTAssertEqual(printed("group.notify(queue: DispatchQueue.global(qos: .background)) { print(\"left\") }"),
            [])
        let noClosure = error("group.notify(queue: .main)")
        XCTAssertTrue(noClosure.contains("write `group.notify(queue: .main) { ... }`"), noClosure)
    }

    func testHostilePromisesAndRunLoopsNeitherCrashNorHang() {
        let deep = "let f = Future<Int, Never> { promise in promise(.success(" + String(repeating: "(", count: 3_000)
            + "1" + String(repeating: ")", count: 3_000) + ")) }"
        XCTAssertFalse(type(deep).isEmpty)
        XCTAssertFalse(type("RunLoop.main.run(until: " + String(repeating: "[", count: 5_000)).isEmpty)
        XCTAssertFalse(type("let group = DispatchGroup(); group.notify(queue: "
            + Array(repeating: ".main", count: 2_000).joined(separator: ", ") + ") { }").isEmpty)
        XCTAssertEqual(printed("print(1)"), ["1"], "the session reads on")
    }
}
