import Conduit
import XCTest

final class AnyPublisherTests: XCTestCase {
    func testPlaygroundDescriptionIsTheDescription() {
        let erased = Just(1).eraseToAnyPublisher()
        XCTAssertEqual(erased.description, "AnyPublisher")
        XCTAssertEqual(erased.playgroundDescription as? String, "AnyPublisher")
    }
}
