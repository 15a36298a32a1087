// A test scheduler written by the user (the kind tutorials build to test time-based operators
// without waiting): its own time type, stride and options, driven by hand.
import Conduit
import Foundation
import XCTest

/// A manually advanced scheduler with integer ticks.
private final class ManualScheduler: Scheduler {
    struct Time: Strideable, Hashable {
        var ticks: Int
        func distance(to other: Time) -> Stride { Stride(other.ticks - ticks) }
        func advanced(by n: Stride) -> Time { Time(ticks: ticks + n.ticks) }

        struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable {
            var ticks: Int
            init(_ ticks: Int) { self.ticks = ticks }
            init(integerLiteral value: Int) { ticks = value }
            init?<T: BinaryInteger>(exactly source: T) { ticks = Int(source) }
            var magnitude: Int { Swift.abs(ticks) }
            static func seconds(_ s: Int) -> Stride { Stride(s * 1000) }
            static func seconds(_ s: Double) -> Stride { Stride(Int(s * 1000)) }
            static func milliseconds(_ ms: Int) -> Stride { Stride(ms) }
            static func microseconds(_ us: Int) -> Stride { Stride(us / 1000) }
            static func nanoseconds(_ ns: Int) -> Stride { Stride(ns / 1_000_000) }
            static func < (a: Stride, b: Stride) -> Bool { a.ticks < b.ticks }
            static func + (a: Stride, b: Stride) -> Stride { Stride(a.ticks + b.ticks) }
            static func - (a: Stride, b: Stride) -> Stride { Stride(a.ticks - b.ticks) }
            static func * (a: Stride, b: Stride) -> Stride { Stride(a.ticks * b.ticks) }
            static func += (a: inout Stride, b: Stride) { a.ticks += b.ticks }
            static func -= (a: inout Stride, b: Stride) { a.ticks -= b.ticks }
            static func *= (a: inout Stride, b: Stride) { a.ticks *= b.ticks }
        }
    }
    typealias SchedulerTimeType = Time
    typealias SchedulerOptions = Never

    private var queue: [(id: Int, time: Time, action: () -> Void)] = []
    private var nextID = 0
    private(set) var now = Time(ticks: 0)
    var minimumTolerance: Time.Stride { 0 }

    func schedule(options: Never?, _ action: @escaping () -> Void) {
        schedule(after: now, tolerance: 0, options: nil, action)
    }

    func schedule(after date: Time, tolerance: Time.Stride, options: Never?, _ action: @escaping () -> Void) {
        nextID += 1
        queue.append((nextID, date, action))
    }

    func schedule(after date: Time, interval: Time.Stride, tolerance: Time.Stride, options: Never?,
        _ action: @escaping () -> Void) -> Cancellable {
        nextID += 1
        let id = nextID
        var cancelled = false
        func repeating(at time: Time) {
            queue.append((id, time, { [weak self] in
                guard !cancelled else { return }
                action()
                repeating(at: time.advanced(by: interval))
                _ = self
            }))
        }
        repeating(at: date)
        return AnyCancellable { cancelled = true }
    }

    /// Runs everything due up to `ticks` from now, in time order.
    func advance(by ticks: Int) {
        let end = now.advanced(by: .init(ticks))
        while let next = queue.enumerated().filter({ $0.element.time <= end }).min(by: { ($0.element.time.ticks,
            $0.element.id) < ($1.element.time.ticks, $1.element.id) }) {
            queue.remove(at: next.offset)
            if next.element.time > now { now = next.element.time }
            next.element.action()
        }
        now = end
    }
}

final class UserSchedulerTests: XCTestCase {
    func testDebounceOnAUserScheduler() {
        let scheduler = ManualScheduler()
        let subject = PassthroughSubject<String, Never>()
        var values: [String] = []
        let c = subject.debounce(for: .milliseconds(300), scheduler: scheduler).sink { values.append($0) }
        subject.send("a")
        scheduler.advance(by: 100)
        subject.send("ab")
        scheduler.advance(by: 299)
        XCTAssertEqual(values, [])
        scheduler.advance(by: 1)
        XCTAssertEqual(values, ["ab"])
        subject.send("abc")
        scheduler.advance(by: 300)
        XCTAssertEqual(values, ["ab", "abc"])
        c.cancel()
    }

    func testDelayAndReceiveOnAUserScheduler() {
        let scheduler = ManualScheduler()
        var values: [Int] = []
        let c = [1, 2].publisher.delay(for: .seconds(1), scheduler: scheduler).sink { values.append($0) }
        scheduler.advance(by: 999)
        XCTAssertEqual(values, [])
        scheduler.advance(by: 1)
        XCTAssertEqual(values, [1, 2])
        c.cancel()

        var received: [Int] = []
        let c2 = Just(3).receive(on: scheduler).sink { received.append($0) }
        XCTAssertEqual(received, [])
        scheduler.advance(by: 0)
        XCTAssertEqual(received, [3])
        c2.cancel()
    }

    func testThrottleLatestOnAUserScheduler() {
        let scheduler = ManualScheduler()
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        let c = subject.throttle(for: .milliseconds(100), scheduler: scheduler, latest: true).sink { values.append($0) }
        subject.send(1)
        scheduler.advance(by: 0)
        subject.send(2)
        subject.send(3)
        scheduler.advance(by: 100)
        XCTAssertEqual(values, [1, 3])
        c.cancel()
    }

    func testTimeoutAndMeasureIntervalOnAUserScheduler() {
        let scheduler = ManualScheduler()
        let subject = PassthroughSubject<Int, Never>()
        var finished = false
        let c = subject.timeout(.milliseconds(50), scheduler: scheduler).sink(
            receiveCompletion: { _ in finished = true }, receiveValue: { _ in })
        scheduler.advance(by: 49)
        XCTAssertFalse(finished)
        scheduler.advance(by: 1)
        XCTAssertTrue(finished)
        c.cancel()

        var intervals: [Int] = []
        let ticks = PassthroughSubject<Void, Never>()
        let c2 = ticks.measureInterval(using: scheduler).sink { intervals.append($0.ticks) }
        scheduler.advance(by: 10)
        ticks.send()
        scheduler.advance(by: 25)
        ticks.send()
        XCTAssertEqual(intervals, [10, 25])
        c2.cancel()
    }
}
