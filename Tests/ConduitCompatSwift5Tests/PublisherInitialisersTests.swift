// Combine's publisher types built with their public initialisers instead of the operator
// methods, as some books and generic code do; Swift 5 language mode.
import Conduit
import Foundation
import XCTest

private enum InitError: Error, Equatable { case failed }

final class PublisherInitialisersTests: XCTestCase {
    private func values<P: Publisher>(_ p: P) -> [P.Output] {
        var out: [P.Output] = []
        _ = p.sink(receiveCompletion: { _ in }, receiveValue: { out.append($0) })
        return out
    }

    func testOperatorStructsFromTheirInitialisers() {
        let source = Publishers.Sequence<[Int], Never>(sequence: [1, 2, 3, 3, 4])
        XCTAssertEqual(values(Publishers.Map(upstream: source) { $0 * 2 }), [2, 4, 6, 6, 8])
        XCTAssertEqual(values(Publishers.Filter(upstream: source) { $0 % 2 == 1 }), [1, 3, 3])
        XCTAssertEqual(values(Publishers.CompactMap(upstream: source) { $0 > 2 ? "\($0)" : nil }), ["3", "3", "4"])
        XCTAssertEqual(values(Publishers.Scan(upstream: source, initialResult: 0, nextPartialResult: +)), [1, 3, 6, 9,
            13])
        XCTAssertEqual(values(Publishers.Reduce(upstream: source, initial: 0, nextPartialResult: +)), [13])
        XCTAssertEqual(values(Publishers.RemoveDuplicates(upstream: source, predicate: ==)), [1, 2, 3, 4])
        XCTAssertEqual(values(Publishers.Drop(upstream: source, count: 3)), [3, 4])
        XCTAssertEqual(values(Publishers.Output(upstream: source, range: 1..<3)), [2, 3])
        XCTAssertEqual(values(Publishers.First(upstream: source)), [1])
        XCTAssertEqual(values(Publishers.Last(upstream: source)), [4])
        XCTAssertEqual(values(Publishers.Count(upstream: source)), [5])
        XCTAssertEqual(values(Publishers.Collect(upstream: source)), [[1, 2, 3, 3, 4]])
        XCTAssertEqual(values(Publishers.CollectByCount(upstream: source, count: 2)), [[1, 2], [3, 3], [4]])
        XCTAssertEqual(values(Publishers.Contains(upstream: source, output: 3)), [true])
        XCTAssertEqual(values(Publishers.ContainsWhere(upstream: source, predicate: { $0 > 9 })), [false])
        XCTAssertEqual(values(Publishers.AllSatisfy(upstream: source, predicate: { $0 > 0 })), [true])
        XCTAssertEqual(values(Publishers.DropWhile(upstream: source, predicate: { $0 < 3 })), [3, 3, 4])
        XCTAssertEqual(values(Publishers.PrefixWhile(upstream: source, predicate: { $0 < 3 })), [1, 2])
        XCTAssertEqual(values(Publishers.FirstWhere(upstream: source, predicate: { $0 > 2 })), [3])
        XCTAssertEqual(values(Publishers.LastWhere(upstream: source, predicate: { $0 < 3 })), [2])
        XCTAssertEqual(values(Publishers.IgnoreOutput(upstream: source)).count, 0)
        XCTAssertEqual(values(Publishers.ReplaceEmpty(upstream: Empty<Int, Never>(), output: 7)), [7])
        XCTAssertEqual(values(Publishers.Concatenate(prefix: source, suffix: Just(9))), [1, 2, 3, 3, 4, 9])
        XCTAssertEqual(values(Publishers.Merge(Just(1), Just(2))), [1, 2])
        XCTAssertEqual(values(Publishers.MergeMany([Just(1), Just(2), Just(3)])), [1, 2, 3])
        XCTAssertEqual(values(Publishers.Merge4(Just(1), Just(2), Just(3), Just(4))), [1, 2, 3, 4])
        XCTAssertEqual(values(Publishers.FlatMap(upstream: source, maxPublishers: .max(1)) { Just($0 + 10) }), [11, 12,
            13, 13, 14])
        XCTAssertEqual(values(Publishers.HandleEvents(upstream: source, receiveSubscription: nil, receiveOutput: nil,
            receiveCompletion: nil, receiveCancel: nil, receiveRequest: nil)).count, 5)
        XCTAssertEqual(values(Publishers.SetFailureType<Just<Int>, InitError>(upstream: Just(1))), [1])
        XCTAssertEqual(values(Publishers.ReplaceError(upstream: Fail<Int, InitError>(error: .failed), output: 0)), [0])
        XCTAssertEqual(values(Publishers.Catch(upstream: Fail<Int, InitError>(error: .failed)) { _ in Just(5) }), [5])
        XCTAssertEqual(values(Publishers.Retry(upstream: Just(1), retries: 2)), [1])
        XCTAssertEqual(values(Publishers.MapError(upstream: Fail<Int, InitError>(error: .failed),
            transform: { $0 as Error })), [])
        XCTAssertEqual(values(Publishers.TryMap(upstream: source) { $0 }).count, 5)
        XCTAssertEqual(values(Publishers.Zip(Just(1), Just("a"))).map { "\($0)\($1)" }, ["1a"])
        XCTAssertEqual(values(Publishers.CombineLatest3(Just(1), Just(2), Just(3))).map { $0 + $1 + $2 }, [6])
        XCTAssertEqual(values(Publishers.SwitchToLatest(upstream: Just(Just(4)))), [4])
        XCTAssertEqual(values(Publishers.Buffer(upstream: source, size: 2, prefetch: .keepFull,
            whenFull: .dropNewest)), [1, 2, 3, 3, 4])
        XCTAssertEqual(values(Publishers.PrefixUntilOutput(upstream: source, other: Empty<Int, Never>())), [1, 2, 3, 3,
            4])
        XCTAssertEqual(values(Publishers.DropUntilOutput(upstream: source, other: Just(0))), [1, 2, 3, 3, 4])
        XCTAssertEqual(values(Publishers.Print(upstream: Just(1), prefix: "", to: nil)), [1])
        XCTAssertEqual(values(Publishers.ReceiveOn(upstream: Just(1), scheduler: ImmediateScheduler.shared,
            options: nil)), [1])
        XCTAssertEqual(values(Publishers.SubscribeOn(upstream: Just(1), scheduler: ImmediateScheduler.shared,
            options: nil)), [1])
        XCTAssertEqual(values(Publishers.Delay(upstream: Just(1), interval: .zero, tolerance: .zero,
            scheduler: ImmediateScheduler.shared, options: nil)), [1])
        XCTAssertEqual(values(AnyPublisher(source)).count, 5)
        XCTAssertEqual(values(Publishers.Encode(upstream: Just([1]), encoder: JSONEncoder())).count, 1)
    }

    func testSubscribersBuiltDirectly() {
        var received: [Int] = []
        var finished = false
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in finished = true },
            receiveValue: { received.append($0) })
        [1, 2].publisher.subscribe(sink)
        XCTAssertEqual(received, [1, 2])
        XCTAssertTrue(finished)
        sink.cancel()

        final class Box { var value = 0 }
        let box = Box()
        let assign = Subscribers.Assign(object: box, keyPath: \Box.value)
        let subject = PassthroughSubject<Int, Never>()
        subject.subscribe(assign)
        subject.send(42)
        XCTAssertEqual(box.value, 42)
        XCTAssertTrue(assign.object === box)
        subject.send(completion: .finished)
        XCTAssertNil(assign.object, "Assign lets go of its object when the upstream completes")

        let erased = AnySubscriber(sink)
        XCTAssertEqual(erased.combineIdentifier, sink.combineIdentifier)
        XCTAssertEqual(sink.description, "Sink")
        XCTAssertEqual(assign.description, "Assign Box.")
    }
}
