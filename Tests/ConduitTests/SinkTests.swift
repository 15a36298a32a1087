import XCTest
import Conduit

/// A publisher whose subscription is a struct (Combine allows any type): it records what its
/// subscriber asks for.
private struct StructSubscriptionPublisher: Publisher {
    typealias Output = Int
    typealias Failure = Never

    final class Log: @unchecked Sendable {
        var requests: [Subscribers.Demand] = []
        var cancels = 0
        let identifier = CombineIdentifier()
    }

    struct Ticket: Subscription {
        let log: Log
        var combineIdentifier: CombineIdentifier { log.identifier }
        func request(_ demand: Subscribers.Demand) { log.requests.append(demand) }
        func cancel() { log.cancels += 1 }
    }

    let log = Log()

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        subscriber.receive(subscription: Ticket(log: log))
        _ = subscriber.receive(7)
    }
}

final class SinkTests: XCTestCase {
    func testSinkKeepsASubscriptionThatIsAStructAndCancelsIt() {
        let publisher = StructSubscriptionPublisher()
        var received: [Int] = []
        let cancellable = publisher.sink { received.append($0) }
        XCTAssertEqual(publisher.log.requests, [.unlimited])
        XCTAssertEqual(received, [7])
        cancellable.cancel()
        cancellable.cancel()
        XCTAssertEqual(publisher.log.cancels, 1)
    }

    func testSinkCancelsASecondSubscriptionThatIsAStruct() {
        let first = StructSubscriptionPublisher()
        let second = StructSubscriptionPublisher()
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        first.subscribe(sink)
        second.subscribe(sink)
        XCTAssertEqual(second.log.requests, [])
        XCTAssertEqual(second.log.cancels, 1)
        sink.cancel()
        XCTAssertEqual(first.log.cancels, 1)
    }

    func testAssignCancelsASubscriptionThatIsAStruct() {
        final class Box { var value = 0 }
        let box = Box()
        let publisher = StructSubscriptionPublisher()
        let cancellable = publisher.assign(to: \.value, on: box)
        XCTAssertEqual(box.value, 7)
        XCTAssertEqual(publisher.log.requests, [.unlimited])
        cancellable.cancel()
        XCTAssertEqual(publisher.log.cancels, 1)
    }
}
