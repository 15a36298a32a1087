import XCTest
@testable import ConduitPlayground

/// A class's `static` properties, read as `TYPE.NAME` and, in its methods, `Self.NAME`.
final class StaticMembersTests: SessionTestCase {
    func testAStaticLetIsReadThroughTheClassAndThroughSelf() {
        type("class Counter { static let start = 10; var n = 0; func bump() { n = Self.start + n } }")
        type("let counter = Counter()")
        type("counter.bump()")
        type("counter.bump()")
        XCTAssertEqual(values("print(counter.n, Counter.start)"), ["20 10"])
    }

    func testANotificationNameDeclaredStaticPostsAndIsReceived() {
        type("class Card { static let tapped = Notification.Name(\"tapped\") }")
        type("let c = NotificationCenter.default.publisher(for: Card.tapped).sink { _ in print(\"tap\") }")
        XCTAssertEqual(values("NotificationCenter.default.post(name: Card.tapped, object: nil)"), ["tap"])
    }

    func testAClassThatFailsItsCheckLeavesThePreviousDeclaration() {
        type("class Box { var a = 1 }")
        XCTAssertTrue(error("class Box { func f() { print(missing) } }").contains("cannot find `missing`"))
        XCTAssertEqual(values("print(Box().a)"), ["1"], "the first Box still serves")
    }
}
