import Conduit
import Foundation
import XCTest

/// Values, demand, completion, cancellation and thrown errors of the single-upstream operators.
final class TransformingOperatorTests: XCTestCase {
    func testMapTransformsAndPassesDemandThrough() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<String, Never>(initialDemand: .max(2))
        upstream.map { "#\($0)" }.subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.requests, [.max(2)])
        upstream.send(1)
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(#1)", "finished"])
    }

    func testFusedMapsReturnOneMap() {
        let fused: Publishers.Map<PassthroughSubject<Int, Never>, String> = PassthroughSubject<Int, Never>().map { $0
            + 1 }.map { "\($0)" }
        var out: [String] = []
        let cancellable = fused.upstream.map(fused.transform).sink { out.append($0) }
        fused.upstream.send(1)
        XCTAssertEqual(out, ["2"])
        cancellable.cancel()
    }

    func testMapKeyPaths() {
        struct Point { let x: Int; let y: Int; let z: Int }
        var out: [String] = []
        let cancellable = [Point(x: 1, y: 2, z: 3)].publisher.map(\.x, \.y,
            \.z).map { "\($0)\($1)\($2)" }.sink { out.append($0) }
        XCTAssertEqual(out, ["123"])
        let single = [Point(x: 7, y: 0, z: 0)].publisher.map(\.x).sink { out.append("\($0)") }
        XCTAssertEqual(out, ["123", "7"])
        _ = [cancellable, single]
    }

    func testTryMapFailsAndCancelsUpstream() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Error>()
        upstream.tryMap { value -> Int in
            if value == 2 { throw TestError("two") }
            return value
        }.subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)
        upstream.send(3)
        XCTAssertEqual(subscriber.values, [1])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
        guard case .failure(let error as TestError)? = subscriber.completion else { return XCTFail("expected failure") }
        XCTAssertEqual(error, TestError("two"))
    }

    func testFilterAsksForOneMorePerDroppedValue() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.filter { $0 > 2 }.subscribe(subscriber)
        XCTAssertEqual(upstream.send(1), .max(1))
        XCTAssertEqual(upstream.send(3), .none)
        XCTAssertEqual(subscriber.values, [3])
    }

    func testTryFilterAndTryCompactMap() {
        var out: [Int] = []
        var failure: Error?
        let a = [1, 2, 3, 4].publisher.tryFilter { value in
            if value == 4 { throw TestError() }
            return value.isMultiple(of: 2) == false
        }.sink(receiveCompletion: { if case .failure(let e) = $0 { failure = e } }, receiveValue: { out.append($0) })
        XCTAssertEqual(out, [1, 3])
        XCTAssertNotNil(failure)
        let b = ["1", "x", "3"].publisher.compactMap { Int($0) }.sink { out.append($0) }
        XCTAssertEqual(out, [1, 3, 1, 3])
        _ = [a, b]
    }

    func testScanAndTryScan() {
        var out: [Int] = []
        let a = [1, 2, 3].publisher.scan(10, +).sink { out.append($0) }
        XCTAssertEqual(out, [11, 13, 16])
        var completion: Subscribers.Completion<Error>?
        let b = [1, 2, 3].publisher.tryScan(0) { total, value in
            if value == 3 { throw TestError() }
            return total + value
        }.sink(receiveCompletion: { completion = $0 }, receiveValue: { out.append($0) })
        XCTAssertEqual(out, [11, 13, 16, 1, 3])
        if case .failure? = completion {} else { XCTFail("expected failure") }
        _ = [a, b]
    }

    func testRemoveDuplicates() {
        var out: [Int] = []
        let a = [1, 1, 2, 2, 2, 3, 1].publisher.removeDuplicates().sink { out.append($0) }
        XCTAssertEqual(out, [1, 2, 3, 1])
        out = []
        let b = [1, 2, 5, 6].publisher.removeDuplicates { abs($0 - $1) == 1 }.sink { out.append($0) }
        XCTAssertEqual(out, [1, 5])
        _ = [a, b]
    }

    func testMapErrorAndSetFailureType() {
        var completion: Subscribers.Completion<TestError>?
        let a = Fail<Int, URLError>(error: URLError(.badURL)).mapError { _ in TestError("mapped") }
            .sink(receiveCompletion: { completion = $0 }, receiveValue: { _ in })
        XCTAssertEqual(completion, .failure(TestError("mapped")))
        let typed: Publishers.SetFailureType<PassthroughSubject<Int, Never>, TestError> = PassthroughSubject<Int,
            Never>().setFailureType(to: TestError.self)
        XCTAssertNotNil(typed)
        _ = a
    }

    func testReplaceNilEmptyAndError() {
        var out: [Int] = []
        let a = [1, nil, 3].publisher.replaceNil(with: 0).sink { out.append($0) }
        let b = Empty<Int, Never>().replaceEmpty(with: 9).sink { out.append($0) }
        let c = Fail<Int, TestError>(error: TestError()).replaceError(with: 7).sink { out.append($0) }
        XCTAssertEqual(out, [1, 0, 3, 9, 7])
        _ = [a, b, c]
    }

    func testReplaceErrorWaitsForDemand() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        Fail<Int, TestError>(error: TestError()).replaceError(with: 5).subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [])
        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(5)", "finished"])
    }

    func testDropFirstDropWhilePrefixAndOutput() {
        var out: [[Int]] = []
        func collect<P: Publisher>(_ p: P) where P.Output == Int, P.Failure == Never {
            var values: [Int] = []
            _ = p.sink { values.append($0) }
            out.append(values)
        }
        let numbers = (1...6).publisher
        collect(numbers.dropFirst(2))
        collect(numbers.drop(while: { $0 < 4 }))
        collect(numbers.prefix(2))
        collect(numbers.prefix(while: { $0 < 3 }))
        collect(numbers.output(at: 3))
        collect(numbers.output(in: 1...2))
        XCTAssertEqual(out, [[3, 4, 5, 6], [4, 5, 6], [1, 2], [1, 2], [4], [2, 3]])
    }

    func testPrefixFinishesAndCancelsUpstream() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>()
        upstream.prefix(2).subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)
        upstream.send(3)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(1)", "value(2)", "finished"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func testAppendAndPrependKeepDemand() {
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(3))
        [2, 3].publisher.prepend(1).append(4, 5).subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [1, 2, 3])
        subscriber.request(.unlimited)
        XCTAssertEqual(subscriber.values, [1, 2, 3, 4, 5])
        XCTAssertTrue(subscriber.isFinished)
    }

    func testAppendPublisherWaitsForThePrefixToFinish() {
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        var out: [Int] = []
        let cancellable = first.append(second).sink { out.append($0) }
        second.send(0)
        first.send(1)
        first.send(completion: .finished)
        second.send(2)
        XCTAssertEqual(out, [1, 2])
        cancellable.cancel()
    }

    func testHandleEventsSeesEveryEvent() {
        var log: [String] = []
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.handleEvents(
            receiveSubscription: { _ in log.append("subscription") },
            receiveOutput: { log.append("value \($0)") },
            receiveCompletion: { _ in log.append("completion") },
            receiveCancel: { log.append("cancel") },
            receiveRequest: { log.append("request \($0)") }
        ).sink { _ in }
        subject.send(1)
        cancellable.cancel()
        XCTAssertEqual(log, ["subscription", "request unlimited", "value 1", "cancel"])
    }

    func testPrintUsesCombineWords() {
        final class Lines: TextOutputStream {
            var text = ""
            func write(_ string: String) { text += string }
        }
        let lines = Lines()
        let cancellable = [5].publisher.print("n", to: lines).sink { _ in }
        XCTAssertEqual(lines.text, """
        n: receive subscription: ([5])
        n: request unlimited
        n: receive value: (5)
        n: receive finished

        """)
        cancellable.cancel()
        let limited = RecordingSubscriber<Int, Never>(initialDemand: .max(2))
        let second = Lines()
        PassthroughSubject<Int, Never>().print("", to: second).subscribe(limited)
        limited.cancel()
        XCTAssertTrue(second.text.contains("request max: (2)\n"), second.text)
        XCTAssertTrue(second.text.hasSuffix("receive cancel\n"), second.text)
    }

    func testEncodeAndDecode() {
        struct Card: Codable, Equatable { let name: String }
        var out: [Card] = []
        let cancellable = [Card(name: "ace")].publisher
            .encode(encoder: JSONEncoder())
            .decode(type: Card.self, decoder: JSONDecoder())
            .sink(receiveCompletion: { _ in }, receiveValue: { out.append($0) })
        XCTAssertEqual(out, [Card(name: "ace")])
        var failed = false
        let bad = [Data("nope".utf8)].publisher.decode(type: Card.self, decoder: JSONDecoder())
            .sink(receiveCompletion: { if case .failure = $0 { failed = true } }, receiveValue: { _ in })
        XCTAssertTrue(failed)
        _ = [cancellable, bad]
    }
}

