import XCTest
@testable import ConduitPlayground

/// `types`: every stage of a pipeline with the publisher type, Output and Failure Combine infers,
/// read from the engine's generic publisher types.
final class TypesCommandTests: SessionTestCase {
    /// The row of the stage written `text`, its columns split on runs of blanks.
    private func row(
        _ lines: [String], _ text: String, file: StaticString = #filePath, line: UInt = #line
    ) -> [String] {
        guard let found = lines.first(where: { $0.hasPrefix("  \(text)  ") }) else {
            XCTFail("no row for `\(text)` in:\n\(lines.joined(separator: "\n"))", file: file, line: line)
            return []
        }
        let rest = String(found.dropFirst(2 + text.count))
        return [text] + rest.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }

    func testTryMapMakesTheFailureErrorAndReplaceErrorMakesItNever() {
        let lines = type("types [1, 2, 3].publisher.map { $0 * 10 }.tryMap { 100 / $0 }.replaceError(with: 0)")
        XCTAssertEqual(lines[0].split(separator: " "), ["stage", "publisher", "Output", "Failure"])
        XCTAssertEqual(row(lines, "[1, 2, 3].publisher"),
            ["[1, 2, 3].publisher", "Publishers.Sequence", "Int", "Never"])
        XCTAssertEqual(row(lines, ".map { $0 * 10 }"), [".map { $0 * 10 }", "Publishers.Sequence", "Int", "Never"])
        XCTAssertEqual(row(lines, ".tryMap { 100 / $0 }"),
            [".tryMap { 100 / $0 }", "Publishers.TryMap", "Int", "Error"])
        XCTAssertEqual(row(lines, ".replaceError(with: 0)"),
            [".replaceError(with: 0)", "Publishers.ReplaceError", "Int", "Never"])
        XCTAssertTrue(lines.contains("    ↳ `tryMap`'s closure may throw: Failure becomes Error"), "\(lines)")
    }

    func testLetChainsShowTheStagesOfEveryNamedPipeline() {
        type("let taps = PassthroughSubject<String, Never>()")
        type("current isOn = true")
        type("let names = taps.map { $0.count }")
        let lines = type("types names.combineLatest(isOn).filter { _, on in on }.map { count, _ in count > 3 }")
        XCTAssertEqual(row(lines, "taps"), ["taps", "PassthroughSubject", "String", "Never"])
        XCTAssertEqual(row(lines, ".map { $0.count }"), [".map { $0.count }", "Publishers.Map", "Int", "Never"])
        XCTAssertTrue(lines.contains("names:"), "\(lines)")
        // isOn is an untyped `current`: its Output is its value's type, and it may fail.
        XCTAssertEqual(row(lines, ".combineLatest(isOn)").suffix(3),
            ["(Int,", "Bool)", "Error"])
        XCTAssertEqual(row(lines, ".map { count, _ in count > 3 }").suffix(2), ["Bool", "Error"])
        XCTAssertTrue(
            lines.contains { $0.contains("Combine's combineLatest needs one Failure for all (here Never, Error)") })
        XCTAssertEqual(row(type("types names"), ".map { $0.count }").suffix(2), ["Int", "Never"])
    }

    func testObjectsPublishedPropertiesHaveTheirDeclaredTypes() {
        type("class Player: ObservableObject { @Published var currentSong: Song? = nil }")
        type("let player = Player()")
        let lines = type("types player.$currentSong.compactMap { $0 }.map(\\.name).sink { print($0) }")
        XCTAssertEqual(row(lines, "player.$currentSong"),
            ["player.$currentSong", "Published.Publisher", "Song?", "Never"])
        XCTAssertEqual(row(lines, ".compactMap { $0 }").suffix(2), ["Song", "Never"])
        XCTAssertEqual(row(lines, ".sink { print($0) }").prefix(2), [".sink { print($0) }", "Subscribers.Sink"])
        let object = type("types player")
        XCTAssertEqual(object.first, "player: a Player, an ObservableObject")
        XCTAssertEqual(row(object, "player.objectWillChange"),
            ["player.objectWillChange", "ObservableObjectPublisher", "Void", "Never"])
    }

    func testFlatMapTakesTheInnerPublishersOutputAndCatchItsFailure() {
        type("let q = PassthroughSubject<String, Never>()")
        type("func search(term) = term == \"\" ? Fail(error: \"empty\") : Just([term]).delay(for: 300ms)")
        let lines = type("types q.removeDuplicates().flatMap { search($0) }.catch { _ in Just([]) }")
        XCTAssertEqual(row(lines, ".flatMap { search($0) }"),
            [".flatMap { search($0) }", "Publishers.FlatMap", "[String]", "Error"])
        XCTAssertTrue(
            lines.contains("    ↳ the inner publishers can fail: Failure becomes theirs (Error)"), "\(lines)")
        XCTAssertEqual(row(lines, ".catch { _ in Just([]) }").suffix(3), ["Publishers.Catch", "[String]", "Never"])
    }

    func testSetFailureTypeAndMapErrorAndSwitchToLatest() {
        type("let fast = PassthroughSubject<Int, Never>()")
        type("current useFast = true")
        let lines = type("types useFast.map { $0 ? fast : fast }.switchToLatest()")
        XCTAssertEqual(row(lines, ".map { $0 ? fast : fast }").suffix(3),
            ["some", "Publisher<Int,", "Never>", "Error"].suffix(3))
        XCTAssertEqual(row(lines, ".switchToLatest()").suffix(3), ["Publishers.SwitchToLatest", "Int", "Error"])
        let failing = type("types Just(1).setFailureType(to: URLError.self).mapError { \"offline\" }")
        XCTAssertEqual(row(failing, ".setFailureType(to: URLError.self)").suffix(2), ["Int", "URLError"])
        XCTAssertEqual(row(failing, ".mapError { \"offline\" }").suffix(2), ["Int", "Error"])
    }

