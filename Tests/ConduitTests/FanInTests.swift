import Conduit
import ConduitInstrumentation
import Foundation
import XCTest

/// Behaviour of the shared core of Merge, CombineLatest, Zip, FlatMap and SwitchToLatest that is
/// not specific to one of them: freeing, instrumentation, cancelling from inside, races.
final class FanInTests: XCTestCase {
    private final class Token {}

    private final class LinkObserver: Instrumentation.Observer, @unchecked Sendable {
        private let lock = NSLock()
        private var _links: [String] = []
        var links: [String] { lock.withLock { _links } }

        func observe(_ event: Instrumentation.Event) {
            if case .subscribe = event.kind {
                lock.withLock { _links.append("\(event.publisherDescription) -> \(event.subscriberDescription)") }
            }
        }
    }

    /// Subscribes a sink that holds a token, sends, cancels, and checks the token is freed.
    private func assertFreedOnCancel<P: Publisher>(
        _ publisher: P, send: () -> Void, file: StaticString = #filePath, line: UInt = #line
    ) {
        weak var weakToken: Token?
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = publisher.sink(receiveCompletion: { _ in }, receiveValue: { _ in withExtendedLifetime(
                token) {} })
        }
        send()
        XCTAssertNotNil(weakToken, file: file, line: line)
        cancellable?.cancel()
        cancellable = nil
        XCTAssertNil(weakToken, "the sink and what it holds are freed once cancelled", file: file, line: line)
    }

    func testACancelledChainIsFreed() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let send = {
            a.send(1)
            b.send(2)
        }
        assertFreedOnCancel(a.merge(with: b), send: send)
        assertFreedOnCancel(a.combineLatest(b), send: send)
        assertFreedOnCancel(a.zip(b), send: send)
        assertFreedOnCancel(a.flatMap { _ in b }, send: send)
        assertFreedOnCancel(a.map_publisher(b).switchToLatest(), send: send)
    }

    func testACompletedChainReleasesItsSubscriber() {
        weak var weakRecorder: RecordingSubscriber<Int, Never>?
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        do {
            let recorder = RecordingSubscriber<Int, Never>()
            weakRecorder = recorder
            a.merge(with: b).subscribe(recorder)
        }
        XCTAssertNotNil(weakRecorder)
        a.send(completion: .finished)
        b.send(completion: .finished)
        XCTAssertNil(weakRecorder)
    }

    func testInstrumentationSeesALinkForEveryUpstream() {
        let observer = LinkObserver()
        Instrumentation.install(observer)
        defer { Instrumentation.remove(observer) }
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let c = PassthroughSubject<Int, Never>()
        let cancellable = a.combineLatest(b, c).sink { _ in }
        let links = observer.links
        XCTAssertEqual(links.filter { $0 == "PassthroughSubject -> CombineLatest3" }.count, 3)
        XCTAssertTrue(links.contains("CombineLatest3 -> Sink"))
        withExtendedLifetime(cancellable) {}
    }

    func testCancellingFromInsideADeliveryStopsEverythingWaiting() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = RecordingSubscriber<Int, Never>()
        recorder.onValue = { [unowned recorder] value in
            if value == 1 {
                b.send(10)       // queued behind the current delivery
                recorder.cancel()
            }
        }
        a.merge(with: b).subscribe(recorder)
        a.send(1)
        a.send(2)
        XCTAssertEqual(recorder.values, [1])
        XCTAssertNil(recorder.completion)
    }

    func testAFailureRacingValuesFromOtherThreadsIsTheLastEvent() {
        for _ in 0..<100 {
            let a = PassthroughSubject<Int, TestError>()
            let b = PassthroughSubject<Int, TestError>()
            let merged = RecordingSubscriber<Int, TestError>()
            let zipped = RecordingSubscriber<(Int, Int), TestError>()
            a.merge(with: b).subscribe(merged)
            a.zip(b).subscribe(zipped)
            DispatchQueue.concurrentPerform(iterations: 3) { index in
                switch index {
                case 0: for value in 0..<50 { a.send(value) }
                case 1: for value in 0..<50 { b.send(value) }
                default: b.send(completion: .failure(TestError()))
                }
            }
            for events in [merged.eventDescriptions, zipped.eventDescriptions] {
                XCTAssertEqual(events.last, "failure(boom)")
                XCTAssertEqual(events.filter { $0.hasPrefix("failure") }.count, 1)
            }
            XCTAssertEqual(merged.overlappingDeliveries, 0)
            XCTAssertEqual(zipped.overlappingDeliveries, 0)
            XCTAssertTrue(zipped.values.allSatisfy { $0.0 == $0.1 })
        }
    }

    func testCombineLatestCompletionRacingAValueComesLast() {
        for _ in 0..<100 {
            let a = PassthroughSubject<Int, Never>()
            let b = PassthroughSubject<Int, Never>()
            let recorder = RecordingSubscriber<(Int, Int), Never>()
            a.combineLatest(b).subscribe(recorder)
            a.send(0)
            b.send(0)
            a.send(completion: .finished)
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    b.send(1)
                } else {
                    b.send(completion: .finished)
                }
            }
            let events = recorder.eventDescriptions
            XCTAssertEqual(events.last, "finished")
            XCTAssertTrue(events.count == 3 || events.count == 4, "\(events)")
            if events.count == 4 {
                XCTAssertEqual(recorder.values.last?.1, 1)
            }
        }
    }
}

private extension PassthroughSubject where Output == Int, Failure == Never {
    /// A publisher of publishers without `map`: each value of `self` becomes `inner`.
    func map_publisher(_ inner: PassthroughSubject<Int, Never>) -> Publishers.FlatMap<
        CurrentValueSubject<PassthroughSubject<Int, Never>, Never>, PassthroughSubject<Int, Never>
    > {
        flatMap { _ in CurrentValueSubject(inner) }
    }
}
