import Conduit
import XCTest

/// `map(\.keyPath)`: its subscriber calls itself "ValueForKey" (one key path) or "ValueForKeys", as in Combine.
final class MapKeyPathTests: XCTestCase {
    private struct Card {
        let name: String
        let rank: Int
    }

    func testKeyPathMapsAreNamedAsCombineNamesThem() {
        let one = HeldSubscriberPublisher<Card, Never>()
        one.map(\.name).subscribe(RecordingSubscriber<String, Never>())
        XCTAssertEqual(one.subscriberPlaygroundDescription, "ValueForKey")
        let two = HeldSubscriberPublisher<Card, Never>()
        two.map(\.name, \.rank).subscribe(RecordingSubscriber<(String, Int), Never>())
        XCTAssertEqual(two.subscriberPlaygroundDescription, "ValueForKeys")
    }
}