final class ReducingOperatorTests: XCTestCase {
    func testReducersWaitForCompletionAndDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .none)
        subject.reduce(0, +).subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription"], "nothing without demand")
        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(3)", "finished"])
    }

    func testReducersAskUpstreamForEverything() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.count().subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
    }

    func testEveryReducer() {
        var out: [String] = []
        let numbers = [3, 1, 4, 1, 5].publisher
        let all: [AnyCancellable] = [
            numbers.count().sink { out.append("count \($0)") },
            numbers.collect().sink { out.append("collect \($0)") },
            numbers.collect(2).sink { out.append("pairs \($0)") },
            numbers.min().sink { out.append("min \($0)") },
            numbers.max().sink { out.append("max \($0)") },
            numbers.contains(4).sink { out.append("contains4 \($0)") },
            numbers.contains(where: { $0 > 9 }).sink { out.append("over9 \($0)") },
            numbers.allSatisfy { $0 > 0 }.sink { out.append("positive \($0)") },
            numbers.first().sink { out.append("first \($0)") },
            numbers.first(where: { $0 > 3 }).sink { out.append("firstOver3 \($0)") },
            numbers.last().sink { out.append("last \($0)") },
            numbers.last(where: { $0 < 3 }).sink { out.append("lastUnder3 \($0)") },
            numbers.ignoreOutput().sink(receiveCompletion: { _ in out.append("ignored") }, receiveValue: { _ in }),
        ]
        XCTAssertEqual(out, [
            "count 5", "collect [3, 1, 4, 1, 5]", "pairs [3, 1]", "pairs [4, 1]", "pairs [5]", "min 1", "max 5",
            "contains4 true", "over9 false", "positive true", "first 3", "firstOver3 4", "last 5", "lastUnder3 1",
                "ignored",
        ])
        _ = all
    }

    func testContainsFinishesEarlyAndCancelsUpstream() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Bool, Never>()
        upstream.contains(2).subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)
        XCTAssertEqual(subscriber.eventDescriptions, ["subscription", "value(true)", "finished"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func testTryReducersFailWithTheThrownError() {
        var failures = 0
        let fail: (Subscribers.Completion<Error>) -> Void = { if case .failure = $0 { failures += 1 } }
        let numbers = [1, 2].publisher
        let all: [AnyCancellable] = [
            numbers.tryReduce(0) { _, _ in throw TestError() }.sink(receiveCompletion: fail, receiveValue: { _ in }),
            numbers.tryMin { _, _ in throw TestError() }.sink(receiveCompletion: fail, receiveValue: { _ in }),
            numbers.tryContains { _ in throw TestError() }.sink(receiveCompletion: fail, receiveValue: { _ in }),
            numbers.tryAllSatisfy { _ in throw TestError() }.sink(receiveCompletion: fail, receiveValue: { _ in }),
            numbers.tryFirst { _ in throw TestError() }.sink(receiveCompletion: fail, receiveValue: { _ in }),
            numbers.tryLast { _ in throw TestError() }.sink(receiveCompletion: fail, receiveValue: { _ in }),
        ]
        XCTAssertEqual(failures, 6)
        _ = all
    }

    func testFailurePassesThroughReducers() {
        var completion: Subscribers.Completion<TestError>?
        let cancellable = Fail<Int, TestError>(error: TestError("x")).collect()
            .sink(receiveCompletion: { completion = $0 }, receiveValue: { _ in XCTFail("no value") })
        XCTAssertEqual(completion, .failure(TestError("x")))
        cancellable.cancel()
    }

    func testCollectByCountTurnsDemandIntoUpstreamDemand() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<[Int], Never>(initialDemand: .max(2))
        upstream.collect(3).subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.requests, [.max(6)])
    }

    func testCancelledChainIsFreed() {
        final class Token {}
        weak var weakToken: Token?
        let subject = PassthroughSubject<Int, Never>()
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = subject.map { _ in token }.filter { _ in true }.count().sink { _ in }
        }
        subject.send(1)
        XCTAssertNotNil(weakToken, "the live chain keeps its closures")
        cancellable?.cancel()
        cancellable = nil
        XCTAssertNil(weakToken, "cancelling frees the chain and its closures")
    }

    func testSendingFromInsideASinkOfAnOperatorChain() {
        let subject = PassthroughSubject<Int, Never>()
        var out: [Int] = []
        let cancellable = subject.map { $0 * 2 }.sink { value in
            out.append(value)
            if value < 8 { subject.send(value) }
        }
        subject.send(1)
        XCTAssertEqual(out, [2, 4, 8])
        cancellable.cancel()
    }

    func testCollectByAHugeCountAllocatesOnlyForWhatArrives() {
        let subject = PassthroughSubject<Int, Never>()
        var out: [[Int]] = []
        let cancellable = subject.collect(Int.max).sink { out.append($0) }
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        XCTAssertEqual(out, [[1, 2]])
        cancellable.cancel()
    }
}