    func testSwitchToLatestOnAPipelineThatCannotFailTakesTheInnerPublishersFailure() {
        // Combine: `where Failure == Never, Output: Publisher` gives
        // `SwitchToLatest<Output, SetFailureType<Self, Output.Failure>>`.
        type("let choice = PassthroughSubject<Bool, Never>()")
        type("let risky = PassthroughSubject<Int, Error>()")
        let lines = type("types choice.map { $0 ? risky : risky }.switchToLatest()")
        XCTAssertEqual(row(lines, ".switchToLatest()").suffix(3), ["Publishers.SwitchToLatest", "Int", "Error"])
        XCTAssertTrue(lines.contains("    ↳ the inner publishers can fail: Failure becomes theirs (Error)"), "\(lines)")
        let safe = type("types choice.map { $0 ? choice : choice }.switchToLatest()")
        XCTAssertEqual(row(safe, ".switchToLatest()").suffix(3), ["Publishers.SwitchToLatest", "Bool", "Never"])
    }

    func testCatchWithAPublisherTakesThatPublishersFailure() {
        type("let backup = PassthroughSubject<Int, Never>()")
        let lines = type("types [1, 0].publisher.tryMap { 10 / $0 }.catch(backup)")
        XCTAssertEqual(row(lines, ".catch(backup)").suffix(3), ["Publishers.Catch", "Int", "Never"])
        let tried = type("types [1, 0].publisher.tryMap { 10 / $0 }.tryCatch { _ in Just(0) }")
        XCTAssertEqual(row(tried, ".tryCatch { _ in Just(0) }").suffix(3), ["Publishers.TryCatch", "Int", "Error"])
    }

    func testMergingTwoPublishersOfOneTypeIsAMergeMany() {
        // Combine's `merge(with other: Self)` gives `Publishers.MergeMany<Self>`.
        type("let a = PassthroughSubject<Int, Never>()")
        type("let b = PassthroughSubject<Int, Never>()")
        XCTAssertEqual(row(type("types a.merge(with: b)"), ".merge(with: b)").suffix(3),
            ["Publishers.MergeMany", "Int", "Never"])
        XCTAssertEqual(row(type("types a.merge(with: b.map { $0 })"), ".merge(with: b.map { $0 })").suffix(3),
            ["Publishers.Merge", "Int", "Never"])
    }

    func testMeasureIntervalPastedWithItsSchedulerRunsOnTheClockAndShowsThatSchedulersStride() {
        type("let n = PassthroughSubject<Int, Never>()")
        let lines = type("types n.measureInterval(using: RunLoop.main)")
        // The stage's text is cut to the column's width: `.measureInterval(using: RunLoop.m…`.
        let stage = lines.first { $0.hasPrefix("  .measureInterval(using: ") }
        XCTAssertEqual(stage?.split(separator: " ").suffix(3),
            ["Publishers.MeasureInterval", "RunLoop.SchedulerTimeType.Stride", "Never"], "\(lines)")
        type("sink gaps = n.measureInterval(using: RunLoop.main)")
        XCTAssertEqual(values("tick 100ms; send n 1").first, "gaps ← 100.0   @100ms")
        XCTAssertTrue(error("sink x = n.measureInterval(using: 3)").contains("`measureInterval` takes no arguments"))
    }

    func testAChainWrittenOverSeveralLinesShowsEachCall() {
        type("let x = [\"a\", \"b.map\"].publisher\n    .map { $0.count }\n    .filter { $0 > 1 }")
        let lines = type("types x")
        XCTAssertEqual(row(lines, "[\"a\", \"b.map\"].publisher").suffix(2), ["String", "Never"])
        // An array's publisher's own `map` and `filter` give a `Publishers.Sequence` again, as in Swift.
        XCTAssertEqual(row(lines, ".map { $0.count }").suffix(3), ["Publishers.Sequence", "Int", "Never"])
        XCTAssertEqual(row(lines, ".filter { $0 > 1 }").suffix(3), ["Publishers.Sequence", "Int", "Never"])
    }

    func testASinkShowsThePipelineItWasMadeWith() {
        type("sink out = [1, 2].publisher.collect()")
        let lines = type("types out")
        XCTAssertEqual(lines.first, "sink out = [1, 2].publisher.collect()")
        XCTAssertEqual(row(lines, ".collect()").suffix(3), ["Result.Publisher", "[Int]", "Never"])
    }

    func testBadInputIsAnsweredWithACaretAndKeepsTheNames() {
        type("subject taps")
        let message = error("types taps.mapp { $0 }").split(separator: "\n").map(String.init)
        XCTAssertEqual(message[0], "error: unknown operator `mapp`; did you mean `map`?")
        XCTAssertEqual(message[2], "             ^^^^")
        let missing = error("types").split(separator: "\n").map(String.init)
        XCTAssertTrue(missing[0].hasPrefix("error: `types` needs a pipeline or a name"), missing[0])
        XCTAssertTrue(error("types tapz").hasPrefix("error: unknown subject or pipeline `tapz`; did you mean `taps`?"))
        XCTAssertEqual(row(type("types taps"), "taps"), ["taps", "PassthroughSubject", "Value", "Error"])
    }
}
