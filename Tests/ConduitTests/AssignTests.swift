import Conduit
import Foundation
import XCTest

private final class Box: @unchecked Sendable {
    var value = 0
}

final class AssignTests: XCTestCase {
    func testAValueBeforeTheSubscriptionIsNotAssigned() {
        let box = Box()
        let assign = Subscribers.Assign(object: box, keyPath: \.value)
        XCTAssertEqual(assign.receive(12), .none)
        XCTAssertEqual(box.value, 0)
        assign.receive(subscription: RecordingSubscription())
        _ = assign.receive(5)
        XCTAssertEqual(box.value, 5)
        assign.receive(completion: .finished)
        _ = assign.receive(9)
        XCTAssertEqual(box.value, 5)
    }

    func testReflectionShowsObjectKeyPathAndStatus() {
        let box = Box()
        let assign = Subscribers.Assign(object: box, keyPath: \.value)
        XCTAssertEqual(assign.customMirror.children.map(\.label), ["object", "keyPath", "status"])
    }
}
