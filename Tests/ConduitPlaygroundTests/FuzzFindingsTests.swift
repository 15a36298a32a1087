import ConduitFuzzing
import Foundation
import XCTest

/// Every input the fuzzer found a crash, hang or sanitizer report with (kept in
/// Tests/fuzz-findings/TARGET/ once fixed) is replayed through the same harness as the fuzzer,
/// so a regression fails here, in the normal suite, without libFuzzer.
final class FuzzFindingsTests: XCTestCase {
    /// Tests/fuzz-findings, found from this file's place in the repository.
    private static let findings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fuzz-findings")

    func testEveryKeptFuzzFindingRunsToTheEnd() throws {
        var replayed = 0
        for target in FuzzTarget.allCases {
            let folder = Self.findings.appendingPathComponent(target.rawValue)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where !name.hasPrefix(".") {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                XCTAssertTrue(target.run(data), "\(target.rawValue)/\(name) was skipped, so it tests nothing")
                replayed += 1
            }
        }
        XCTAssertGreaterThan(replayed, 0, "no findings under \(Self.findings.path)")
    }

    func testTheDictionaryHoldsEveryCommandAndOperatorOnce() {
        let words = FuzzSeeds.words
        XCTAssertEqual(words.count, Set(words).count)
        for word in ["subject", "sink", "tick", "marbles", "map", "debounce", "flatMap", "Just", "true", "??"] {
            XCTAssertTrue(words.contains(word), word)
        }
        XCTAssertTrue(FuzzSeeds.dictionary.contains("\"\\\"\""), "a double quote is escaped")
    }

    func testTheHelpExamplesAreSeeds() {
        XCTAssertTrue(FuzzSeeds.examples.contains("let doubled = numbers.map { $0 * 2 }\n"))
        XCTAssertTrue(FuzzSeeds.examples.contains { $0.hasPrefix("class Player: ObservableObject") })
    }

    func testAnInputNamingSvgIsSkippedSoTheFuzzerWritesNoFiles() {
        XCTAssertFalse(FuzzTarget.session.run(Array("subject a\nmarbles a --svg \"x.svg\"".utf8)))
        XCTAssertTrue(FuzzTarget.session.run(Array("subject a\nmarbles a".utf8)))
    }
}
