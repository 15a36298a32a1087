import Conduit
import Foundation
import XCTest

/// Takes every date; keeps its subscription until told to cancel it.
private final class DateCounter: Subscriber, @unchecked Sendable {
    var count = 0
    var subscription: Subscription?

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.unlimited)
    }

    func receive(_ input: Date) -> Subscribers.Demand {
        count += 1
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}
}

final class TimerPublisherTests: XCTestCase {
    /// The timer's action holds the publisher's subject, which its subscription shows to reflection
    /// (as Combine's does): once the connection is cancelled and everything else has let go, the
    /// subject is gone too.
    func testCancelledConnectionLetsGoOfWhatTheTimerHeld() throws {
        weak var subject: AnyObject?
        var connection: Cancellable?
        do {
            let publisher = Timer.publish(every: 0.005, on: .current, in: .default)
            let counter = DateCounter()
            publisher.subscribe(counter)
            let shown = Mirror(reflecting: try XCTUnwrap(counter.subscription)).descendant("subject")
            subject = try XCTUnwrap(shown.flatMap(object(in:)))
            connection = publisher.connect()
            runCurrentRunLoop(until: { counter.count >= 2 })
            XCTAssertGreaterThanOrEqual(counter.count, 2)
            counter.subscription?.cancel()
            counter.subscription = nil
        }
        XCTAssertNotNil(subject, "a running timer keeps the subject")
        connection?.cancel()
        connection = nil
        XCTAssertNil(subject, "a stopped timer keeps nothing")
    }

    func testReconnectingStopsTheEarlierTimer() {
        let publisher = Timer.publish(every: 0.005, on: .current, in: .common)
        let counter = DateCounter()
        publisher.subscribe(counter)
        let first = publisher.connect()
        let second = publisher.connect()
        runCurrentRunLoop(until: { counter.count >= 4 })
        second.cancel()
        let count = counter.count
        RunLoop.current.run(until: Date().addingTimeInterval(0.03))
        XCTAssertEqual(counter.count, count, "the first connection's timer stopped when the second started")
        first.cancel()
    }

    /// The first date comes one interval after the connection, not at it (as in Combine).
    func testFirstDateComesOneIntervalAfterConnecting() throws {
        let interval: TimeInterval = 0.2
        let publisher = Timer.publish(every: interval, on: .current, in: .default)
        var dates: [Date] = []
        let cancellable = publisher.sink { dates.append($0) }
        let connected = Date()
        let connection = publisher.connect()
        runCurrentRunLoop(until: { !dates.isEmpty })
        connection.cancel()
        cancellable.cancel()
        let first = try XCTUnwrap(dates.first)
        XCTAssertGreaterThanOrEqual(first.timeIntervalSince(connected), interval * 0.9, "fired early: \(dates)")
    }

    /// The object a reflected value holds, looking through an optional.
    private func object(in value: Any) -> AnyObject? {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.flatMap { object(in: $0.value) }
        }
        return type(of: value) is AnyClass ? value as AnyObject : nil
    }

    /// Runs the current run loop until `condition` holds, or for at most `limit` seconds (a limit
    /// that only turns a hang into a failure).
    private func runCurrentRunLoop(until condition: () -> Bool, limit: TimeInterval = 10) {
        let deadline = Date().addingTimeInterval(limit)
        while !condition(), Date() < deadline {
            RunLoop.current.run(until: Date().addingTimeInterval(0.01))
        }
    }
}
