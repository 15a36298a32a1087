// The syntax people actually type: multiple trailing closures on sink, closures in parentheses,
// tuple destructuring, key-path maps, Void publishers, typed completions, demand arithmetic,
// `.publisher` on every kind of sequence, and `$property` handed out as AnyPublisher.
import Conduit
import Foundation
import XCTest

private enum LoadError: Error, Equatable {
    case notFound
    case decoding
}

private struct User: Codable, Equatable {
    let id: Int
    let name: String
}

private final class ProfileModel: ObservableObject {
    @Published private(set) var user: User?
    @Published var isLoading = false
    @Published var items: [String] = []

    var namePublisher: AnyPublisher<String, Never> {
        $user.compactMap { $0?.name }.eraseToAnyPublisher()
    }

    var itemCount: AnyPublisher<Int, Never> {
        $items.map(\.count).removeDuplicates().eraseToAnyPublisher()
    }

    func load(_ data: Data) -> AnyPublisher<User, LoadError> {
        isLoading = true
        return Just(data)
            .decode(type: User.self, decoder: JSONDecoder())
            .mapError { _ in LoadError.decoding }
            .handleEvents(receiveOutput: { [weak self] in self?.user = $0 },
                          receiveCompletion: { [weak self] _ in self?.isLoading = false })
            .eraseToAnyPublisher()
    }

    func reload() {
        objectWillChange.send()
    }
}

private protocol NameProviding {
    var namePublisher: Published<String>.Publisher { get }
}

private final class NameHolder: NameProviding {
    @Published var name = "first"
    var namePublisher: Published<String>.Publisher { $name }
}

final class EverydaySyntaxTests: XCTestCase {
    func testSinkWithMultipleTrailingClosures() {
        var log: [String] = []
        let c = [1, 2].publisher
            .setFailureType(to: LoadError.self)
            .sink { completion in
                switch completion {
                case .finished: log.append("done")
                case .failure(let error): log.append("error \(error)")
                }
            } receiveValue: { value in
                log.append("\(value)")
            }
        XCTAssertEqual(log, ["1", "2", "done"])
        c.cancel()

        let failing = Fail<String, LoadError>(error: .notFound).sink { completion in
            if case let .failure(error) = completion {
                log.append("failed \(error)")
            }
        } receiveValue: { _ in
            XCTFail("no value")
        }
        XCTAssertEqual(log.last, "failed notFound")
        failing.cancel()
    }

    func testClosuresInParenthesesAndTupleDestructuring() {
        var out: [String] = []
        let names = PassthroughSubject<String, Never>()
        let ages = PassthroughSubject<Int, Never>()
        let c = Publishers.CombineLatest(names, ages)
            .map({ name, age in "\(name) is \(age)" })
            .filter({ !$0.isEmpty })
            .sink(receiveValue: { out.append($0) })
        names.send("Ann")
        ages.send(30)
        ages.send(31)
        XCTAssertEqual(out, ["Ann is 30", "Ann is 31"])
        c.cancel()

        var sums: [Int] = []
        let z = Publishers.Zip3([1, 2].publisher, [10, 20].publisher, [100, 200].publisher)
            .map { a, b, c in a + b + c }
            .sink { sums.append($0) }
        XCTAssertEqual(sums, [111, 222])
        z.cancel()

        var labelled: [String] = []
        let d = [(name: "a", score: 1), (name: "b", score: 2)].publisher
            .map { "\($0.name)=\($0.score)" }
            .sink { labelled.append($0) }
        XCTAssertEqual(labelled, ["a=1", "b=2"])
        d.cancel()
    }

