// Time-based operators and schedulers with the real Dispatch and RunLoop schedulers; the
// assertions are about values and order, never about how long anything took.
import Conduit
import Foundation
import XCTest

final class SchedulingTests: XCTestCase {
    func testReceiveOnMainQueueDeliversOnTheMainThread() {
        let done = expectation(description: "values on main")
        var values: [Int] = []
        let c = [1, 2, 3].publisher
            .subscribe(on: DispatchQueue.global())
            .receive(on: DispatchQueue.main)
            .sink(receiveCompletion: { _ in done.fulfill() }, receiveValue: {
                XCTAssertTrue(Thread.isMainThread)
                values.append($0)
            })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(values, [1, 2, 3])
        c.cancel()
    }

    func testReceiveOnASerialQueueAndRunLoopMainKeepOrder() {
        let queue = DispatchQueue(label: "compat.serial")
        let done = expectation(description: "values on queue")
        let lock = NSLock()
        var values: [Int] = []
        let c = (1...50).publisher
            .receive(on: queue)
            .receive(on: RunLoop.main)
            .sink(receiveCompletion: { _ in done.fulfill() }, receiveValue: { v in lock.withLock { values.append(v) } })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(lock.withLock { values }, Array(1...50))
        c.cancel()
    }

    func testDebounceDeliversOnlyTheLastValueOfABurst() {
        let subject = PassthroughSubject<String, Never>()
        let done = expectation(description: "debounced")
        var values: [String] = []
        let c = subject
            .debounce(for: .milliseconds(50), scheduler: DispatchQueue.main)
            .sink(receiveCompletion: { _ in done.fulfill() }, receiveValue: { values.append($0) })
        subject.send("s")
        subject.send("sw")
        subject.send("swi")
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) { subject.send(completion: .finished) }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(values, ["swi"])
        c.cancel()
    }

    func testThrottleLatestFalseKeepsFirstOfBurst() {
        let subject = PassthroughSubject<Int, Never>()
        let done = expectation(description: "throttled")
        var values: [Int] = []
        let c = subject
            .throttle(for: .seconds(10), scheduler: DispatchQueue.main, latest: false)
            .sink(receiveCompletion: { _ in done.fulfill() }, receiveValue: { values.append($0) })
        subject.send(1)
        subject.send(2)
        subject.send(3)
        DispatchQueue.main.async { subject.send(completion: .finished) }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(values.first, 1)
        XCTAssertFalse(values.contains(2))
        c.cancel()
    }

    func testDelayAndTimeoutOnADispatchQueue() {
        let queue = DispatchQueue(label: "compat.delay")
        let done = expectation(description: "delayed")
        var values: [Int] = []
        let c = Just(1)
            .delay(for: .milliseconds(10), scheduler: queue)
            .sink(receiveCompletion: { _ in done.fulfill() }, receiveValue: { values.append($0) })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(values, [1])
        c.cancel()

        enum Slow: Error { case timedOut }
        let timedOut = expectation(description: "timed out")
        var failure: Slow?
        let never = PassthroughSubject<Int, Slow>()
        let c2 = never
            .timeout(.milliseconds(20), scheduler: DispatchQueue.main, customError: { .timedOut })
            .sink(receiveCompletion: { if case .failure(let e) = $0 { failure = e }; timedOut.fulfill() },
                receiveValue: { _ in })
        wait(for: [timedOut], timeout: 5)
        XCTAssertEqual(failure, .timedOut)
        c2.cancel()

        let finished = expectation(description: "timeout without error finishes")
        let c3 = PassthroughSubject<Int, Never>()
            .timeout(.milliseconds(20), scheduler: DispatchQueue.main)
            .sink(receiveCompletion: { _ in finished.fulfill() }, receiveValue: { _ in })
        wait(for: [finished], timeout: 5)
        c3.cancel()
    }

    func testTimerPublishAutoconnectTicks() {
        let done = expectation(description: "three ticks")
        var ticks: [Date] = []
        let c = Timer.publish(every: 0.01, on: .main, in: .common)
            .autoconnect()
            .prefix(3)
            .sink(receiveCompletion: { _ in done.fulfill() }, receiveValue: { ticks.append($0) })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(ticks.count, 3)
        XCTAssertEqual(ticks, ticks.sorted())
        c.cancel()
    }

    func testTimerPublishConnectReturnsACancellable() {
        let timer = Timer.publish(every: 0.01, tolerance: nil, on: RunLoop.main, in: .default)
        let done = expectation(description: "tick")
        var c: AnyCancellable? = timer.first().sink { _ in done.fulfill() }
        let connection: Cancellable = timer.connect()
        wait(for: [done], timeout: 5)
        connection.cancel()
        c = nil
        _ = c
    }

    func testNotificationCenterPublisher() {
        let name = Notification.Name("CompatTestNotification")
        let center = NotificationCenter.default
        var received: [String] = []
        let c = center.publisher(for: name, object: nil)
            .compactMap { $0.userInfo?["k"] as? String }
            .sink { received.append($0) }
        center.post(name: name, object: nil, userInfo: ["k": "one"])
        center.post(Notification(name: name, object: nil, userInfo: ["k": "two"]))
        c.cancel()
        center.post(name: name, object: nil, userInfo: ["k": "three"])
        XCTAssertEqual(received, ["one", "two"])
    }

    func testImmediateSchedulerAndMeasureInterval() {
        var values: [Int] = []
        _ = [1, 2].publisher.receive(on: ImmediateScheduler.shared).sink { values.append($0) }
        _ = [1, 2].publisher.delay(for: .zero, scheduler: ImmediateScheduler.shared).sink { values.append($0 * 10) }
        XCTAssertEqual(values, [1, 2, 10, 20])
        var strides = 0
        _ = [1, 2].publisher.measureInterval(using: ImmediateScheduler.shared).sink { _ in strides += 1 }
        XCTAssertEqual(strides, 2)
    }

    func testDispatchQueueSchedulerTimeArithmetic() {
        let now = DispatchQueue.main.now
        let later = now.advanced(by: .seconds(1))
        XCTAssertTrue(now < later)
        XCTAssertEqual(now.distance(to: later), .seconds(1))
        XCTAssertEqual(DispatchQueue.SchedulerTimeType.Stride.milliseconds(1500), .seconds(1.5))
        let runLoopNow = RunLoop.main.now
        XCTAssertTrue(runLoopNow < runLoopNow.advanced(by: .seconds(2)))
    }
}
