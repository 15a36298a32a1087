import XCTest

@testable import ConduitPlayground

/// `Deferred` given a closure with a written signature or statements (Parser+DeferredClosure.swift), and
/// closures with written signatures (`() -> T in`, `(Int) -> Bool in`, `(x: Int) -> Int in`) where
/// operators and `Future` take them, as Swift runs them.
final class DeferredClosureTests: SessionTestCase {
    func testADeferredClosureWithASignatureRunsForEachSubscriber() {
        XCTAssertEqual(printed("let deferred = Deferred { () -> Just<Int> in print(\"made\"); return Just(1) }"), [],
            "nothing is made before a subscriber comes")
        XCTAssertEqual(printed("let a = deferred.sink { print(\"got\", $0) }"), ["made", "got 1", "a ✓ finished"])
        XCTAssertEqual(printed("let b = deferred.map { $0 * 5 }.sink { print(\"again\", $0) }"),
            ["made", "again 5", "b ✓ finished"])
    }

    func testADeferredClosureOfStatementsWithoutASignature() {
        type("var made = 0")
        type("let counted = Deferred { made += 1; return Just(made) }")
        XCTAssertEqual(printed("let a = counted.sink { print($0) }"), ["1", "a ✓ finished"])
        XCTAssertEqual(printed("let b = counted.sink { print($0) }"), ["2", "b ✓ finished"])
        XCTAssertEqual(printed("let c = Deferred { Just(3) }.sink { print($0) }"), ["3", "c ✓ finished"],
            "a pipeline alone is read as before")
    }

    func testADeferredClosureInsideAnotherClosureReadsItsParameter() {
        type("let s = PassthroughSubject<Int, Never>()")
        type("let c = s.flatMap { x in Deferred { () -> Just<Int> in print(\"for\", x); return Just(x + 1) } }"
            + ".sink { print($0) }")
        XCTAssertEqual(printed("s.send(4)"), ["for 4", "5"])
    }

    func testClosuresWithWrittenSignaturesInOperatorsAndAFuture() {
        type("let f = Future<Int, Never> { (promise) -> Void in print(\"future runs\"); promise(.success(42)) }")
        XCTAssertEqual(printed("let c = f.sink { print(\"future\", $0) }"), ["future 42", "c ✓ finished"])
        XCTAssertEqual(printed("let d = [1, 2, 3].publisher.filter { (x: Int) -> Bool in return x > 1 }"
            + ".map { (x: Int) -> Int in x * 10 }.sink { print($0) }"), ["20", "30", "d ✓ finished"])
    }

    func testADeferredClosureThatGivesNoPublisherSaysSo() {
        type("let wrong = Deferred { () -> Int in print(\"made\"); return 1 }")
        let lines = printed("let a = wrong.sink { print($0) }")
        XCTAssertTrue(lines.joined(separator: "\n").contains("not a publisher"), lines.joined(separator: "\n"))
    }

    func testTypesShowsWhatADeferredClosuresSignatureSays() {
        type("let deferred = Deferred { () -> Just<Int> in print(\"made\"); return Just(1) }")
        let lines = type("types deferred.map { $0 * 2 }")
        let row = lines.first { $0.contains("Deferred<") }.map { $0.split(separator: " ").suffix(3) }
        XCTAssertEqual(row.map(Array.init), ["Deferred<Just<Int>>", "Int", "Never"], lines.joined(separator: "\n"))
        XCTAssertTrue(error("let bad = deferred.map { $0.uppercased() }").contains("'Int' has no member 'uppercased'"))
        type("let erased = Deferred { () -> AnyPublisher<String, Error> in Just(\"a\").setFailureType(to: Error.self)"
            + ".eraseToAnyPublisher() }")
        let erasedLines = type("types erased")
        let erasedRow = erasedLines.first { $0.contains("Deferred<AnyPublisher<String, Error>>") }
        XCTAssertEqual(erasedRow.map { $0.split(separator: " ").suffix(2).map(String.init) }, ["String", "Error"],
            erasedLines.joined(separator: "\n"))
    }

    func testAClosureWithoutASignatureIsTypedFromThePublisherItReturns() {
        // Swift infers `Deferred<Publishers.Map<...>>` from the body: Output String, Failure Never.
        type("let deferred = Deferred { print(\"made\"); return [1, 2].publisher.map { \"\\($0)\" } }")
        let lines = type("types deferred.count()")
        let row = lines.first { $0.contains("Deferred {") }.map { $0.split(separator: " ").suffix(3) }
        XCTAssertEqual(row.map(Array.init), ["Deferred", "String", "Never"], lines.joined(separator: "\n"))
        type("let s = PassthroughSubject<Int, Error>()")
        let subject = type("types Deferred { print(\"x\"); return s }")
        let rows = subject.map { $0.split(separator: " ").suffix(3).joined(separator: " ") }
        XCTAssertTrue(rows.contains("Deferred Int Error"), subject.joined(separator: "\n"))
    }
}
