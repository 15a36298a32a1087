import Conduit
import Foundation
import XCTest

/// A subject that only writes down what it is sent (subscriptions by their description).
private final class LoggingSubject: Subject, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = TestError

    private(set) var log: [String] = []

    func send(_ value: Int) { log.append("value(\(value))") }
    func send(completion: Subscribers.Completion<TestError>) { log.append("completion") }
    func send(subscription: Subscription) { log.append("subscription \(subscription)") }
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {}
}

final class AnySubscriberTests: XCTestCase {
    func testClosureSubscriberIsAnonymousInDescriptionPlaygroundAndMirror() {
        let erased = AnySubscriber<Int, Never>()
        XCTAssertEqual(erased.description, "Anonymous AnySubscriber")
        XCTAssertEqual(erased.playgroundDescription as? String, "Anonymous AnySubscriber")
        let mirror = Mirror(reflecting: erased)
        XCTAssertTrue(mirror.subjectType == String.self)
        XCTAssertTrue(mirror.children.isEmpty)
    }

    func testWrappedSubscriberLendsItsIdentityDescriptionAndMirror() {
        let recorder = RecordingSubscriber<Int, Never>()
        let erased = AnySubscriber(recorder)
        XCTAssertEqual(erased.combineIdentifier, recorder.combineIdentifier)
        XCTAssertEqual(erased.playgroundDescription as? String, erased.description)
        XCTAssertTrue(Mirror(reflecting: erased).subjectType == RecordingSubscriber<Int, Never>.self)
    }

    func testSubjectSeesOneSubscriptionAndNothingAfterTheFirstCompletion() {
        let subject = LoggingSubject()
        let erased = AnySubscriber(subject)
        let first = RecordingSubscription()
        let second = RecordingSubscription()
        erased.receive(subscription: first)
        erased.receive(subscription: second)
        XCTAssertEqual(erased.receive(1), .none)
        erased.receive(completion: .finished)
        erased.receive(completion: .failure(TestError("late")))
        XCTAssertEqual(erased.receive(2), .none)
        XCTAssertEqual(subject.log, ["subscription Subject", "value(1)", "completion"])
        XCTAssertTrue(second.isCancelled)
        XCTAssertFalse(first.isCancelled)
        XCTAssertEqual(erased.description, "Subject")
        XCTAssertEqual(erased.playgroundDescription as? String, "Subject")
    }
}
