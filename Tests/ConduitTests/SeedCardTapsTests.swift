import Conduit
import Foundation
import XCTest

/// The card-taps-and-switch pipeline of seed 000, as close to the seed's code as Linux allows
/// (no UIKit: the switch is a plain class with the seed's `@Published var isOnPublisher`).
private final class Card {
    static let tapped = Notification.Name("tapped")
    let name: String

    init(name: String) {
        self.name = name
    }

    func tap(on center: NotificationCenter) {
        center.post(name: Card.tapped, object: self)
    }
}

private final class MySwitch {
    var isOn = true {
        didSet { didChangeOn() }
    }

    @Published var isOnPublisher = false

    init() {
        self.isOnPublisher = self.isOn
    }

    func didChangeOn() {
        self.isOnPublisher = self.isOn
    }
}

private final class ViewController {
    let center: NotificationCenter
    let mySwitch = MySwitch()

    init(center: NotificationCenter) {
        self.center = center
    }

    lazy var cardTappedCardNamePublisher =
        center.publisher(for: Card.tapped)
            .compactMap { $0.object as? Card }
            .map { $0.name }

    lazy var combination =
        Publishers.CombineLatest(
            self.cardTappedCardNamePublisher, self.mySwitch.$isOnPublisher)
            .scan((nil, true)) { $0.1 != $1.1 ? (nil, $1.1) : $1 }
            .filter { $0.1 }
            .compactMap { $0.0 }
}

final class SeedCardTapsTests: XCTestCase {
    func testTappedNamesComeOutOnlyWhileTheSwitchIsOn() {
        let center = NotificationCenter()
        let controller = ViewController(center: center)
        var names: [String] = []
        let sink = controller.combination.sink { names.append($0) }

        Card(name: "ace").tap(on: center)
        XCTAssertEqual(names, ["ace"])
        controller.mySwitch.isOn = false
        XCTAssertEqual(names, ["ace"], "toggling the switch emits nothing")
        Card(name: "queen").tap(on: center)
        XCTAssertEqual(names, ["ace"], "a tap while the switch is off emits nothing")
        controller.mySwitch.isOn = true
        XCTAssertEqual(names, ["ace"], "toggling back emits nothing")
        Card(name: "king").tap(on: center)
        XCTAssertEqual(names, ["ace", "king"])
        sink.cancel()
    }

    func testNotificationsFromOtherObjectsAreIgnored() {
        let center = NotificationCenter()
        let controller = ViewController(center: center)
        var names: [String] = []
        let sink = controller.cardTappedCardNamePublisher.sink { names.append($0) }
        center.post(name: Card.tapped, object: "not a card")
        Card(name: "jack").tap(on: center)
        XCTAssertEqual(names, ["jack"])
        sink.cancel()
        Card(name: "ten").tap(on: center)
        XCTAssertEqual(names, ["jack"], "cancelling removes the observer")
    }
}

final class FoundationPublisherTests: XCTestCase {
    func testNotificationPublisherHonoursDemand() {
        let center = NotificationCenter()
        let name = Notification.Name("ping")
        let subscriber = RecordingSubscriber<Notification, Never>(initialDemand: .max(1))
        center.publisher(for: name).subscribe(subscriber)
        center.post(name: name, object: nil)
        center.post(name: name, object: nil)
        XCTAssertEqual(subscriber.values.count, 1)
        subscriber.request(.max(1))
        center.post(name: name, object: nil)
        XCTAssertEqual(subscriber.values.count, 2)
    }

    func testTimerPublisherFiresOnceConnected() {
        let timer = Timer.publish(every: 0.01, on: .current, in: .default)
        var dates: [Date] = []
        let sink = timer.sink { dates.append($0) }
        RunLoop.current.run(until: Date().addingTimeInterval(0.05))
        XCTAssertEqual(dates.count, 0, "nothing before connect")
        let connection = timer.connect()
        // Two ticks must come; on a loaded machine they may take far longer than 20 ms.
        runCurrentRunLoop(until: { dates.count >= 2 })
        XCTAssertGreaterThanOrEqual(dates.count, 2)
        connection.cancel()
        let count = dates.count
        RunLoop.current.run(until: Date().addingTimeInterval(0.05))
        XCTAssertEqual(dates.count, count, "nothing after the connection is cancelled")
        sink.cancel()
    }

    func testAutoconnectedTimer() {
        var ticks = 0
        let sink = Timer.publish(every: 0.01, on: .current, in: .default).autoconnect().sink { _ in ticks += 1 }
        runCurrentRunLoop(until: { ticks >= 2 })
        XCTAssertGreaterThanOrEqual(ticks, 2)
        sink.cancel()
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
