import XCTest

@testable import ConduitPlayground

/// Notifications through the engine's NotificationCenter publisher, on the session's own center.
final class NotificationTests: SessionTestCase {
    func testPostedNotificationsReachThePublisherForTheirName() {
        type("sink taps = NotificationCenter.default.publisher(for: \"cardTapped\").map { $0.object }")
        XCTAssertEqual(values("post cardTapped \"ace\""), ["taps ← \"ace\""])
        XCTAssertEqual(values("post other 1"), [])
        XCTAssertEqual(
            values("NotificationCenter.default.post(name: Notification.Name(\"cardTapped\"), object: 7)"),
            ["taps ← 7"])
    }

    func testANotificationCarriesItsNameObjectAndUserInfo() {
        type("sink n = NotificationCenter.default.publisher(for: \"t\")")
        XCTAssertEqual(
            values("NotificationCenter.default.post(name: \"t\", object: 1, userInfo: {card: \"ace\"})"),
            ["n ← {name: \"t\", object: 1, userInfo: {card: \"ace\"}}"])
        XCTAssertEqual(values("post t"), ["n ← {name: \"t\"}"])
    }

    func testSessionsDoNotHearEachOthersNotifications() {
        type("sink n = NotificationCenter.default.publisher(for: \"t\")")
        let other = Session()
        _ = other.evaluate("post t 1")
        XCTAssertEqual(values("post t 2"), ["n ← {name: \"t\", object: 2}"])
    }

    func testAPipelineStartingFromAPlainValueIsPointedAt() {
        type("func twice(x) = x * 2")
        let message = error("sink s = twice(2)")
        XCTAssertTrue(message.contains("gives integer 4, not a publisher; `Just(...)` makes one of a value"), message)
        XCTAssertTrue(message.hasSuffix("           ^^^^^^^^"), message)
    }
}
