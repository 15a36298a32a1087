import XCTest

@testable import ConduitPlayground

/// Swift's `Future { promise in ... }` (issue 28): typed or not, fulfilled at once or later, with a
/// success or a failure; the promise takes its first result only, and the closure runs once.
final class SwiftFutureTests: SessionTestCase {
    func testATypedFutureFulfilledAtOnce() {
        XCTAssertEqual(printed("let f = Future<Int, Never> { promise in promise(.success(42)) }; f.sink { print($0) }"),
            ["42", "sink1 ✓ finished"])
    }

    func testAnUntypedFutureThatFails() {
        type("let f = Future { promise in promise(.failure(\"offline\")) }")
        XCTAssertEqual(printed("let kept1 = f.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })")
            .last,
            "kept1 ✗ failed: offline")
    }

    func testAPromiseCalledLaterFromTheMainQueueAfterASecond() {
        type("let f = Future<Int, Never> { promise in "
            + "DispatchQueue.main.asyncAfter(deadline: .now() + 1) { promise(.success(7)) } }")
        XCTAssertEqual(printed("let kept2 = f.sink { print(\"got\", $0) }"), [])
        XCTAssertEqual(printed("tick 1s"), ["got 7", "kept2 ✓ finished   @1s"])
    }

    func testAPromiseCalledFromASubjectsSinkTakesTheFirstValueOnly() {
        type("var cancellables = Set<AnyCancellable>()")
        type("let s = PassthroughSubject<Int, Never>()")
        type("let f = Future<Int, Never> { promise in s.sink { promise(.success($0)) }.store(in: &cancellables) }")
        type("let kept3 = f.sink { print(\"f\", $0) }")
        XCTAssertEqual(printed("s.send(5)").filter { !$0.hasPrefix("kept") }, ["f 5"])
        XCTAssertEqual(printed("s.send(6)"), [])
    }

    func testASinkWhoseAnyCancellableIsLeftUnusedIsCancelledAtOnceAsSwiftFreesIt() {
        type("let s = PassthroughSubject<Int, Never>()")
        type("let f = Future<Int, Never> { promise in s.sink { promise(.success($0)) } }")
        type("let kept4 = f.sink { print(\"f\", $0) }")
        XCTAssertEqual(printed("s.send(5)").filter { !$0.hasPrefix("sink") }, [], "the promise is never called")
    }

    func testTheClosureRunsOnceWhenTheFutureIsMadeAndEachSubscriberGetsTheResult() {
        XCTAssertEqual(printed("let f = Future<Int, Never> { promise in print(\"working\"); promise(.success(1)) }"),
            ["working"])
        XCTAssertEqual(printed("let kept5 = f.sink { print(\"a\", $0) }").first, "a 1")
        XCTAssertEqual(printed("let kept6 = f.sink { print(\"b\", $0) }").first, "b 1")
    }

    func testAFutureInAFlatMapUsesTheOuterValue() {
        type("let p = PassthroughSubject<Int, Never>()")
        type("let kept7 = p.flatMap { v in Future<Int, Never> { promise in promise(.success(v * 10)) } }"
            + ".sink { print($0) }")
        XCTAssertEqual(printed("p.send(2)"), ["20"])
    }

    func testThePromiseAsDollarZero() {
        XCTAssertEqual(printed("let f = Future<Int, Never> { $0(.success(3)) }; f.sink { print($0) }"),
            ["3", "sink1 ✓ finished"])
    }

    func testThePlaygroundsOwnFutureStaysAsItWas() {
        XCTAssertEqual(printed("let f = Future { 5 }; f.sink { print($0) }"), ["5", "sink1 ✓ finished"])
    }

    func testAMistakeInAPromiseCallSaysWhere() {
        XCTAssertTrue(error("let f = Future<Int, Never> { promise in promise(.success(1) }").contains("never closed"))
        let missing = error("let f = Future<Int, Never> { promise in promise(.success(1), 2) }")
        XCTAssertTrue(missing.contains("expected `)` to close the call of `promise`"), missing)
    }

    func testADeferredFutureRunsItsClosureOncePerSubscriberAndNeverBefore() {
        let declared = type(
            "let deferred = Deferred { Future<Int, Never> { promise in print(\"work\"); promise(.success(1)) } }")
        XCTAssertFalse(declared.contains("work"), "nothing runs before a subscriber: \(declared)")
        let first = session.evaluate("let d1 = deferred.sink { print(\"d1\", $0) }").map(\.text)
        XCTAssertEqual(first.filter { $0 == "work" }.count, 1, "\(first)")
        let second = session.evaluate("let d2 = deferred.sink { print(\"d2\", $0) }").map(\.text)
        XCTAssertEqual(second.filter { $0 == "work" }.count, 1, "\(second)")
    }

    /// A function that makes a Future (a fake network call, as tutorials write one): the Future's closure
    /// runs once per call, never when the function is declared, and its scheduled work sees the
    /// function's parameter.
    func testAFunctionThatMakesAFutureRunsItsClosureOncePerCall() {
        let declared = printed("""
            func fetchUser(id: Int) -> AnyPublisher<Int, Error> {
                Future<Int, Error> { promise in
                    print("requesting", id)
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
                        print("answering", id)
                        promise(.success(id * 10))
                    }
                }
                .eraseToAnyPublisher()
            }
            """)
        XCTAssertEqual(declared, [], "declaring the function runs nothing")
        XCTAssertEqual(printed("let user = fetchUser(id: 2)"), ["requesting 2"], "once, as Swift's")
        XCTAssertEqual(printed("fetchUser(id: 3).sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })"),
            ["requesting 3"])
        type("let c = user.sink { print(\"got\", $0) }")
        // The call's own subscription was let go of at once (its AnyCancellable is not kept): the
        // future answers, and nobody hears it.
        XCTAssertEqual(printed("tick 1s"), ["answering 2", "got 20", "c ✓ finished   @500ms", "answering 3"])
    }
}
