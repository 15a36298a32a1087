import Conduit
import Foundation
import XCTest

final class MulticastTests: XCTestCase {
    func testWaitsForConnectBeforeSubscribingToTheUpstream() {
        let upstream = ManualPublisher<Int, Never>()
        let multicast = upstream.multicast { PassthroughSubject<Int, Never>() }
        let a = RecordingSubscriber<Int, Never>()
        let b = RecordingSubscriber<Int, Never>()
        multicast.subscribe(a)
        multicast.subscribe(b)
        XCTAssertEqual(upstream.subscribeCount, 0)
        let connection = multicast.connect()
        XCTAssertEqual(upstream.subscribeCount, 1)
        upstream.send(1)
        XCTAssertEqual(a.values, [1])
        XCTAssertEqual(b.values, [1])
        connection.cancel()
        XCTAssertTrue(upstream.subscription.isCancelled)
    }

    func testMulticastThroughAGivenSubject() {
        let upstream = PassthroughSubject<Int, Never>()
        let subject = CurrentValueSubject<Int, Never>(0)
        let multicast = upstream.multicast(subject: subject)
        let recorder = RecordingSubscriber<Int, Never>()
        multicast.subscribe(recorder)
        upstream.send(1)
        XCTAssertEqual(recorder.values, [0])
        let connection = multicast.connect()
        upstream.send(2)
        XCTAssertEqual(recorder.values, [0, 2])
        XCTAssertEqual(subject.value, 2)
        withExtendedLifetime(connection) {}
    }

    func testCreatesOneSubjectForAllSubscribers() {
        var made = 0
        let upstream = PassthroughSubject<Int, Never>()
        let multicast = Publishers.Multicast(upstream: upstream) { () -> PassthroughSubject<Int, Never> in
            made += 1
            return PassthroughSubject()
        }
        multicast.subscribe(RecordingSubscriber<Int, Never>())
        multicast.subscribe(RecordingSubscriber<Int, Never>())
        let connection = multicast.connect()
        XCTAssertEqual(made, 1)
        withExtendedLifetime(connection) {}
    }
}
