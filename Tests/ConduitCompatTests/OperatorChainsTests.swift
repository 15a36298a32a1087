// Operator chains from Combine's documentation and tutorials, checked value by value.
import Conduit
import Foundation
import XCTest

private enum NetError: Error, Equatable { case offline, parse(String) }

final class OperatorChainsTests: XCTestCase {
    func testTryMapMapErrorCatchAndReplaceError() {
        var values: [Int] = []
        var errors: [NetError] = []
        let c1 = ["1", "2", "x", "4"].publisher
            .tryMap { s -> Int in
                guard let v = Int(s) else { throw NetError.parse(s) }
                return v
            }
            .mapError { ($0 as? NetError) ?? .offline }
            .sink(receiveCompletion: { if case .failure(let e) = $0 { errors.append(e) } },
                receiveValue: { values.append($0) })
        XCTAssertEqual(values, [1, 2])
        XCTAssertEqual(errors, [.parse("x")])
        c1.cancel()

        var recovered: [Int] = []
        _ = ["1", "x"].publisher
            .tryMap { s -> Int in guard let v = Int(s) else { throw NetError.offline }; return v }
            .catch { _ in Just(-1) }
            .sink { recovered.append($0) }
        _ = Fail<Int, NetError>(error: .offline).replaceError(with: 0).sink { recovered.append($0) }
        XCTAssertEqual(recovered, [1, -1, 0])
    }

    func testRetryResubscribesTheGivenNumberOfTimes() {
        var attempts = 0
        var values: [String] = []
        var failures: [NetError] = []
        _ = Deferred { () -> AnyPublisher<String, NetError> in
            attempts += 1
            return attempts < 3 ? Fail(error: .offline).eraseToAnyPublisher() : Just("ok").setFailureType(
                to: NetError.self).eraseToAnyPublisher()
        }
        .retry(2)
        .sink(receiveCompletion: { if case .failure(let e) = $0 { failures.append(e) } }, receiveValue: { values.append(
            $0) })
        XCTAssertEqual(attempts, 3)
        XCTAssertEqual(values, ["ok"])
        XCTAssertEqual(failures, [])

        attempts = 0
        _ = Deferred { () -> Fail<Int, NetError> in attempts += 1; return Fail(error: .offline) }
            .retry(1)
            .sink(receiveCompletion: { if case .failure(let e) = $0 { failures.append(e) } }, receiveValue: { _ in })
        XCTAssertEqual(attempts, 2)
        XCTAssertEqual(failures, [.offline])
    }

    func testFutureDeferredAndResult() {
        var futureRuns = 0
        let future = Future<Int, NetError> { promise in
            futureRuns += 1
            promise(.success(42))
        }
        XCTAssertEqual(futureRuns, 1, "a Future runs its closure at once")
        var values: [Int] = []
        _ = future.sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        _ = future.sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        XCTAssertEqual(futureRuns, 1)
        XCTAssertEqual(values, [42, 42])

        var deferredRuns = 0
        let deferred = Deferred { Future<Int, Never> { promise in deferredRuns += 1; promise(.success(deferredRuns)) } }
        XCTAssertEqual(deferredRuns, 0)
        _ = deferred.sink { values.append($0) }
        _ = deferred.sink { values.append($0) }
        XCTAssertEqual(values, [42, 42, 1, 2])

        let async = Future<String, Never> { promise in
            DispatchQueue.global().async { promise(.success("later")) }
        }
        let done = expectation(description: "future value")
        let c = async.sink { value in
            XCTAssertEqual(value, "later")
            done.fulfill()
        }
        wait(for: [done], timeout: 5)
        c.cancel()
    }

