// Back-pressure through operators: a subscriber that asks for one value at a time gets exactly
// the next value each time, whether the operator drops, groups or concatenates elements.
import Conduit
import Foundation
import XCTest

/// Asks for `initial` values, then for more only when told to.
private final class Puller<Input>: Subscriber {
    typealias Failure = Never
    let initial: Subscribers.Demand
    var subscription: Subscription?
    var values: [Input] = []
    var finished = false

    init(initial: Subscribers.Demand = .max(1)) { self.initial = initial }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        if initial > 0 { subscription.request(initial) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        values.append(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) { finished = true }

    func pull(_ n: Int = 1) { subscription?.request(.max(n)) }
}

final class DemandPropagationTests: XCTestCase {
    private func pulling<P: Publisher>(_ publisher: P, steps: Int) -> (values: [[P.Output]],
        finished: Bool) where P.Failure == Never {
        let puller = Puller<P.Output>()
        publisher.subscribe(puller)
        var snapshots = [puller.values]
        for _ in 0..<steps {
            puller.pull()
            snapshots.append(puller.values)
        }
        return (snapshots, puller.finished)
    }

    func testDroppingOperatorsAskUpstreamForReplacements() {
        let source = [1, 1, 2, 2, 3, 4, 4, 5].publisher
        XCTAssertEqual(pulling(source.removeDuplicates(), steps: 2).values.last, [1, 2, 3])
        XCTAssertEqual(pulling(source.filter { $0 % 2 == 0 }, steps: 2).values.last, [2, 2, 4])
        XCTAssertEqual(pulling(source.compactMap { $0 > 3 ? $0 : nil }, steps: 1).values.last, [4, 4])
        XCTAssertEqual(pulling(source.dropFirst(3), steps: 1).values.last, [2, 3])
        XCTAssertEqual(pulling(source.drop(while: { $0 < 3 }), steps: 1).values.last, [3, 4])
        XCTAssertEqual(pulling(source.output(in: 2...4), steps: 5).values.last, [2, 2, 3])
        let stepwise = pulling(source.eraseToAnyPublisher().removeDuplicates(), steps: 4)
        XCTAssertEqual(stepwise.values, [[1], [1, 2], [1, 2, 3], [1, 2, 3, 4], [1, 2, 3, 4, 5]])
        XCTAssertTrue(stepwise.finished)
    }

    func testGroupingOperatorsAskForWholeGroups() {
        let source = PassthroughSubject<Int, Never>()
        let puller = Puller<[Int]>()
        source.collect(2).subscribe(puller)
        (1...5).forEach { source.send($0) }
        XCTAssertEqual(puller.values, [[1, 2]], "demand for one group lets two elements through")
        puller.pull()
        source.send(6)
        source.send(7)
        XCTAssertEqual(puller.values, [[1, 2], [6, 7]])
        XCTAssertEqual(pulling((1...5).publisher.collect(2), steps: 2).values, [[[1, 2]], [[1, 2], [3, 4]], [[1, 2],
            [3, 4], [5]]])
    }

    func testConcatenationCarriesDemandAcrossTheBoundary() {
        let result = pulling([1, 2].publisher.append(3, 4).prepend(0), steps: 4)
        XCTAssertEqual(result.values.map(\.count), [1, 2, 3, 4, 5])
        XCTAssertEqual(result.values.last, [0, 1, 2, 3, 4])
        XCTAssertTrue(result.finished)
    }

    func testSingleValuePublishersWaitForDemand() {
        let justPuller = Puller<Int>(initial: .none)
        Just(3).subscribe(justPuller)
        XCTAssertEqual(justPuller.values, [])
        justPuller.pull()
        XCTAssertEqual(justPuller.values, [3])
        XCTAssertTrue(justPuller.finished)
        let futurePuller = Puller<Int>(initial: .none)
        Future<Int, Never> { $0(.success(4)) }.subscribe(futurePuller)
        XCTAssertEqual(futurePuller.values, [])
        futurePuller.pull()
        XCTAssertEqual(futurePuller.values, [4])
        XCTAssertTrue(futurePuller.finished)
    }

    func testMergeAndZipHonourOneAtATime() {
        let merged = pulling(Publishers.Merge([1, 3].publisher, [2, 4].publisher), steps: 3)
        XCTAssertEqual(merged.values.map(\.count), [1, 2, 3, 4])
        XCTAssertEqual(merged.values.last?.sorted(), [1, 2, 3, 4])
        let zipped = pulling([1, 2, 3].publisher.zip(["a", "b", "c"].publisher).map { "\($0)\($1)" }, steps: 2)
        XCTAssertEqual(zipped.values.last, ["1a", "2b", "3c"])
        XCTAssertTrue(zipped.finished)
    }

    func testScanMapAndPrefixAreOneForOne() {
        XCTAssertEqual(pulling((1...4).publisher.eraseToAnyPublisher().scan(0, +), steps: 1).values, [[1], [1, 3]])
        XCTAssertEqual(pulling((1...4).publisher.eraseToAnyPublisher().map { $0 * 2 }, steps: 1).values, [[2], [2, 4]])
        let prefixed = pulling((1...4).publisher.eraseToAnyPublisher().prefix(2), steps: 1)
        XCTAssertEqual(prefixed.values, [[1], [1, 2]])
        XCTAssertTrue(prefixed.finished)
    }
}
