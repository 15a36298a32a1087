import XCTest

@testable import ConduitPlayground

/// `Publishers.Sequence`'s own operators, which Swift picks on an array's or a range's publisher:
/// they run over the elements when the chain is made (a closure's `print` comes before any sink's),
/// give another `Publishers.Sequence` (or a `Result`, `Optional` or `Just` publisher), and keep the
/// elements' type (`replaceNil` leaves them optional).
final class SequenceOverloadTests: SessionTestCase {
    func testAMapOnAnArrayPublisherRunsItsClosureWhenTheChainIsMadeAndOnlyThen() {
        XCTAssertEqual(printed("let p = [10, 20].publisher.map { x -> Int in print(\"map\", x); return x }"),
            ["map 10", "map 20"])
        XCTAssertEqual(printed("let c = p.sink { print(\"got\", $0) }"), ["got 10", "got 20", "c ✓ finished"])
        XCTAssertEqual(printed("let d = p.sink { print(\"again\", $0) }"), ["again 10", "again 20", "d ✓ finished"])
    }

    func testEachSequenceOperatorOfAChainRunsAtOnceInTheOrderWritten() {
        let lines = printed("let p = [1, 2, 3].publisher.filter { x -> Bool in print(\"filter\", x); return x > 1 }"
            + ".map { x -> Int in print(\"map\", x); return x * 10 }.reduce(0) { s, x in print(\"reduce\", x); "
            + "return s + x }")
        XCTAssertEqual(lines, ["filter 1", "filter 2", "filter 3", "map 2", "map 3", "reduce 20", "reduce 30"])
        XCTAssertEqual(values("let c = p.sink { print($0) }"), ["50", "c ✓ finished"])
    }

    func testANamedArrayAndARangeAndANamedSequencePublisherPickTheSequenceOperatorsToo() {
        type("let xs = [1, 2]")
        XCTAssertEqual(printed("let a = xs.publisher.map { x -> Int in print(\"a\", x); return x }"), ["a 1", "a 2"])
        XCTAssertEqual(printed("let b = (1...2).publisher.filter { x -> Bool in print(\"b\", x); return true }"),
            ["b 1", "b 2"])
        XCTAssertEqual(printed("let c = a.contains { x -> Bool in print(\"c\", x); return x == 1 }"), ["c 1"])
    }

    func testReplaceNilKeepsTheElementsOptionalAsSwiftDoes() {
        XCTAssertEqual(printed("let c = [\"a\", nil].publisher.replaceNil(with: \"-\").sink { print($0) }"),
            ["Optional(\"a\")", "Optional(\"-\")", "c ✓ finished"])
        XCTAssertEqual(printed("let s = PassthroughSubject<String?, Never>()"), [])
        type("let d = s.replaceNil(with: \"-\").sink { print($0) }")
        XCTAssertEqual(printed("s.send(nil)"), ["-"])
    }

    func testAFailureOtherThanNeverOrALazySequenceLeavesTheOperatorToPublishersGenericOne() {
        // Combine's sequence `first(where:)` needs Failure == Never; after setFailureType it is the
        // generic `Publishers.FirstWhere`, whose closure runs only when subscribed to.
        XCTAssertEqual(printed("let p = [1, 2].publisher.setFailureType(to: Error.self)"
            + ".first(where: { x -> Bool in print(\"test\", x); return x > 1 })"), [])
        XCTAssertEqual(printed("let c = p.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })"),
            ["test 1", "test 2", "2", "c ✓ finished"])
        XCTAssertEqual(
            printed("let q = [1, 2].publisher.first(where: { x -> Bool in print(\"now\", x); return x > 1 })"),
            ["now 1", "now 2"])
    }

    func testAClosureInsideAnotherOperatorsClosureRunsOncePerValueNotAlsoWhenChecked() {
        XCTAssertEqual(printed("let c = Just(1).flatMap { _ in [1, 2].publisher.map { x -> Int in print(\"inner\", x); "
            + "return x } }.sink { print($0) }"), ["inner 1", "inner 2", "1", "2", "c ✓ finished"])
    }

