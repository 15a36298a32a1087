import XCTest

@testable import ConduitPlayground

/// Sources made by a call (`Just`, `Empty`, `Fail`) read from Swift's tree
/// (`Language/Lowering/SourceCallLowering.swift`): the call's generic arguments, labels and value are
/// where Swift's parser puts them, and a wrong call says what the source takes.
final class SourceCallLoweringTests: SessionTestCase {
    func testEachSourceWithAndWithoutItsGenericArguments() {
        XCTAssertEqual(values("sink a = Just<Int>(5).map { $0 + 1 }"), ["a ← 6", "a ✓ finished"])
        XCTAssertEqual(values("sink b = just([1, 2]).map { $0.count }"), ["b ← 2", "b ✓ finished"])
        XCTAssertEqual(values("sink c = Empty<Int, Never>()"), ["c ✓ finished"])
        XCTAssertEqual(values("sink d = Empty(completeImmediately: false)"), [])
        XCTAssertEqual(values("sink e = Fail(error: \"x\\ty\")"), ["e ✗ failed: x\ty"])
        type("enum LoadError: Error { case offline }")
        XCTAssertEqual(values("sink f = Fail<Int, LoadError>(error: .offline)"), ["f ✗ failed: LoadError.offline"])
    }

    func testAWrongSourceCallSaysWhatTheSourceTakes() {
        XCTAssertTrue(error("sink a = Just(1, 2)").contains("`Just` takes one value"))
        XCTAssertTrue(error("sink a = Just(x: 1)").contains("`Just` takes one value"))
        XCTAssertTrue(error("sink a = Empty(completeImmediately: maybe)").contains("takes true or false"))
        XCTAssertTrue(error("sink a = Empty(1)").contains("Empty(completeImmediately: false)"))
        XCTAssertTrue(error("sink a = Fail(error: 42)").contains("does not conform to expected type 'Error'"))
        XCTAssertTrue(error("sink a = Fail(1, 2)").contains("`Fail` takes one error"))
        // Before, `Just(1 2)` was read as `Just(1)`: Swift reads code it does not expect there.
        let unseparated = error("sink a = Just(1 2)")
        XCTAssertTrue(unseparated.contains("unexpected code '2' in function call"), unseparated)
    }

    func testASourceWordNotCalledPointsWhereSwiftExpectedItsParenthesis() {
        for (line, pointed) in [
            ("sink a = just 1", "1"), ("sink a = Fail<Int, Never>", "<"), ("sink a = fail \"x\"", "\"x\""),
            ("sink a = Just # no call", ""),
        ] {
            do {
                _ = try Parser.parse(line)
                XCTFail("\(line) was read")
            } catch let error as SyntaxError {
                XCTAssertTrue(error.message.hasPrefix("expected `(`: write `"), error.message)
                let characters = Array(line)
                let pointedAt = String(characters[min(error.offset, characters.count)..<min(
                    error.offset + error.length, characters.count)])
                XCTAssertEqual(pointedAt, pointed.isEmpty ? "" : pointed, line)
                if pointed.isEmpty { XCTAssertEqual(error.offset, characters.count, "the end of the line") }
            } catch {
                XCTFail("\(error)")
            }
        }
    }
}
