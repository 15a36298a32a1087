import Conduit
import XCTest

/// What a subject's subscription shows to reflection and playgrounds: Combine's names and the
/// children `parent`, `downstream`, `demand`, `subject`, emptied once the subscription ends.
final class SubjectConduitReflectionTests: XCTestCase {
    /// The children of `subscription`'s mirror as (label, text) pairs.
    private func children(of subscription: Subscription) -> [String] {
        Mirror(reflecting: subscription).children.map { "\($0.label ?? "?")=\(String(describing: $0.value))" }
    }

    func testPassthroughSubscriptionShowsSubjectSubscriberAndDemand() throws {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(5))
        subject.subscribe(recorder)
        subject.send(1)
        let subscription = try XCTUnwrap(recorder.subscription)
        let shown = children(of: subscription)
        XCTAssertEqual(shown.map { $0.prefix { $0 != "=" } }, ["parent", "downstream", "demand", "subject"])
        XCTAssertEqual(shown[0], "parent=Optional(PassthroughSubject)")
        XCTAssertTrue(shown[1].contains("RecordingSubscriber"), shown[1])
        XCTAssertEqual(shown[2], "demand=max(4)")
        XCTAssertEqual(shown[3], "subject=Optional(PassthroughSubject)")
        XCTAssertEqual((subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String,
                       "PassthroughSubject")
    }

    func testFinishedSubscriptionForgetsSubjectAndSubscriberButKeepsDemand() throws {
        let subject = CurrentValueSubject<Int, Never>(0)
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(3))
        subject.subscribe(recorder)
        let subscription = try XCTUnwrap(recorder.subscription)
        XCTAssertEqual(children(of: subscription)[0], "parent=Optional(CurrentValueSubject)")
        subject.send(completion: .finished)
        XCTAssertEqual(children(of: subscription), ["parent=nil", "downstream=nil", "demand=max(2)", "subject=nil"])
        XCTAssertEqual("\(subscription)", "CurrentValueSubject")
    }

    func testCancelledSubscriptionForgetsSubjectAndSubscriber() throws {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        subject.subscribe(recorder)
        let subscription = try XCTUnwrap(recorder.subscription)
        subscription.cancel()
        XCTAssertEqual(children(of: subscription), ["parent=nil", "downstream=nil", "demand=max(2)", "subject=nil"])
        XCTAssertEqual("\(subscription)", "PassthroughSubject")
    }
}
