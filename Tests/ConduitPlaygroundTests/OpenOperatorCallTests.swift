import XCTest
@testable import ConduitPlayground

/// Tab's argument labels: the operator call the cursor is in, read from Swift's tree of the text typed.
final class OpenOperatorCallTests: SessionTestCase {
    func testTabOffersLabelsOnlyInsideAnOpenOperatorCall() {
        type("subject taps")
        func complete(_ text: String) -> [String] { session.completions(for: text, cursor: text.count) }
        XCTAssertEqual(complete("let x = taps.handleEvents(receiveOutput: { _ in }, receiveC"),
            ["receiveCancel:", "receiveCompletion:"])
        XCTAssertEqual(complete("let x = taps.handleEvents(receiveOutput: { print([1, (2)]) }, receiveO"),
            ["receiveOutput:"])
        XCTAssertEqual(complete("let x = taps.handleEvents(receiveOutput: { x in [x, (re"), [],
            "inside a closure inside the call, no labels")
        XCTAssertEqual(complete("let x = taps.handleEvents(receiveOutput: [(re"), [], "inside a tuple, no labels")
        XCTAssertEqual(complete("let x = taps.handleEvents(receiveOutput: { _ in }).map(rec"), [],
            "after the call is closed, no labels")
        XCTAssertEqual(complete("let x = taps.buffer(size: min(2, 3), pre"), ["prefetch:"])
        XCTAssertEqual(complete("let x = taps.map(min(re"), [], "inside a function's call, no labels")
    }

    func testTabInsideThousandsOfBracketsIsNoCrashOrHang() {
        type("subject taps")
        let start = Date()
        for open in ["(", "[", "{"] {
            let text = "let x = taps.handleEvents(" + String(repeating: open, count: 5_000) + "rec"
            XCTAssertEqual(session.completions(for: text, cursor: text.count).filter { $0.hasSuffix(":") }, [])
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 30 * sanitizerSlowdown)
    }
}