    func testEmptyFailRecordAndJust() {
        var log: [String] = []
        _ = Empty<Int, Never>().sink(receiveCompletion: { _ in log.append("empty done") },
            receiveValue: { _ in log.append("never") })
        _ = Empty<Int, Never>(completeImmediately: false).sink(receiveCompletion: { _ in log.append("never done") },
            receiveValue: { _ in })
        _ = Fail(outputType: Int.self, failure: NetError.offline).sink(receiveCompletion: { if case .failure(
            .offline) = $0 { log.append("failed offline") } }, receiveValue: { _ in })
        let record = Record<Int, NetError> { recording in
            recording.receive(1)
            recording.receive(2)
            recording.receive(completion: .failure(.offline))
        }
        _ = record.sink(receiveCompletion: { if case .failure = $0 { log.append("record failed") } },
            receiveValue: { log.append("r\($0)") })
        let replay = Record<Int, Never>(output: [5, 6], completion: .finished)
        _ = replay.collect().sink { log.append("\($0)") }
        XCTAssertEqual(log, ["empty done", "failed offline", "r1", "r2", "record failed", "[5, 6]"])
        XCTAssertEqual(record.recording.output, [1, 2])
    }

    func testFilteringOperators() {
        var out: [[Int]] = []
        func run<P: Publisher>(_ p: P) where P.Output == Int, P.Failure == Never {
            var values: [Int] = []
            _ = p.sink { values.append($0) }
            out.append(values)
        }
        let source = [1, 1, 2, 3, 3, 3, 4, 1].publisher
        run(source.removeDuplicates())
        run(source.removeDuplicates(by: { $0 == $1 }))
        run(source.compactMap { $0 > 2 ? $0 : nil })
        run(source.first())
        run(source.first(where: { $0 > 2 }))
        run(source.last())
        run(source.last(where: { $0 < 3 }))
        run(source.output(at: 2))
        run(source.output(in: 2...4))
        run(source.dropFirst(5))
        run(source.drop(while: { $0 < 3 }))
        run(source.prefix(2))
        run(source.prefix(while: { $0 < 3 }))
        run(source.scan(0, +))
        run(source.reduce(0, +))
        run(source.count())
        run(source.min())
        run(source.max())
        run(source.ignoreOutput())
        XCTAssertEqual(out, [
            [1, 2, 3, 4, 1], [1, 2, 3, 4, 1], [3, 3, 3, 4], [1], [3], [1], [1], [2], [2, 3, 3], [3, 4, 1],
            [3, 3, 3, 4, 1], [1, 1], [1, 1, 2], [1, 2, 4, 7, 10, 13, 17, 18], [18], [8], [1], [4], [],
        ])
    }

    func testSubjectBasedOperatorsOnAFailingPublisher() {
        let subject = PassthroughSubject<Int, NetError>()
        var contains: [Bool] = []
        var satisfied: [Bool] = []
        var collected: [[Int]] = []
        var bag = Set<AnyCancellable>()
        subject.contains(3).sink(receiveCompletion: { _ in }, receiveValue: { contains.append($0) }).store(in: &bag)
        subject.allSatisfy { $0 > 0 }.sink(receiveCompletion: { _ in }, receiveValue: { satisfied.append($0) }).store(
            in: &bag)
        subject.collect(2).sink(receiveCompletion: { _ in }, receiveValue: { collected.append($0) }).store(in: &bag)
        subject.send(1)
        subject.send(3)
        subject.send(-1)
        subject.send(completion: .finished)
        XCTAssertEqual(contains, [true])
        XCTAssertEqual(satisfied, [false])
        XCTAssertEqual(collected, [[1, 3], [-1]])
    }

    func testAppendPrependAndConcatenate() {
        var values: [Int] = []
        _ = Just(3).prepend(1, 2).append(4).sink { values.append($0) }
        _ = Publishers.Concatenate(prefix: [5, 6].publisher, suffix: Just(7)).sink { values.append($0) }
        let subject = PassthroughSubject<Int, Never>()
        let c = subject.prepend([8]).append([10].publisher).sink { values.append($0) }
        subject.send(9)
        subject.send(completion: .finished)
        XCTAssertEqual(values, Array(1...10))
        c.cancel()
    }

