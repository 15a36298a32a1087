import XCTest

@testable import ConduitPlayground

/// The own operators of `Just`, `Optional.Publisher` and `Result.Publisher`, which Swift picks over
/// Publisher's generic ones: they run the closure once, when the chain is made, and give another of
/// these publishers (`Just(1).map` is a `Just`, `filter` an `Optional.Publisher`, `tryMap` a
/// `Result.Publisher`), which `types` names as Swift does.
final class EagerOverloadTests: SessionTestCase {
    private func rows(_ line: String) -> [String] {
        type(line).map { $0.split(separator: " ").joined(separator: " ") }
    }

    func testAMapOnJustRunsItsClosureOnceWhenTheChainIsMade() {
        XCTAssertEqual(printed("let p = Just(1).map { x -> Int in print(\"map\", x); return x + 1 }"), ["map 1"])
        XCTAssertEqual(printed("let c = p.sink { print(\"got\", $0) }"), ["got 2", "c ✓ finished"])
        XCTAssertEqual(printed("let d = p.sink { print(\"again\", $0) }"), ["again 2", "d ✓ finished"])
    }

    func testTypesNamesJustsOwnPublishers() {
        let mapped = rows("types Just(1).map { $0 + 1 }")
        XCTAssertTrue(mapped.contains(".map { $0 + 1 } Just Int Never"), "\(mapped)")
        let filtered = rows("types Just(1).filter { $0 > 0 }.map { \"\\($0)\" }")
        XCTAssertTrue(filtered.contains(".filter { $0 > 0 } Optional.Publisher Int Never"), "\(filtered)")
        XCTAssertTrue(filtered.contains(".map { \"\\($0)\" } Optional.Publisher String Never"), "\(filtered)")
        let tried = rows("types Just(1).tryMap { $0 * 2 }.map { $0 + 1 }")
        XCTAssertTrue(tried.contains(".tryMap { $0 * 2 } Result.Publisher Int Error"), "\(tried)")
        XCTAssertTrue(tried.contains(".map { $0 + 1 } Result.Publisher Int Error"), "\(tried)")
        let typed = rows("types Just(1).setFailureType(to: Error.self).count()")
        XCTAssertTrue(typed.contains(".setFailureType(to: Error.self) Result.Publisher Int Error"), "\(typed)")
        XCTAssertTrue(typed.contains(".count() Result.Publisher Int Error"), "\(typed)")
        let reduced = rows("types Just(1).reduce(0) { $0 + $1 }.collect()")
        XCTAssertTrue(reduced.contains(".reduce(0) { $0 + $1 } Result.Publisher Int Never"), "\(reduced)")
        XCTAssertTrue(reduced.contains(".collect() Result.Publisher [Int] Never"), "\(reduced)")
        let emptied = rows("types Just(1).ignoreOutput()")
        XCTAssertTrue(emptied.contains(".ignoreOutput() Empty Int Never"), "\(emptied)")
        let appended = rows("types Just(1).append(2, 3).map { $0 * 2 }")
        XCTAssertTrue(appended.contains(".append(2, 3) Publishers.Sequence Int Never"), "\(appended)")
        XCTAssertTrue(appended.contains(".map { $0 * 2 } Publishers.Sequence Int Never"), "\(appended)")
    }

    func testWhereThePublisherHasNoOwnFormTheGenericOperatorIsTaken() {
        // `Optional.Publisher` has no `tryMap` and `Result.Publisher` no `filter`: Publisher's own.
        let optional = rows("types Just(1).filter { $0 > 0 }.tryMap { $0 }")
        XCTAssertTrue(optional.contains(".tryMap { $0 } Publishers.TryMap Int Error"), "\(optional)")
        let result = rows("types Just(1).tryMap { $0 }.filter { $0 > 0 }")
        XCTAssertTrue(result.contains(".filter { $0 > 0 } Publishers.Filter Int Error"), "\(result)")
        let timed = rows("types Just(1).collect(2)")
        XCTAssertTrue(timed.contains(".collect(2) Publishers.CollectByCount Int Never")
            || timed.contains(".collect(2) Publishers.CollectByCount [Int] Never"), "\(timed)")
    }

    func testAFilterThatRefusesTheValueGivesAnOptionalPublisherOfNothing() {
        XCTAssertEqual(printed("let p = Just(5).filter { x -> Bool in print(\"filter\", x); return x > 9 }"
            + ".map { x -> Int in print(\"never\", x); return x }"), ["filter 5"])
        XCTAssertEqual(printed("let c = p.replaceEmpty(with: -1).sink { print($0) }"), ["-1", "c ✓ finished"])
    }

    func testATryMapThatThrowsIsAFailingResultPublisherWhoseMapDoesNotRun() {
        type("enum LoadError: Error { case offline }")
        XCTAssertEqual(printed("let p = Just(2).tryMap { x -> Int in print(\"try\", x); throw LoadError.offline }"
            + ".map { x -> Int in print(\"after\", x); return x }"), ["try 2"])
        let lines = printed("let c = p.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })")
        XCTAssertEqual(lines.first, "failure(LoadError.offline)", "\(lines)")
    }

