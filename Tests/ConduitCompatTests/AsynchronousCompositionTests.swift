// Composing asynchronous publishers the way apps sequence work: one request at a time with
// flatMap(maxPublishers: .max(1)), pacing an array with a timer through zip, appending a slow
// publisher to another, and merging a late answer with an immediate one.
import Conduit
import Foundation
import XCTest

private func slowDouble(_ value: Int, after milliseconds: Int) -> Future<Int, Never> {
    Future { promise in
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
            promise(.success(value * 2))
        }
    }
}

private final class Collector<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []
    private var finished = false
    let done: XCTestExpectation

    init(_ done: XCTestExpectation) {
        self.done = done
    }

    func append(_ value: Value) { lock.withLock { stored.append(value) } }
    func finish() {
        lock.withLock { finished = true }
        done.fulfill()
    }
    var values: [Value] { lock.withLock { stored } }
    var isFinished: Bool { lock.withLock { finished } }
}

final class AsynchronousCompositionTests: XCTestCase {
    func testFlatMapOneAtATimeKeepsTheOrderOfSlowRequests() {
        let collector = Collector<Int>(expectation(description: "all three"))
        let inFlight = NSLock()
        var running = 0
        var maxRunning = 0
        let c = [30, 5, 15].publisher
            .flatMap(maxPublishers: .max(1)) { delay in
                slowDouble(delay, after: delay)
                    .handleEvents(receiveSubscription: { _ in
                        inFlight.withLock { running += 1; maxRunning = max(maxRunning, running) }
                    }, receiveCompletion: { _ in
                        inFlight.withLock { running -= 1 }
                    })
            }
            .sink(receiveCompletion: { _ in collector.finish() }, receiveValue: { collector.append($0) })
        wait(for: [collector.done], timeout: 5)
        XCTAssertEqual(collector.values, [60, 10, 30], "one request at a time, in order")
        XCTAssertEqual(inFlight.withLock { maxRunning }, 1)
        c.cancel()

        let unordered = Collector<Int>(expectation(description: "all three at once"))
        let d = [30, 5, 15].publisher
            .flatMap { slowDouble($0, after: $0) }
            .sink(receiveCompletion: { _ in unordered.finish() }, receiveValue: { unordered.append($0) })
        wait(for: [unordered.done], timeout: 5)
        XCTAssertEqual(unordered.values.sorted(), [10, 30, 60], "without a limit they all run: fastest first")
        d.cancel()
    }

    func testZipPacesAnArrayWithATimer() {
        let collector = Collector<String>(expectation(description: "paced"))
        let c = Publishers.Zip(
            ["a", "b", "c"].publisher,
            Timer.publish(every: 0.01, on: .main, in: .common).autoconnect()
        )
        .map(\.0)
        .sink(receiveCompletion: { _ in collector.finish() }, receiveValue: { collector.append($0) })
        wait(for: [collector.done], timeout: 5)
        XCTAssertEqual(collector.values, ["a", "b", "c"])
        c.cancel()
    }

    func testAppendingAndMergingAsynchronousPublishers() {
        let appended = Collector<Int>(expectation(description: "appended"))
        let a = slowDouble(1, after: 20)
            .append(slowDouble(2, after: 1))
            .append(Just(100))
            .sink(receiveCompletion: { _ in appended.finish() }, receiveValue: { appended.append($0) })
        wait(for: [appended.done], timeout: 5)
        XCTAssertEqual(appended.values, [2, 4, 100], "the second starts only after the first finished")
        a.cancel()

        let merged = Collector<Int>(expectation(description: "merged"))
        let m = slowDouble(5, after: 20)
            .merge(with: Just(1), slowDouble(3, after: 1))
            .sink(receiveCompletion: { _ in merged.finish() }, receiveValue: { merged.append($0) })
        wait(for: [merged.done], timeout: 5)
        XCTAssertEqual(merged.values.first, 1, "Just answers at once")
        XCTAssertEqual(merged.values.sorted(), [1, 6, 10])
        m.cancel()

        let prepended = Collector<String>(expectation(description: "prepended"))
        let state = CurrentValueSubject<String, Never>("loaded")
        let p = state
            .prepend("loading")
            .prefix(3)
            .sink(receiveCompletion: { _ in prepended.finish() }, receiveValue: { prepended.append($0) })
        DispatchQueue.global().async { state.send("refreshed") }
        wait(for: [prepended.done], timeout: 5)
        XCTAssertEqual(prepended.values, ["loading", "loaded", "refreshed"])
        p.cancel()
    }
}
