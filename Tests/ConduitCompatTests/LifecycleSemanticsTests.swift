// What Combine documents about completion and cancellation: which operators cancel their
// upstream early, what reducing operators send for an empty upstream, when combined publishers
// finish, and what late subscribers to a finished subject see.
import Conduit
import Foundation
import XCTest

private enum Boom: Error, Equatable { case boom }

/// Collects what a publisher sends.
private final class Recorder<Input, Failure: Error> {
    var values: [Input] = []
    var completion: Subscribers.Completion<Failure>?
    var cancellable: AnyCancellable?

    init<P: Publisher>(_ publisher: P) where P.Output == Input, P.Failure == Failure {
        cancellable = publisher.sink(receiveCompletion: { [unowned self] in self.completion = $0 },
                                     receiveValue: { [unowned self] in self.values.append($0) })
    }

    var finished: Bool {
        if case .finished = completion { return true }
        return false
    }
}

final class LifecycleSemanticsTests: XCTestCase {
    func testOperatorsThatNeedOnlyPartOfTheStreamCancelTheirUpstream() {
        func cancels<P: Publisher>(_ make: (AnyPublisher<Int, Never>) -> P) -> (cancelled: Bool,
            finished: Bool) where P.Failure == Never {
            let subject = PassthroughSubject<Int, Never>()
            var cancelled = false
            let upstream = subject.handleEvents(receiveCancel: { cancelled = true }).eraseToAnyPublisher()
            var finished = false
            let c = make(upstream).sink(receiveCompletion: { _ in finished = true }, receiveValue: { _ in })
            subject.send(1)
            subject.send(2)
            subject.send(3)
            _ = c
            return (cancelled, finished)
        }
        XCTAssertTrue(cancels { $0.first() } == (true, true))
        XCTAssertTrue(cancels { $0.first(where: { $0 == 2 }) } == (true, true))
        XCTAssertTrue(cancels { $0.prefix(2) } == (true, true))
        XCTAssertTrue(cancels { $0.prefix(while: { $0 < 2 }) } == (true, true))
        XCTAssertTrue(cancels { $0.output(at: 1) } == (true, true))
        XCTAssertTrue(cancels { $0.contains(2) } == (true, true))
        XCTAssertTrue(cancels { $0.allSatisfy { $0 < 2 } } == (true, true))
        XCTAssertTrue(cancels { $0.map { $0 } } == (false, false))
    }

    func testReducingOperatorsOnAnEmptyUpstream() {
        let empty = Empty<Int, Never>()
        XCTAssertEqual(Recorder(empty.reduce(7, +)).values, [7])
        XCTAssertEqual(Recorder(empty.count()).values, [0])
        XCTAssertEqual(Recorder(empty.collect()).values, [[]])
        XCTAssertEqual(Recorder(empty.allSatisfy { _ in false }).values, [true])
        XCTAssertEqual(Recorder(empty.contains(1)).values, [false])
        XCTAssertEqual(Recorder(empty.min()).values, [])
        XCTAssertEqual(Recorder(empty.last()).values, [])
        XCTAssertEqual(Recorder(empty.first()).values, [])
        XCTAssertEqual(Recorder(empty.output(at: 0)).values, [])
        XCTAssertEqual(Recorder(empty.replaceEmpty(with: 3)).values, [3])
        XCTAssertEqual(Recorder(empty.collect(2)).values, [])
        XCTAssertTrue(Recorder(empty.ignoreOutput()).finished)
        XCTAssertEqual(Recorder([Int]().publisher.scan(0, +)).values, [])
    }

    func testCombinedPublishersFinishAndFailAsDocumented() {
        let a = PassthroughSubject<Int, Boom>()
        let b = PassthroughSubject<Int, Boom>()
        let latest = Recorder(a.combineLatest(b))
        let zipped = Recorder(a.zip(b))
        let merged = Recorder(a.merge(with: b))
        a.send(1)
        b.send(10)
        a.send(completion: .finished)
        XCTAssertEqual(zipped.completion, .finished, "zip finishes once one side finished with nothing buffered")
        XCTAssertNil(latest.completion, "combineLatest waits for every upstream")
        XCTAssertNil(merged.completion, "merge waits for every upstream")
        b.send(20)
        XCTAssertEqual(latest.values.map { "\($0)\($1)" }, ["110", "120"])
        b.send(completion: .failure(.boom))
        XCTAssertEqual(latest.completion, .failure(.boom))
        XCTAssertEqual(merged.completion, .failure(.boom))
        XCTAssertEqual(merged.values, [1, 10, 20])
    }