    func testCombiningPublishersSpelledAsInitialisers() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        var latest: [String] = []
        var zipped: [String] = []
        var merged: [Int] = []
        var bag: [AnyCancellable] = []
        Publishers.CombineLatest(a, b).map { "\($0)\($1)" }.sink { latest.append($0) }.store(in: &bag)
        Publishers.Zip(a, b).sink { zipped.append("\($0)\($1)") }.store(in: &bag)
        a.combineLatest(b) { "\($0)-\($1)" }.sink { latest.append($0) }.store(in: &bag)
        a.zip(b) { n, s in "\(n)+\(s)" }.sink { zipped.append($0) }.store(in: &bag)
        Publishers.Merge3(a, a.map { $0 * 10 }, Just(0)).sink { merged.append($0) }.store(in: &bag)
        Publishers.MergeMany([a, a]).sink { merged.append($0) }.store(in: &bag)
        a.send(1)
        b.send("x")
        a.send(2)
        b.send("y")
        XCTAssertEqual(latest, ["1x", "1-x", "2x", "2-x", "2y", "2-y"])
        XCTAssertEqual(zipped, ["1x", "1+x", "2y", "2+y"])
        XCTAssertEqual(merged, [0, 1, 10, 1, 1, 2, 20, 2, 2])
    }

    func testCombineLatestAndZipOfThreeAndFourWithTransforms() {
        var out: [String] = []
        _ = Just(1).combineLatest(Just(2), Just(3)) { "\($0)\($1)\($2)" }.sink { out.append($0) }
        _ = Just(1).zip(Just(2), Just(3), Just(4)) { "\($0)\($1)\($2)\($3)" }.sink { out.append($0) }
        _ = Publishers.CombineLatest4(Just(1), Just(2), Just(3), Just(4)).sink { out.append("\($0)\($1)\($2)\($3)") }
        _ = Publishers.Zip3([1, 2].publisher, [3, 4].publisher, [5, 6].publisher).sink { out.append("\($0)\($1)\($2)") }
        _ = Publishers.Merge(Just(1), Just(2)).collect().sink { out.append("\($0)") }
        XCTAssertEqual(out, ["123", "1234", "1234", "135", "246", "[1, 2]"])
    }

    func testFlatMapWithMismatchedFailureTypes() {
        var values: [Int] = []
        // An upstream that never fails flat-mapped into a failing publisher.
        _ = [1, 2].publisher
            .flatMap { v in Result<Int, NetError>.Publisher(v * 10) }
            .sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        // A failing upstream flat-mapped into a publisher that never fails.
        _ = [3].publisher.setFailureType(to: NetError.self)
            .flatMap { v in Just(v * 10) }
            .sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        // maxPublishers limits how many inners run at once.
        let inner = [PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>()]
        let c = [0, 1].publisher.flatMap(maxPublishers: .max(1)) { inner[$0] }.sink { values.append($0) }
        inner[1].send(99)
        inner[0].send(40)
        inner[0].send(completion: .finished)
        inner[1].send(50)
        XCTAssertEqual(values, [10, 20, 30, 40, 50])
        c.cancel()
    }

    func testFlatMapDeliversBufferedInnerValuesInArrivalOrderWhenDemandComesLater() {
        final class Puller: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            var subscription: Subscription?
            var got: [Int] = []
            func receive(subscription: Subscription) { self.subscription = subscription; subscription.request(.max(1)) }
            func receive(_ input: Int) -> Subscribers.Demand { got.append(input); return .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        let subject = PassthroughSubject<Int, Never>()
        let puller = Puller()
        subject.flatMap { Just($0) }.subscribe(puller)
        for v in 1...6 { subject.send(v) }
        XCTAssertEqual(puller.got, [1])
        puller.subscription?.request(.max(1))
        XCTAssertEqual(puller.got, [1, 2])
        puller.subscription?.request(.max(2))
        XCTAssertEqual(puller.got, [1, 2, 3, 4])
        puller.subscription?.request(.unlimited)
        XCTAssertEqual(puller.got, [1, 2, 3, 4, 5, 6])
    }

    func testFlatMapKeepsArrivalOrderWhenInnerPublishersReuseFinishedSlots() {
        final class Puller: Subscriber {
            typealias Input = Int
            typealias Failure = Never
            var subscription: Subscription?
            var got: [Int] = []
            func receive(subscription: Subscription) { self.subscription = subscription; subscription.request(.max(1)) }
            func receive(_ input: Int) -> Subscribers.Demand { got.append(input); return .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        let subject = PassthroughSubject<Int, Never>()
        let puller = Puller()
        subject.flatMap { Just($0) }.subscribe(puller)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        puller.subscription?.request(.max(2))
        subject.send(4)
        subject.send(5)
        puller.subscription?.request(.max(2))
        XCTAssertEqual(puller.got, [1, 2, 3, 4, 5])
    }

    func testSwitchToLatestWithMismatchedFailureTypes() {
        let outer = PassthroughSubject<PassthroughSubject<Int, NetError>, Never>()
        let first = PassthroughSubject<Int, NetError>()
        let second = PassthroughSubject<Int, NetError>()
        var values: [Int] = []
        var completion: Subscribers.Completion<NetError>?
        let c = outer.switchToLatest().sink(receiveCompletion: { completion = $0 }, receiveValue: { values.append($0) })
        outer.send(first)
        first.send(1)
        outer.send(second)
        first.send(2)
        second.send(3)
        second.send(completion: .failure(.offline))
        XCTAssertEqual(values, [1, 3])
        XCTAssertEqual(completion, .failure(.offline))
        c.cancel()

        let failingOuter = PassthroughSubject<Just<Int>, NetError>()
        var more: [Int] = []
        let c2 = failingOuter.switchToLatest().sink(receiveCompletion: { _ in }, receiveValue: { more.append($0) })
        failingOuter.send(Just(7))
        XCTAssertEqual(more, [7])
        c2.cancel()

        let neverOuter = PassthroughSubject<Just<Int>, Never>()
        let c3 = neverOuter.switchToLatest().sink { more.append($0) }
        neverOuter.send(Just(8))
        XCTAssertEqual(more, [7, 8])
        c3.cancel()
    }

    func testHandleEventsSeesEveryEvent() {
        var log: [String] = []
        let c = [1, 2].publisher
            .handleEvents(receiveSubscription: { _ in log.append("sub") },
                          receiveOutput: { log.append("out \($0)") },
                          receiveCompletion: { _ in log.append("done") },
                          receiveCancel: { log.append("cancel") },
                          receiveRequest: { log.append("req \($0)") })
            .sink { _ in }
        XCTAssertEqual(log, ["sub", "req unlimited", "out 1", "out 2", "done"])
        c.cancel()
        log = []
        let subject = PassthroughSubject<Int, Never>()
        let c2 = subject.handleEvents(receiveCancel: { log.append("cancel") }).sink { _ in }
        c2.cancel()
        XCTAssertEqual(log, ["cancel"])
    }

    func testPrintWritesCombinesWordsToACustomStream() {
        final class Log: TextOutputStream {
            var lines: [String] = []
            func write(_ string: String) {
                let trimmed = string.trimmingCharacters(in: .newlines)
                if !trimmed.isEmpty { lines.append(trimmed) }
            }
        }
        let log = Log()
        _ = [1, 2].publisher.print("nums", to: log).sink { _ in }
        XCTAssertEqual(log.lines, [
            "nums: receive subscription: ([1, 2])",
            "nums: request unlimited",
            "nums: receive value: (1)",
            "nums: receive value: (2)",
            "nums: receive finished",
        ])
    }

    func testEncodeAndDecodeWithJSON() throws {
        struct Card: Codable, Equatable { let name: String; let rank: Int }
        var decoded: [Card] = []
        var failures = 0
        _ = Just(Card(name: "ace", rank: 1))
            .encode(encoder: JSONEncoder())
            .decode(type: Card.self, decoder: JSONDecoder())
            .sink(receiveCompletion: { if case .failure = $0 { failures += 1 } }, receiveValue: { decoded.append($0) })
        _ = Just(Data("{}".utf8))
            .decode(type: Card.self, decoder: JSONDecoder())
            .sink(receiveCompletion: { if case .failure(let e) = $0, e is DecodingError { failures += 1 } },
                receiveValue: { decoded.append($0) })
        XCTAssertEqual(decoded, [Card(name: "ace", rank: 1)])
        XCTAssertEqual(failures, 1)
    }

    func testMapKeyPathsAndReplaceNil() {
        struct Point { let x: Int; let y: Int; let z: Int }
        var out: [String] = []
        _ = Just(Point(x: 1, y: 2, z: 3)).map(\.x).sink { out.append("\($0)") }
        _ = Just(Point(x: 1, y: 2, z: 3)).map(\.x, \.y).sink { out.append("\($0)\($1)") }
        _ = Just(Point(x: 1, y: 2, z: 3)).map(\.x, \.y, \.z).sink { out.append("\($0)\($1)\($2)") }
        _ = [1, nil].publisher.replaceNil(with: 0).sink { out.append("\($0)") }
        _ = [Int?.none].publisher.eraseToAnyPublisher().replaceNil(with: 5).sink { out.append("\($0)") }
        XCTAssertEqual(out, ["1", "12", "123", "1", "0", "5"])
    }

    func testReplaceEmptyAndAssertNoFailureAndSetFailureType() {
        var values: [Int] = []
        _ = Empty<Int, Never>().replaceEmpty(with: 1).sink { values.append($0) }
        _ = Just(2).setFailureType(to: NetError.self).assertNoFailure().sink { values.append($0) }
        let p: AnyPublisher<Int, NetError> = PassthroughSubject<Int, Never>().setFailureType(
            to: NetError.self).eraseToAnyPublisher()
        _ = p
        XCTAssertEqual(values, [1, 2])
    }

    func testTryOperatorsFailWithTheThrownError() {
        var failures: [String] = []
        func record(_ c: Subscribers.Completion<Error>) { if case .failure(let e) = c { failures.append("\(e)") } }
        let source = [1, 2, 3].publisher
        _ = source.tryFilter { if $0 == 2 { throw NetError.offline }; return true }.sink(receiveCompletion: record,
            receiveValue: { _ in })
        _ = source.tryCompactMap { v -> Int? in if v == 3 { throw NetError.parse("c") }; return v }.sink(
            receiveCompletion: record, receiveValue: { _ in })
        _ = source.tryScan(0) { a, v in if v == 3 { throw NetError.parse("s") }; return a + v }.sink(
            receiveCompletion: record, receiveValue: { _ in })
        _ = source.tryReduce(0) { _, _ in throw NetError.parse("r") }.sink(receiveCompletion: record,
            receiveValue: { _ in })
        _ = source.tryFirst { _ in throw NetError.parse("f") }.sink(receiveCompletion: record, receiveValue: { _ in })
        _ = source.tryRemoveDuplicates { _, _ in throw NetError.parse("d") }.sink(receiveCompletion: record,
            receiveValue: { _ in })
        _ = Fail<Int, NetError>(error: .offline).tryCatch { _ -> Just<Int> in throw NetError.parse("t") }.sink(
            receiveCompletion: record, receiveValue: { _ in })
        XCTAssertEqual(failures, ["offline", "parse(\"c\")", "parse(\"s\")", "parse(\"r\")", "parse(\"f\")",
            "parse(\"d\")", "parse(\"t\")"])
    }
}
