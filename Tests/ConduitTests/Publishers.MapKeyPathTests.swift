import Conduit
import XCTest

/// `map(\.keyPath)`: its subscriber calls itself "ValueForKey" (one key path) or "ValueForKeys", as
/// in Combine; every kind of key path reads the value the key path names (a struct's stored field
/// is read at its offset, anything else through the key path).
final class MapKeyPathTests: XCTestCase {
    private struct Card {
        let name: String
        let rank: Int
    }

    private struct Hand {
        var label: String
        var first: Card
        var second: Card?
        var pair: (Int, String)
        /// Computed: no offset, read through the key path.
        var total: Int { first.rank + (second?.rank ?? 0) }
    }

    private final class Player {
        var hand: Hand
        var score = 0
        init(hand: Hand) { self.hand = hand }
    }

    private func hand(_ label: String, _ first: Card, _ second: Card?) -> Hand {
        Hand(label: label, first: first, second: second, pair: (first.rank, label + "!"))
    }

    private func values<T>(_ publisher: some Publisher<T, Never>) -> [T] {
        var received: [T] = []
        _ = publisher.sink { received.append($0) }
        return received
    }

    func testKeyPathMapsAreNamedAsCombineNamesThem() {
        let one = HeldSubscriberPublisher<Card, Never>()
        one.map(\.name).subscribe(RecordingSubscriber<String, Never>())
        XCTAssertEqual(one.subscriberPlaygroundDescription, "ValueForKey")
        let two = HeldSubscriberPublisher<Card, Never>()
        two.map(\.name, \.rank).subscribe(RecordingSubscriber<(String, Int), Never>())
        XCTAssertEqual(two.subscriberPlaygroundDescription, "ValueForKeys")
    }

    func testStoredFieldsAtAnyDepthAreTheValuesTheKeyPathsName() {
        let hands = [hand("a", Card(name: "ace", rank: 14), nil),
                     hand("b", Card(name: "two", rank: 2), Card(name: "king", rank: 13))]
        XCTAssertEqual(values(hands.publisher.map(\.label)), ["a", "b"])
        XCTAssertEqual(values(hands.publisher.map(\.first.name)), ["ace", "two"])
        XCTAssertEqual(values(hands.publisher.map(\.first.rank)), [14, 2])
        XCTAssertEqual(values(hands.publisher.map(\.pair.1)), ["a!", "b!"])
        XCTAssertEqual(values(hands.publisher.map(\.self)).map(\.label), ["a", "b"])
        let pairs = values(hands.publisher.map(\.label, \.first.rank))
        XCTAssertEqual(pairs.map(\.0), ["a", "b"])
        XCTAssertEqual(pairs.map(\.1), [14, 2])
        let triples = values(hands.publisher.map(\.label, \.first.name, \.pair.0))
        XCTAssertEqual(triples.map(\.1), ["ace", "two"])
        XCTAssertEqual(triples.map(\.2), [14, 2])
    }

    func testComputedOptionalAndClassKeyPathsAreReadThroughTheKeyPath() {
        let hands = [hand("a", Card(name: "ace", rank: 14), nil),
                     hand("b", Card(name: "two", rank: 2), Card(name: "king", rank: 13))]
        XCTAssertEqual(values(hands.publisher.map(\.total)), [14, 15])
        XCTAssertEqual(values(hands.publisher.map(\.second?.name)), [nil, "king"])
        XCTAssertEqual(values(hands.publisher.map(\.label.count)), [1, 1])
        let players = hands.map(Player.init)
        players[1].score = 7
        XCTAssertEqual(values(players.publisher.map(\.score)), [0, 7])
        XCTAssertEqual(values(players.publisher.map(\.hand.first.name)), ["ace", "two"])
    }

    /// A value read at an offset is a copy that owns its storage: it outlives the value it was read
    /// from.
    func testAFieldReadAtItsOffsetOutlivesItsRoot() {
        let subject = PassthroughSubject<Hand, Never>()
        var names: [String] = []
        let cancellable = subject.map(\.label).sink { names.append($0) }
        for index in 0..<100 {
            subject.send(hand(String(repeating: "x", count: 40) + "\(index)", Card(name: "c", rank: index), nil))
        }
        cancellable.cancel()
        XCTAssertEqual(names.count, 100)
        XCTAssertEqual(names.last, String(repeating: "x", count: 40) + "99")
    }
}
