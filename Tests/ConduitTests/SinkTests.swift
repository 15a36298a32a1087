import Conduit
import Foundation
import XCTest

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

    func testSinkLetsItsClosuresGoWhenASynchronousPublisherCompletesWhileItsCancellableIsKept() {
        final class Tracked {}
        weak var released: Tracked?
        var received: [Int] = []
        var cancellable: AnyCancellable?
        do {
            let tracked = Tracked()
            released = tracked
            cancellable = Just(3).sink(receiveCompletion: { _ in _ = tracked }, receiveValue: { received.append($0) })
        }
        XCTAssertEqual(received, [3])
        XCTAssertNil(released, "Just completes during subscribe; the closures go though the cancellable is kept")
        cancellable?.cancel()
        cancellable = nil
    }

    func testCompletionSentFromInsideTheValueClosureReleasesTheClosuresAfterwards() {
        final class Tracked {}
        weak var released: Tracked?
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var completions = 0
        var cancellable: AnyCancellable?
        do {
            let tracked = Tracked()
            released = tracked
            cancellable = subject.sink(
                receiveCompletion: { _ in completions += 1 },
                receiveValue: { value in
                    _ = tracked
                    received.append(value)
                    subject.send(completion: .finished)
                    received.append(-value)
                }
            )
        }
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(received, [1, -1])
        XCTAssertEqual(completions, 1)
        XCTAssertNil(released)
        cancellable?.cancel()
    }

    func testCancellablesDroppedOnOneThreadWhileTheirPublishersCompleteOnAnother() {
        final class Holder: @unchecked Sendable {
            let lock = NSLock()
            var cancellables: [AnyCancellable] = []
        }
        for _ in 0..<200 {
            let subject = PassthroughSubject<Int, Never>()
            let holder = Holder()
            holder.cancellables = (0..<20).map { _ in subject.sink { _ in } }
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                subject.send(1)
                subject.send(completion: .finished)
            }
            DispatchQueue.global().async(group: group) {
                holder.lock.lock()
                holder.cancellables.removeAll()
                holder.lock.unlock()
            }
            group.wait()
            holder.lock.lock()
            XCTAssertTrue(holder.cancellables.isEmpty)
            holder.lock.unlock()
        }
    }
}