    func testKeyPathMapsAndPublishedAsAnyPublisher() throws {
        let model = ProfileModel()
        var names: [String] = []
        var counts: [Int] = []
        var loading: [Bool] = []
        var cancellables = Set<AnyCancellable>()
        model.namePublisher.sink { names.append($0) }.store(in: &cancellables)
        model.itemCount.sink { counts.append($0) }.store(in: &cancellables)
        model.$isLoading.sink { loading.append($0) }.store(in: &cancellables)
        var willChange = 0
        model.objectWillChange.sink { _ in willChange += 1 }.store(in: &cancellables)

        let data = try JSONEncoder().encode(User(id: 1, name: "Ada"))
        var loaded: [User] = []
        model.load(data).sink(receiveCompletion: { _ in }, receiveValue: { loaded.append($0) }).store(in: &cancellables)
        XCTAssertEqual(loaded, [User(id: 1, name: "Ada")])
        XCTAssertEqual(names, ["Ada"])
        XCTAssertEqual(loading, [false, true, false])

        var failure: LoadError?
        model.load(Data("nope".utf8)).sink(receiveCompletion: {
            if case .failure(let error) = $0 { failure = error }
        }, receiveValue: { _ in }).store(in: &cancellables)
        XCTAssertEqual(failure, .decoding)

        model.items = ["a"]
        model.items.append("b")
        model.items[0] = "c"
        XCTAssertEqual(counts, [0, 1, 2])
        model.reload()
        XCTAssertEqual(willChange, 3 + 2 + 3 + 1, "two loads, three item writes and one manual send")

        let holder = NameHolder()
        var seen: [String] = []
        let provider: NameProviding = holder
        provider.namePublisher.sink { seen.append($0) }.store(in: &cancellables)
        holder.name = "second"
        XCTAssertEqual(seen, ["first", "second"])

        var pairs: [String] = []
        [User(id: 1, name: "a"), User(id: 2, name: "b")].publisher
            .map(\.id, \.name)
            .sink { pairs.append("\($0):\($1)") }
            .store(in: &cancellables)
        XCTAssertEqual(pairs, ["1:a", "2:b"])
    }

    func testVoidPublishersAndSends() {
        let taps = PassthroughSubject<Void, Never>()
        var count = 0
        var cancellables: Set<AnyCancellable> = []
        taps.sink { count += 1 }.store(in: &cancellables)
        taps.sink { _ in count += 10 }.store(in: &cancellables)
        taps.map { _ in 1 }.scan(0, +).sink { count += $0 * 100 }.store(in: &cancellables)
        taps.send()
        taps.send(())
        XCTAssertEqual(count, 11 + 100 + 11 + 200)

        let refresh = CurrentValueSubject<Void, Never>(())
        var refreshes = 0
        refresh.sink { refreshes += 1 }.store(in: &cancellables)
        refresh.send()
        XCTAssertEqual(refreshes, 2)
    }

    func testCompletionsCompareAndDemandArithmetic() {
        var completion: Subscribers.Completion<Never>?
        _ = Empty<Int, Never>().sink(receiveCompletion: { completion = $0 }, receiveValue: { _ in })
        XCTAssertEqual(completion, .finished)
        var typed: Subscribers.Completion<LoadError>?
        _ = Fail<Int, LoadError>(error: .notFound).sink(receiveCompletion: { typed = $0 }, receiveValue: { _ in })
        XCTAssertEqual(typed, .failure(.notFound))
        XCTAssertNotEqual(typed, .finished)

        var demand = Subscribers.Demand.max(2)
        demand += 3
        XCTAssertEqual(demand, .max(5))
        demand -= 1
        XCTAssertEqual(demand.max, 4)
        XCTAssertTrue(demand > 3)
        XCTAssertTrue(demand < .unlimited)
        XCTAssertEqual(Subscribers.Demand.unlimited + 1, .unlimited)
        XCTAssertEqual(Subscribers.Demand.max(2) * 3, .max(6))
        XCTAssertNil(Subscribers.Demand.unlimited.max)
        XCTAssertEqual(Subscribers.Demand.none, .max(0))
        XCTAssertTrue(Subscribers.Demand.none == 0)
        XCTAssertEqual("\(Subscribers.Demand.max(3))", "max(3)")
        XCTAssertEqual("\(Subscribers.Demand.unlimited)", "unlimited")
    }

    func testPublisherOnEveryKindOfSequence() {
        func values<P: Publisher>(_ p: P) -> [String] where P.Failure == Never {
            var out: [String] = []
            _ = p.sink { out.append("\($0)") }
            return out
        }
        XCTAssertEqual(values("abc".publisher), ["a", "b", "c"])
        XCTAssertEqual(values(stride(from: 0, to: 10, by: 4).publisher), ["0", "4", "8"])
        XCTAssertEqual(values(["k": 1].publisher.map(\.key)), ["k"])
        XCTAssertEqual(values(Set([7]).publisher), ["7"])
        XCTAssertEqual(values(AnySequence([1, 2]).publisher), ["1", "2"])
        XCTAssertEqual(values((1...3).reversed().publisher), ["3", "2", "1"])
        XCTAssertEqual(values([1, 2, 3].lazy.map { $0 * 2 }.publisher), ["2", "4", "6"])
        XCTAssertEqual(values(zip([1, 2], ["a", "b"]).publisher.map { "\($0)\($1)" }), ["1a", "2b"])
        XCTAssertEqual(values(Array(repeating: "x",
            count: 2).enumerated().publisher.map { "\($0.offset)\($0.element)" }), ["0x", "1x"])
    }

