import Conduit
import XCTest

final class EmptySubscriptionTests: XCTestCase {
    func testEmptySubscriptionShowsEmptyEverywhereAndNoChildren() throws {
        let empty = Subscriptions.empty
        XCTAssertEqual((empty as? CustomStringConvertible)?.description, "Empty")
        XCTAssertEqual((empty as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String, "Empty")
        let mirror = try XCTUnwrap((empty as? CustomReflectable)?.customMirror)
        XCTAssertTrue(mirror.children.isEmpty)
    }
}
