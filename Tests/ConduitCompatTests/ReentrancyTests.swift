// Re-entrant use from inside a subscriber, through operator chains: cancelling, sending and
// subscribing from a sink neither deadlocks nor loses or repeats values.
import Conduit
import Foundation
import XCTest

final class ReentrancyTests: XCTestCase {
    private func chains(_ subject: PassthroughSubject<Int, Never>, _ other: PassthroughSubject<Int,
        Never>) -> [(String, AnyPublisher<Int, Never>)] {
        [
            ("map", subject.map { $0 }.eraseToAnyPublisher()),
            ("filter", subject.filter { _ in true }.eraseToAnyPublisher()),
            ("merge", subject.merge(with: other).eraseToAnyPublisher()),
            ("combineLatest", subject.combineLatest(Just(0)).map { $0.0 }.eraseToAnyPublisher()),
            ("flatMap", subject.flatMap { Just($0) }.eraseToAnyPublisher()),
            ("share", subject.share().eraseToAnyPublisher()),
            ("scan", subject.scan(0) { $1 }.eraseToAnyPublisher()),
            ("switchToLatest", subject.map { Just($0) }.switchToLatest().eraseToAnyPublisher()),
            ("receive(on: immediate)", subject.receive(on: ImmediateScheduler.shared).eraseToAnyPublisher()),
            ("prefix(untilOutputFrom:)", subject.prefix(
                untilOutputFrom: other.filter { $0 < 0 }).eraseToAnyPublisher()),
        ]
    }

    func testCancellingFromInsideTheSinkStopsDelivery() {
        for index in 0..<10 {
            let subject = PassthroughSubject<Int, Never>()
            let other = PassthroughSubject<Int, Never>()
            let (name, chain) = chains(subject, other)[index]
            var values: [Int] = []
            var cancellable: AnyCancellable?
            cancellable = chain.sink { value in
                values.append(value)
                cancellable?.cancel()
            }
            subject.send(1)
            subject.send(2)
            XCTAssertEqual(values, [1], name)
            _ = cancellable
        }
    }

    func testSendingFromInsideTheSinkDeliversEveryValueOnce() {
        for index in 0..<10 {
            let subject = PassthroughSubject<Int, Never>()
            let other = PassthroughSubject<Int, Never>()
            let (name, chain) = chains(subject, other)[index]
            var values: [Int] = []
            let cancellable = chain.sink { value in
                values.append(value)
                if value < 3 { subject.send(value + 1) }
            }
            subject.send(1)
            XCTAssertEqual(values.sorted(), [1, 2, 3], name)
            cancellable.cancel()
        }
    }

    func testSubscribingAnotherSinkFromInsideASink() {
        for index in 0..<10 {
            let subject = PassthroughSubject<Int, Never>()
            let other = PassthroughSubject<Int, Never>()
            let (name, chain) = chains(subject, other)[index]
            var inner: [Int] = []
            var cancellables: [AnyCancellable] = []
            chain.sink { value in
                if value == 1 {
                    chain.sink { inner.append($0) }.store(in: &cancellables)
                }
            }.store(in: &cancellables)
            subject.send(1)
            subject.send(2)
            XCTAssertEqual(inner.last, 2, name)
        }
    }

    func testCompletingFromInsideTheSink() {
        let subject = PassthroughSubject<Int, Never>()
        var log: [String] = []
        let c = subject.map { $0 }.sink(receiveCompletion: { _ in log.append("done") }, receiveValue: { value in
            log.append("\(value)")
            subject.send(completion: .finished)
            subject.send(99)
        })
        subject.send(1)
        XCTAssertEqual(log, ["1", "done"])
        c.cancel()
    }
}