    func testCommonFilteringAndReshapingChains() {
        var log: [String] = []
        func record<P: Publisher>(_ tag: String, _ p: P) where P.Failure == Never {
            _ = p.collect().sink { log.append("\(tag) \($0)") }
        }
        let numbers = (1...10).publisher
        record("first", numbers.first(where: { $0 > 4 }))
        record("last", numbers.last(where: { $0 < 4 }))
        record("output", numbers.output(in: 2...4))
        record("at", numbers.output(at: 9))
        record("prefixWhile", numbers.prefix(while: { $0 < 3 }))
        record("dropWhile", numbers.drop(while: { $0 < 9 }))
        record("dropFirst", numbers.dropFirst(8))
        record("count", numbers.count())
        record("minBy", ["bb", "a", "ccc"].publisher.min(by: { $0.count < $1.count }))
        record("max", numbers.max())
        record("contains", numbers.contains(where: { $0 > 9 }))
        record("all", numbers.allSatisfy { $0 > 0 })
        record("reduce", numbers.reduce(0, +))
        record("scan", [1, 2, 3].publisher.scan([Int]()) { $0 + [$1] }.map(\.count))
        record("ignore", numbers.ignoreOutput())
        record("replaceEmpty", Empty<Int, Never>().replaceEmpty(with: -1))
        record("prepend", [3].publisher.prepend(1, 2).append(4).append([5, 6]))
        record("dedupe", [1, 1, 2, 1, 3, 3].publisher.removeDuplicates())
        record("dedupeBy", ["a", "A", "b"].publisher.removeDuplicates { $0.lowercased() == $1.lowercased() })
        record("compact", ["1", "x", "3"].publisher.compactMap(Int.init))
        record("replaceNil", [1, nil, 3].publisher.eraseToAnyPublisher().replaceNil(with: 0))
        record("sequenceReplaceNil", [1, nil].publisher.replaceNil(with: 0))
        record("flat", [[1, 2], [3]].publisher.flatMap { $0.publisher })
        XCTAssertEqual(log, [
            "first [5]", "last [3]", "output [3, 4, 5]", "at [10]", "prefixWhile [1, 2]",
            "dropWhile [9, 10]", "dropFirst [9, 10]", "count [10]", "minBy [\"a\"]", "max [10]",
            "contains [true]", "all [true]", "reduce [55]", "scan [1, 2, 3]", "ignore []",
            "replaceEmpty [-1]", "prepend [1, 2, 3, 4, 5, 6]", "dedupe [1, 2, 1, 3]",
            "dedupeBy [\"a\", \"b\"]", "compact [1, 3]", "replaceNil [1, 0, 3]",
            "sequenceReplaceNil [Optional(1), Optional(0)]", "flat [1, 2, 3]",
        ])
    }

    func testErrorHandlingChains() {
        var log: [String] = []
        let data = PassthroughSubject<String, Never>()
        let c = data
            .tryMap { text -> Int in
                guard let value = Int(text) else { throw LoadError.decoding }
                return value
            }
            .mapError { $0 as? LoadError ?? .notFound }
            .catch { error -> AnyPublisher<Int, Never> in
                log.append("caught \(error)")
                return Just(-1).eraseToAnyPublisher()
            }
            .sink(receiveCompletion: { log.append("completion \($0)") }, receiveValue: { log.append("value \($0)") })
        data.send("1")
        data.send("two")
        data.send("3")
        XCTAssertEqual(log, ["value 1", "caught decoding", "value -1", "completion finished"])
        c.cancel()

        var recovered: [Int] = []
        let t = [1, 2].publisher
            .setFailureType(to: LoadError.self)
            .append(Fail(error: .notFound))
            .tryCatch { error -> Just<Int> in
                guard error == .notFound else { throw error }
                return Just(0)
            }
            .replaceError(with: -9)
            .sink { recovered.append($0) }
        XCTAssertEqual(recovered, [1, 2, 0])
        t.cancel()

        var asserted: [Int] = []
        _ = Just(5).setFailureType(to: LoadError.self).assertNoFailure("never fails").sink { asserted.append($0) }
        XCTAssertEqual(asserted, [5])
    }
}