    func testAnOutcomeOfASequenceOperatorPicksJustsOrOptionalsOperatorsNext() {
        XCTAssertEqual(printed("let p = [3, 4].publisher.first().map { x -> Int in print(\"first\", x); return x }"),
            ["first 3"])
        let first = rows("types [3, 4].publisher.first().map { $0 }")
        XCTAssertTrue(first.contains(".map { $0 } Optional.Publisher Int Never"), "\(first)")
        let counted = rows("types [3, 4].publisher.count().map { $0 * 2 }")
        XCTAssertTrue(counted.contains(".map { $0 * 2 } Just Int Never"), "\(counted)")
        XCTAssertEqual(values("let c = [3, 4].publisher.reduce(0) { $0 + $1 }.map { $0 * 10 }.sink { print($0) }"),
            ["70", "c ✓ finished"])
    }

    func testAJustAppendIsASequenceWhoseOwnOperatorsRunAtOnce() {
        XCTAssertEqual(printed("let p = Just(7).append(8, 9).map { x -> Int in print(\"seq\", x); return x * 10 }"),
            ["seq 7", "seq 8", "seq 9"])
        XCTAssertEqual(values("let c = p.sink { print($0) }"), ["70", "80", "90", "c ✓ finished"])
    }

    func testANamedJustPipelinePicksJustsOperators() {
        type("let p = Just(3)")
        let named = rows("types p.contains(3)")
        XCTAssertTrue(named.contains(".contains(3) Just Bool Never"), "\(named)")
        XCTAssertEqual(printed("let q = p.allSatisfy { x -> Bool in print(\"test\", x); return x > 1 }"), ["test 3"])
        XCTAssertEqual(values("let c = q.sink { print($0) }"), ["true", "c ✓ finished"])
    }

    func testAResultsPublisherPicksResultPublishersOperators() {
        type("enum LoadError: Error { case offline }")
        type("let r: Result<Int, LoadError> = .success(4)")
        XCTAssertEqual(printed("let p = r.publisher.map { x -> Int in print(\"map\", x); return x + 1 }"), ["map 4"])
        XCTAssertEqual(values("let c = p.sink { print($0) }"), ["5", "c ✓ finished"])
        type("let f: Result<Int, LoadError> = .failure(.offline)")
        XCTAssertEqual(printed("let q = f.publisher.map { x -> Int in print(\"never\", x); return x }"), [])
        XCTAssertEqual(values("let d = q.replaceError(with: -1).sink { print($0) }"), ["-1", "d ✓ finished"])
    }

    func testAnOptionalsPublisherIsAnOptionalPublisherWithItsOwnOperators() {
        type("let x: Int? = 3")
        let typed = rows("types x.publisher.map { $0 * 2 }")
        XCTAssertTrue(typed.contains("x.publisher Optional.Publisher Int Never"), "\(typed)")
        XCTAssertTrue(typed.contains(".map { $0 * 2 } Optional.Publisher Int Never"), "\(typed)")
        XCTAssertEqual(printed("let p = x.publisher.map { v -> Int in print(\"map\", v); return v * 2 }"), ["map 3"])
        XCTAssertEqual(values("let c = p.sink { print($0) }"), ["6", "c ✓ finished"])
        type("let y: Int? = nil")
        XCTAssertEqual(values("let d = y.publisher.replaceEmpty(with: 0).sink { print($0) }"), ["0", "d ✓ finished"])
        type("let n = 4")
        XCTAssertTrue(error("let q = n.publisher").contains("value of type 'Int' has no member 'publisher'"))
    }

    func testALineOfItsOwnFromANamedPipelinePicksItsOwnOperatorsToo() {
        // `ok.tryMin(...).sink { ... }` reads `ok` as an expression: still a `Result.Publisher`, whose
        // `tryMin` calls the closure once, when the chain is made.
        type("let ok = Just(4).tryMap { $0 + 1 }")
        XCTAssertEqual(printed("ok.tryMin(by: { a, b in print(\"tryMin\", a, b); return a < b }).sink { print($0) }"),
            ["tryMin 5 5", "5", "sink1 ✓ finished"])
        type("let xs = [3, 1].publisher.map { $0 * 2 }")
        XCTAssertEqual(printed("xs.contains { x in print(\"test\", x); return x == 2 }.sink { print($0) }"),
            ["test 6", "test 2", "true", "sink2 ✓ finished"])
    }

    func testContainsWithALabelledClosureIsTheTestNotAValue() {
        type("let s = PassthroughSubject<Int, Never>()")
        type("let c = s.tryContains(where: { $0 > 1 }).sink(receiveCompletion: { _ in }, receiveValue: { print($0) })")
        XCTAssertEqual(printed("s.send(2)"), ["true", "c ✓ finished"])
    }
}