    func testAClosureThatFailsWhileTheElementsAreWorkedOutFailsThePipeline() {
        // Swift stops the program while the chain is made; the playground fails it, before any value.
        let lines = values("sink bad = [2, 0].publisher.map { 10 / $0 }")
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines[0].hasPrefix("bad ✗ failed: Fatal error: division by zero"), "\(lines)")
    }

    func testTypesShowsTheSequencesOwnPublishers() {
        let rows = type("types [1, 2].publisher.map { $0 * 10 }.dropFirst().reduce(0) { $0 + $1 }")
            .map { $0.split(separator: " ").joined(separator: " ") }
        XCTAssertTrue(rows.contains(".map { $0 * 10 } Publishers.Sequence Int Never"), "\(rows)")
        XCTAssertTrue(rows.contains(".dropFirst() Publishers.Sequence Int Never"), "\(rows)")
        XCTAssertTrue(rows.contains(".reduce(0) { $0 + $1 } Result.Publisher Int Never"), "\(rows)")
        let counted = type("types [1, 2].publisher.count()").map { $0.split(separator: " ").joined(separator: " ") }
        XCTAssertTrue(counted.contains(".count() Just Int Never"), "\(counted)")
        let optional = type("types [\"a\", nil].publisher.replaceNil(with: \"-\")")
            .map { $0.split(separator: " ").joined(separator: " ") }
        XCTAssertTrue(optional.contains(".replaceNil(with: \"-\") Publishers.Sequence String? Never"), "\(optional)")
    }

    func testAppendingOrPrependingAPublisherSendsItsValuesNotThePublisher() {
        XCTAssertEqual(values("let a = [1].publisher.append(Just(5)).sink { print($0) }"), ["1", "5", "a ✓ finished"])
        XCTAssertEqual(values("let b = [1].publisher.prepend(Just(5)).sink { print($0) }"), ["5", "1", "b ✓ finished"])
        XCTAssertEqual(values("let c = [1].publisher.append([3, 4].publisher).sink { print($0) }"),
            ["1", "3", "4", "c ✓ finished"])
        type("let more = [3].publisher")
        XCTAssertEqual(values("let d = [1].publisher.prepend(more).sink { print($0) }"), ["3", "1", "d ✓ finished"])
    }

    /// What Swift's `type(of:)` gives: an array's sequence takes in values or another array's sequence publisher
    /// (a `Publishers.Sequence`); any other publisher, or a stride's sequence, makes a `Publishers.Concatenate`.
    func testTypesOfAppendAndPrependFollowSwiftsOverloads() {
        func rows(_ line: String) -> [String] { type(line).map { $0.split(separator: " ").joined(separator: " ") } }
        type("let more = [3, 4].publisher")
        XCTAssertTrue(rows("types [1, 2].publisher.append(more)")
            .contains(".append(more) Publishers.Sequence Int Never"))
        XCTAssertTrue(rows("types [1].publisher.prepend(Just(5))")
            .contains(".prepend(Just(5)) Publishers.Concatenate Int Never"))
        let stride = rows("types stride(from: 0, to: 10, by: 2).publisher.append(3)")
        XCTAssertTrue(stride.contains(".append(3) Publishers.Concatenate Int Never"), "\(stride)")
        XCTAssertTrue(rows("types stride(from: 0, to: 4, by: 2).publisher.prepend([1].publisher)")
            .contains(".prepend([1].publisher) Publishers.Concatenate Int Never"))
        XCTAssertEqual(values("let s = stride(from: 0, to: 4, by: 2).publisher.append(9).sink { print($0) }"),
            ["0", "2", "9", "s ✓ finished"])
    }

    func testAKeyPathMapIsAMapKeyPath() {
        type("struct User { let name: String }")
        type("let users = PassthroughSubject<User, Never>()")
        let rows = type("types users.map(\\.name)").map { $0.split(separator: " ").joined(separator: " ") }
        XCTAssertTrue(rows.contains(".map(\\.name) Publishers.MapKeyPath String Never"), "\(rows)")
    }
}
