import XCTest

@testable import ConduitPlayground

/// `for case PATTERN in SEQUENCE` (`Language/Lowering/LoopLowering.swift`): the pattern is lowered as
/// `if case`'s is; an element it does not fit is skipped, and its names are bound in the body, at top
/// level and in functions' and closures' bodies, as Swift's loop does.
final class ForCaseLoopTests: SessionTestCase {
    func testTopLevelLoopsSkipWhatThePatternDoesNotFit() {
        type("let optionals: [Int?] = [1, nil, 3]")
        XCTAssertEqual(valueLines("for case let x? in optionals { print(\"got\", x) }"), ["got 1", "got 3"])
        XCTAssertEqual(valueLines("for case .some(let x) in optionals where x > 1 { print(\"some\", x) }"),
            ["some 3"])
        type("let pairs = [(1, \"a\"), (-2, \"b\"), (3, \"c\")]")
        XCTAssertEqual(valueLines("for case let (a, b) in pairs where a > 0 { print(a, b) }"), ["1 a", "3 c"])
        XCTAssertEqual(valueLines("for case 3 in [1, 3, 3] { print(\"three\") }"), ["three", "three"])
    }

    func testLoopsInFunctionsAndClosures() {
        type("""
            func evens(_ xs: [Int?]) -> Int {
                var total = 0
                for case let x? in xs where x % 2 == 0 { total += x }
                return total
            }
            """)
        XCTAssertEqual(values("print(evens([2, nil, 3, 4]))"), ["6"])
        type("""
            let tens = { (xs: [Int?]) -> [Int] in
                var out: [Int] = []
                for case let x? in xs { out.append(x * 10) }
                return out
            }
            """)
        XCTAssertEqual(values("print(tens([nil, 5, 6]))"), ["[50, 60]"])
    }

    func testAPatternThePlaygroundDoesNotReadIsNamed() {
        let message = error("for case let x as? Int in [1] { print(x) }")
        XCTAssertTrue(message.contains("does not read this pattern"), message)
    }
}
