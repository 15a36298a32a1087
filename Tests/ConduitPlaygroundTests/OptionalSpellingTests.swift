import XCTest

@testable import ConduitPlayground

/// Swift's optional spelled with its generic type (`Optional<Int>.none`, `Optional<Int>.some(1)`,
/// `Optional<Double>(2)`) reads as the value of the written type, as Swift's `Int?`.
final class OptionalSpellingTests: SessionTestCase {
    func testTheGenericSpellingsAreOptionalsOfTheWrittenType() {
        XCTAssertEqual(type("let a = Optional<Int>.none"), ["a: Int? = nil"])
        XCTAssertEqual(type("let b = Optional<Int>.some(1)"), ["b: Int? = 1"])
        XCTAssertEqual(type("let c = Optional<String>.none"), ["c: String? = nil"])
        XCTAssertEqual(type("let d = Optional<Double>(2)"), ["d: Double? = 2.0"])
        XCTAssertEqual(printed("print(a as Any, b as Any, c as Any, d as Any)"), ["nil Optional(1) nil Optional(2.0)"])
        XCTAssertEqual(printed("print(c ?? \"empty\", (b ?? 0) + 1)"), ["empty 2"])
        XCTAssertEqual(printed("print([Optional<Int>.some(3), Optional<Int>.none])"), ["[Optional(3), nil]"])
    }

    func testAnotherMemberAfterTheTypeSaysWhatIsRead() {
        let message = error("let e = Optional<Int>.zero")
        XCTAssertTrue(message.contains("expected `.none`, `.some(VALUE)` or `(VALUE)` after `Optional<Int>`"),
            message)
    }

    func testALineMayStartWithTheGenericSpelling() {
        XCTAssertEqual(printed("Optional<Int>.some(5).publisher.sink { print($0) }").first, "5")
    }
}
