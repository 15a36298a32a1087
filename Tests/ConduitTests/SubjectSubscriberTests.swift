import Conduit
import XCTest

/// `publisher.subscribe(subject)`: the subject is handed a subscription called "Subject" that
/// passes its requests to the upstream until the link is cancelled.
final class SubjectSubscriberTests: XCTestCase {
    /// A publisher that keeps its subscriber and records what its subscription is asked.
    private final class ProbePublisher: Publisher, Subscription, @unchecked Sendable {
        typealias Output = Int
        typealias Failure = Never
        var subscriber: AnySubscriber<Int, Never>?
        var subscriberSeen: Any?
        var log: [String] = []

        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            subscriberSeen = subscriber
            self.subscriber = AnySubscriber(subscriber)
            subscriber.receive(subscription: self)
        }

        func request(_ demand: Subscribers.Demand) { log.append("request \(demand)") }
        func cancel() { log.append("cancel") }
    }

    /// A subject that keeps the subscriptions it is handed.
    private final class KeepingSubject: Subject, @unchecked Sendable {
        typealias Output = Int
        typealias Failure = Never
        var subscriptions: [Subscription] = []
        func send(_ value: Int) {}
        func send(completion: Subscribers.Completion<Never>) {}
        func send(subscription: Subscription) { subscriptions.append(subscription) }
        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {}
    }

    func testSubjectIsHandedTheSubscriberItselfAsASubscriptionNamedSubject() throws {
        let upstream = ProbePublisher()
        let subject = KeepingSubject()
        let link = upstream.subscribe(subject)
        let handed = try XCTUnwrap(subject.subscriptions.first)
        XCTAssertEqual(String(describing: handed), "Subject")
        let seen = try XCTUnwrap(upstream.subscriberSeen as? Subscription)
        XCTAssertEqual(seen.combineIdentifier, handed.combineIdentifier,
                       "the subscriber upstream sees is the subscription the subject holds")
        handed.request(.max(4))
        handed.cancel()
        handed.cancel()
        handed.request(.max(2))
        XCTAssertEqual(upstream.log, ["request max(4)", "cancel"])
        link.cancel()
    }
}