    func testSwitchToLatestCancelsThePreviousInnerPublisher() {
        let outer = PassthroughSubject<AnyPublisher<Int, Never>, Never>()
        var cancelledInners: [String] = []
        func inner(_ name: String, _ subject: PassthroughSubject<Int, Never>) -> AnyPublisher<Int, Never> {
            subject.handleEvents(receiveCancel: { cancelledInners.append(name) }).eraseToAnyPublisher()
        }
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        let recorder = Recorder(outer.switchToLatest())
        outer.send(inner("first", first))
        first.send(1)
        outer.send(inner("second", second))
        XCTAssertEqual(cancelledInners, ["first"])
        first.send(2)
        second.send(3)
        outer.send(completion: .finished)
        XCTAssertNil(recorder.completion, "still waiting for the current inner publisher")
        second.send(completion: .finished)
        XCTAssertEqual(recorder.values, [1, 3])
        XCTAssertTrue(recorder.finished)
    }

    func testCatchDeliversValuesBeforeTheFailureThenTheReplacement() {
        let subject = PassthroughSubject<Int, Boom>()
        let recorder = Recorder(subject.catch { _ in [8, 9].publisher })
        subject.send(1)
        subject.send(completion: .failure(.boom))
        XCTAssertEqual(recorder.values, [1, 8, 9])
        XCTAssertTrue(recorder.finished)
    }

    func testLateSubscribersToFinishedSubjectsGetOnlyTheCompletion() {
        let current = CurrentValueSubject<Int, Boom>(1)
        current.send(completion: .failure(.boom))
        let late = Recorder(current)
        XCTAssertEqual(late.values, [])
        XCTAssertEqual(late.completion, .failure(.boom))
        XCTAssertEqual(current.value, 1)
    }

    func testCurrentValueSubjectWaitsForDemandBeforeSendingItsValue() {
        final class Lazy: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            var subscription: Subscription?
            var got: [Int] = []
            func receive(subscription: Subscription) { self.subscription = subscription }
            func receive(_ input: Int) -> Subscribers.Demand { got.append(input); return .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        let subject = CurrentValueSubject<Int, Never>(5)
        let lazy = Lazy()
        subject.subscribe(lazy)
        XCTAssertEqual(lazy.got, [])
        subject.value = 6
        lazy.subscription?.request(.max(1))
        XCTAssertEqual(lazy.got, [6])
        subject.send(7)
        XCTAssertEqual(lazy.got, [6])
    }

    func testSubjectSubscribedToAPublisherRelaysAndFinishes() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder(subject)
        let subscription = [1, 2, 3].publisher.subscribe(subject)
        XCTAssertEqual(recorder.values, [1, 2, 3])
        XCTAssertTrue(recorder.finished)
        subscription.cancel()
    }

    func testCancelStopsDeliveryAndReleasesTheSink() {
        let subject = PassthroughSubject<Int, Never>()
        final class Token {}
        weak var weakToken: Token?
        var values: [Int] = []
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = subject.sink { _ in _ = token; values.append(0) }
        }
        subject.send(1)
        XCTAssertNotNil(weakToken)
        cancellable?.cancel()
        subject.send(2)
        XCTAssertEqual(values, [0])
        XCTAssertNil(weakToken, "a cancelled sink lets go of its closures")
        cancellable = nil
    }

    func testSubscribingInsideASinkAndSendingReentrantly() {
        let subject = PassthroughSubject<Int, Never>()
        var log: [String] = []
        var inner: AnyCancellable?
        let outer = subject.sink { value in
            log.append("outer \(value)")
            if value == 1 {
                inner = subject.sink { log.append("inner \($0)") }
                subject.send(2)
            }
        }
        subject.send(1)
        XCTAssertEqual(log.first, "outer 1")
        XCTAssertTrue(log.contains("outer 2"))
        XCTAssertTrue(log.contains("inner 2"))
        outer.cancel()
        inner?.cancel()
    }
}
