import Conduit
import Foundation
import XCTest

final class CatchTests: XCTestCase {
    func testReplacesAFailedUpstreamWithTheHandlersPublisher() {
        let upstream = PassthroughSubject<Int, TestError>()
        let replacement = PassthroughSubject<Int, Never>()
        var caught: [TestError] = []
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.catch { error -> PassthroughSubject<Int, Never> in
            caught.append(error)
            return replacement
        }.subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .failure(TestError("first")))
        replacement.send(2)
        replacement.send(completion: .finished)
        XCTAssertEqual(caught, [TestError("first")])
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func testTheReplacementIsAskedForTheOutstandingDemand() {
        let upstream = ManualPublisher<Int, TestError>()
        let replacement = ManualPublisher<Int, TestError>()
        let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .max(3))
        upstream.catch { _ in replacement }.subscribe(recorder)
        XCTAssertEqual(upstream.subscription.requests, [.max(3)])
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        XCTAssertEqual(replacement.subscription.requests, [.max(2)])
        recorder.request(.max(4))
        XCTAssertEqual(replacement.subscription.requests, [.max(2), .max(4)])
        XCTAssertEqual(upstream.subscription.requests, [.max(3)])
    }

    func testAFailureOfTheReplacementIsPassedOn() {
        let upstream = ManualPublisher<Int, TestError>()
        let replacement = ManualPublisher<Int, TestError>()
        let recorder = RecordingSubscriber<Int, TestError>()
        Publishers.Catch(upstream: upstream) { _ in replacement }.subscribe(recorder)
        upstream.send(completion: .failure(TestError("first")))
        replacement.send(completion: .failure(TestError("second")))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "failure(second)"])
    }

    func testAnUpstreamThatFinishesNeverCallsTheHandler() {
        let upstream = PassthroughSubject<Int, TestError>()
        var called = false
        let recorder = RecordingSubscriber<Int, Never>()
        upstream.catch { _ -> PassthroughSubject<Int, Never> in
            called = true
            return PassthroughSubject()
        }.subscribe(recorder)
        upstream.send(1)
        upstream.send(completion: .finished)
        XCTAssertFalse(called)
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "finished"])
    }

    func testCancelCancelsTheCurrentSource() {
        let upstream = ManualPublisher<Int, TestError>()
        let replacement = ManualPublisher<Int, TestError>()
        let first = RecordingSubscriber<Int, TestError>()
        upstream.catch { _ in replacement }.subscribe(first)
        first.cancel()
        XCTAssertTrue(upstream.subscription.isCancelled)
        let second = RecordingSubscriber<Int, TestError>()
        let upstream2 = ManualPublisher<Int, TestError>()
        upstream2.catch { _ in replacement }.subscribe(second)
        upstream2.send(completion: .failure(TestError()))
        second.cancel()
        XCTAssertTrue(replacement.subscription.isCancelled)
        upstream2.send(5)
        replacement.send(6)
        XCTAssertTrue(second.values.isEmpty)
    }

    func testTryCatchReplacesTheUpstreamOrFailsWithTheThrownError() {
        let upstream = PassthroughSubject<Int, TestError>()
        let replacement = PassthroughSubject<Int, TestError>()
        let recorder = RecordingSubscriber<Int, Error>()
        upstream.tryCatch { error -> PassthroughSubject<Int, TestError> in
            if error.message == "recoverable" { return replacement }
            throw TestError("thrown")
        }.subscribe(recorder)
        upstream.send(completion: .failure(TestError("recoverable")))
        replacement.send(1)
        replacement.send(completion: .failure(TestError("replacement failed")))
        XCTAssertEqual(recorder.eventDescriptions, ["subscription", "value(1)", "failure(replacement failed)"])

        let other = PassthroughSubject<Int, TestError>()
        let thrown = RecordingSubscriber<Int, Error>()
        Publishers.TryCatch(upstream: other) { _ -> PassthroughSubject<Int, TestError> in
            throw TestError("thrown")
        }.subscribe(thrown)
        other.send(completion: .failure(TestError("fatal")))
        XCTAssertEqual(thrown.eventDescriptions, ["subscription", "failure(thrown)"])
    }
}
