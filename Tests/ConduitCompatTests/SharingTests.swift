// Sharing one upstream between subscribers: share, multicast, makeConnectable, autoconnect.
import Conduit
import Foundation
import XCTest

final class SharingTests: XCTestCase {
    func testShareRunsTheUpstreamOnceForEverySubscriber() {
        var runs = 0
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.handleEvents(receiveSubscription: { _ in runs += 1 }).map { $0 * 2 }.share()
        var a: [Int] = []
        var b: [Int] = []
        let c1 = shared.sink { a.append($0) }
        let c2 = shared.sink { b.append($0) }
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(runs, 1)
        XCTAssertEqual(a, [2, 4])
        XCTAssertEqual(b, [2, 4])
        c1.cancel()
        c2.cancel()
    }

    func testMulticastWaitsForConnect() {
        var values: [String] = []
        let multicast = [1, 2].publisher.multicast { PassthroughSubject<Int, Never>() }
        let c1 = multicast.sink { values.append("a\($0)") }
        let c2 = multicast.sink { values.append("b\($0)") }
        XCTAssertEqual(values, [])
        let connection = multicast.connect()
        XCTAssertEqual(values, ["a1", "b1", "a2", "b2"])
        connection.cancel()
        c1.cancel()
        c2.cancel()

        let subject = PassthroughSubject<Int, Never>()
        let viaSubject = Just(5).multicast(subject: subject)
        var more: [Int] = []
        let c3 = viaSubject.sink { more.append($0) }
        let conn = viaSubject.connect()
        XCTAssertEqual(more, [5])
        conn.cancel()
        c3.cancel()
    }

    func testMakeConnectableAndAutoconnect() {
        var values: [Int] = []
        let connectable = [1, 2, 3].publisher.makeConnectable()
        let c1 = connectable.sink { values.append($0) }
        XCTAssertEqual(values, [])
        let connection = connectable.connect()
        XCTAssertEqual(values, [1, 2, 3])
        connection.cancel()
        c1.cancel()

        let auto: Publishers.Autoconnect<Publishers.MakeConnectable<Publishers.Sequence<[Int], Never>>> =
            [4, 5].publisher.makeConnectable().autoconnect()
        let c2 = auto.sink { values.append($0) }
        XCTAssertEqual(values, [1, 2, 3, 4, 5])
        c2.cancel()
    }

    func testBufferAndPrefixUntilOutputFrom() {
        let subject = PassthroughSubject<Int, Never>()
        let stop = PassthroughSubject<Void, Never>()
        var values: [Int] = []
        var finished = false
        let c = subject.prefix(untilOutputFrom: stop).sink(receiveCompletion: { _ in finished = true },
            receiveValue: { values.append($0) })
        subject.send(1)
        stop.send()
        subject.send(2)
        XCTAssertEqual(values, [1])
        XCTAssertTrue(finished)
        c.cancel()

        let start = PassthroughSubject<Void, Never>()
        let c2 = subject.drop(untilOutputFrom: start).sink { values.append($0) }
        subject.send(3)
        start.send()
        subject.send(4)
        XCTAssertEqual(values, [1, 4])
        c2.cancel()

        final class Slow: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            var subscription: Subscription?
            var got: [Int] = []
            func receive(subscription: Subscription) { self.subscription = subscription }
            func receive(_ input: Int) -> Subscribers.Demand { got.append(input); return .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        let slow = Slow()
        (1...5).publisher.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).subscribe(slow)
        XCTAssertEqual(slow.got, [])
        slow.subscription?.request(.max(3))
        XCTAssertEqual(slow.got, [1, 2, 3])
        slow.subscription?.request(.unlimited)
        XCTAssertEqual(slow.got, [1, 2, 3, 4, 5])
    }
}
