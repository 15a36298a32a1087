import Foundation
import XCTest
@testable import ConduitPlayground

/// The playground's own trimming must give exactly what Foundation's `trimmingCharacters(in:)`
/// gives, whatever the text: scripts print what they read, byte for byte.
final class WhitespaceTrimmingTests: XCTestCase {
    private let samples: [String] = [
        "", " ", "\t", "send s 1", "  send s 1  ", "\tsend s 1\t", " \t x \t ", "a b",
        "\n x \n", "\r\n y \r\n", "\u{0B}\u{0C}z\u{0B}\u{0C}", "  # comment", "#> out ← 1",
        "\u{00A0}nbsp\u{00A0}", "\u{2003}em space\u{3000}", " \u{301}combining", "tail \u{301}",
        "\u{2028}line separator\u{2029}", "\u{0085}next line\u{0085}", "  é  ", "ü", "\n", "\r",
    ]

    func testTrimmingWhitespaceMatchesFoundationForEverySample() {
        for sample in samples {
            XCTAssertEqual(sample.trimmingWhitespace(), sample.trimmingCharacters(in: .whitespaces),
                "\(sample.debugDescription)")
            let slice = sample.dropFirst(0)
            XCTAssertEqual(slice.trimmingWhitespace(), slice.trimmingCharacters(in: .whitespaces),
                "\(sample.debugDescription)")
        }
    }

    func testASliceInsideLongerTextTrimsAsFoundationDoes() {
        // A line of a script is a slice of the whole text: its bytes start and end inside it.
        for sample in samples {
            let whole = "ab|" + sample + "|cd"
            let slice = whole.dropFirst(3).dropLast(3)
            XCTAssertEqual(String(slice), sample)
            XCTAssertEqual(
                slice.trimmingWhitespace(), slice.trimmingCharacters(in: .whitespaces), sample.debugDescription)
            XCTAssertEqual(slice.trimmingWhitespaceAndNewlines(), slice.trimmingCharacters(in: .whitespacesAndNewlines),
                sample.debugDescription)
        }
    }

    func testTrimmingWhitespaceAndNewlinesMatchesFoundationForEverySample() {
        for sample in samples {
            XCTAssertEqual(
                sample.trimmingWhitespaceAndNewlines(), sample.trimmingCharacters(in: .whitespacesAndNewlines),
                "\(sample.debugDescription)"
            )
        }
    }

    func testTrimmingWhitespaceKeepsNewlinesAndInnerBlanks() {
        XCTAssertEqual("  a \t b \n".trimmingWhitespace(), "a \t b \n")
        XCTAssertEqual("  a \t b \n".trimmingWhitespaceAndNewlines(), "a \t b")
    }
}
