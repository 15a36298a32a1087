import Conduit
import Foundation
import XCTest

/// What the subscriber of `map`, `filter`, `mapError`... shows to reflection and playgrounds.
final class ForwardingSubscriberTests: XCTestCase {
    func testMapShowsItsNameToPlaygroundsAndNoChildrenToReflection() throws {
        let upstream = HeldSubscriberPublisher<Int, Never>()
        upstream.map { $0 + 1 }.subscribe(RecordingSubscriber<Int, Never>())
        let mirror = try XCTUnwrap(upstream.subscriberMirror)
        XCTAssertTrue(mirror.children.isEmpty)
        XCTAssertEqual(upstream.subscriberPlaygroundDescription, "Map")
    }

    func testMapErrorShowsItsNameToPlaygroundsAndNoChildrenToReflection() throws {
        let upstream = HeldSubscriberPublisher<Int, TestError>()
        upstream.mapError { $0 }.subscribe(RecordingSubscriber<Int, TestError>())
        let mirror = try XCTUnwrap(upstream.subscriberMirror)
        XCTAssertTrue(mirror.children.isEmpty)
        XCTAssertEqual(
            upstream.subscriberPlaygroundDescription, "MapError"
        )
    }
}
