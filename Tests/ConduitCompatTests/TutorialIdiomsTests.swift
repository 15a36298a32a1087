// Idioms from Combine tutorials, written as tutorials write them: Future around a callback API,
// Deferred { Future }, event buses, state stores, retry + catch, switchToLatest searches,
// share() with several sinks, MergeMany, zip, collect, and generic helpers over publishers.
import Conduit
import Foundation
import XCTest

// MARK: - Future around a callback API

private enum NetworkError: Error, Equatable {
    case offline
    case badStatus(Int)
}

private final class LegacyClient: Sendable {
    func fetchUser(id: Int, completion: @escaping @Sendable (Result<String, NetworkError>) -> Void) {
        DispatchQueue.global().async {
            completion(id > 0 ? .success("user\(id)") : .failure(.badStatus(404)))
        }
    }
}

private extension LegacyClient {
    func userPublisher(id: Int) -> AnyPublisher<String, NetworkError> {
        Future { promise in
            self.fetchUser(id: id) { result in
                promise(result)
            }
        }
        .eraseToAnyPublisher()
    }

    func lazyUserPublisher(id: Int) -> AnyPublisher<String, Error> {
        Deferred {
            Future { promise in
                self.fetchUser(id: id) { promise($0.mapError { $0 as Error }) }
            }
        }
        .eraseToAnyPublisher()
    }
}

// MARK: - An event bus and a state store

private enum AppEvent: Equatable {
    case loggedIn(String)
    case loggedOut
    case message(String)
}

private final class EventBus {
    private let subject = PassthroughSubject<AppEvent, Never>()
    var events: AnyPublisher<AppEvent, Never> { subject.eraseToAnyPublisher() }

    func post(_ event: AppEvent) {
        subject.send(event)
    }
}

private struct CounterState: Equatable {
    var count = 0
    var history: [Int] = []
}

private enum CounterAction {
    case increment
    case decrement
    case reset
}

private final class Store {
    private let state = CurrentValueSubject<CounterState, Never>(CounterState())
    var statePublisher: AnyPublisher<CounterState, Never> { state.eraseToAnyPublisher() }
    var current: CounterState { state.value }

    func dispatch(_ action: CounterAction) {
        var next = state.value
        switch action {
        case .increment: next.count += 1
        case .decrement: next.count -= 1
        case .reset: next.count = 0
        }
        next.history.append(next.count)
        state.send(next)
    }

    func select<Value: Equatable>(_ keyPath: KeyPath<CounterState, Value>) -> AnyPublisher<Value, Never> {
        state.map(keyPath).removeDuplicates().eraseToAnyPublisher()
    }
}

// MARK: - Generic helpers over publishers

private func doubled(_ numbers: some Publisher<Int, Never>) -> some Publisher<Int, Never> {
    numbers.map { $0 * 2 }
}

private func evens<P: Publisher>(_ upstream: P) -> AnyPublisher<P.Output, P.Failure> where P.Output == Int {
    upstream.filter { $0.isMultiple(of: 2) }.eraseToAnyPublisher()
}

private func collectSynchronously<P: Publisher>(_ publisher: P) -> [P.Output] where P.Failure == Never {
    var values: [P.Output] = []
    _ = publisher.sink { values.append($0) }
    return values
}

private extension Publisher {
    func asResult() -> AnyPublisher<Result<Output, Failure>, Never> {
        map(Result.success)
            .catch { Just(.failure($0)) }
            .eraseToAnyPublisher()
    }
}

private extension Publisher where Output: Collection {
    func nonEmpty() -> Publishers.Filter<Self> {
        filter { !$0.isEmpty }
    }
}

final class TutorialIdiomsTests: XCTestCase {
    func testFutureAroundACallbackAPI() {
        let client = LegacyClient()
        let done = expectation(description: "both users")
        done.expectedFulfillmentCount = 2
        var results: [String] = []
        var failures: [NetworkError] = []
        let lock = NSLock()
        var cancellables = Set<AnyCancellable>()
        client.userPublisher(id: 7)
            .sink(receiveCompletion: { completion in
                if case .failure(let error) = completion { lock.withLock { failures.append(error) } }
                done.fulfill()
            }, receiveValue: { value in lock.withLock { results.append(value) } })
            .store(in: &cancellables)
        client.userPublisher(id: 0)
            .sink(receiveCompletion: { completion in
                switch completion {
                case .finished: break
                case .failure(let error): lock.withLock { failures.append(error) }
                }
                done.fulfill()
            }, receiveValue: { value in lock.withLock { results.append(value) } })
            .store(in: &cancellables)
        wait(for: [done], timeout: 5)
        XCTAssertEqual(lock.withLock { results }, ["user7"])
        XCTAssertEqual(lock.withLock { failures }, [.badStatus(404)])
    }

    func testFutureRunsAtOnceButDeferredWaitsForASubscriber() {
        var futureRuns = 0
        var deferredRuns = 0
        let future = Future<Int, Never> { promise in
            futureRuns += 1
            promise(.success(futureRuns))
        }
        let deferred = Deferred {
            Future<Int, Never> { promise in
                deferredRuns += 1
                promise(.success(deferredRuns))
            }
        }
        XCTAssertEqual(futureRuns, 1, "a Future starts its work when created")
        XCTAssertEqual(deferredRuns, 0)
        var received: [Int] = []
        _ = future.sink { received.append($0) }
        _ = future.sink { received.append($0) }
        _ = deferred.sink { received.append($0) }
        _ = deferred.sink { received.append($0) }
        XCTAssertEqual(received, [1, 1, 1, 2], "a Future replays its one result; Deferred makes a new one each time")
        XCTAssertEqual(futureRuns, 1)
        XCTAssertEqual(deferredRuns, 2)
    }

    func testDeferredFutureOverACallbackWithAsyncWait() {
        let client = LegacyClient()
        let done = expectation(description: "value")
        var value: String?
        let c = client.lazyUserPublisher(id: 3)
            .map { $0.uppercased() }
            .replaceError(with: "none")
            .receive(on: DispatchQueue.main)
            .sink { value = $0; done.fulfill() }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(value, "USER3")
        c.cancel()
    }

    func testEventBusWithTypedListeners() {
        let bus = EventBus()
        var cancellables = Set<AnyCancellable>()
        var users: [String] = []
        var messages: [String] = []
        var everything = 0
        bus.events
            .compactMap { event -> String? in
                if case .loggedIn(let name) = event { return name }
                return nil
            }
            .sink { users.append($0) }
            .store(in: &cancellables)
        bus.events
            .compactMap { if case .message(let text) = $0 { text } else { nil } }
            .sink { messages.append($0) }
            .store(in: &cancellables)
        bus.events.sink { _ in everything += 1 }.store(in: &cancellables)
        bus.post(.loggedIn("ann"))
        bus.post(.message("hi"))
        bus.post(.loggedOut)
        bus.post(.message("bye"))
        XCTAssertEqual(users, ["ann"])
        XCTAssertEqual(messages, ["hi", "bye"])
        XCTAssertEqual(everything, 4)
        cancellables.removeAll()
        bus.post(.message("nobody hears"))
        XCTAssertEqual(messages, ["hi", "bye"])
    }

    func testCurrentValueSubjectStateStoreWithSelectors() {
        let store = Store()
        var counts: [Int] = []
        var histories: [[Int]] = []
        var cancellables: Set<AnyCancellable> = []
        store.select(\.count).sink { counts.append($0) }.store(in: &cancellables)
        store.statePublisher.map(\.history).sink { histories.append($0) }.store(in: &cancellables)
        store.dispatch(.increment)
        store.dispatch(.increment)
        store.dispatch(.reset)
        store.dispatch(.reset)
        XCTAssertEqual(counts, [0, 1, 2, 0], "removeDuplicates hides the second reset")
        XCTAssertEqual(histories.last, [1, 2, 0, 0])
        XCTAssertEqual(histories.count, 5)
        XCTAssertEqual(store.current.count, 0)
    }

    func testRetryThenCatch() {
        var attempts = 0
        let flaky = Deferred { () -> AnyPublisher<Int, NetworkError> in
            attempts += 1
            if attempts < 3 {
                return Fail(error: NetworkError.offline).eraseToAnyPublisher()
            }
            return Just(attempts).setFailureType(to: NetworkError.self).eraseToAnyPublisher()
        }
        var values: [Int] = []
        var completions: [Subscribers.Completion<NetworkError>] = []
        _ = flaky.retry(3).sink(receiveCompletion: { completions.append($0) }, receiveValue: { values.append($0) })
        XCTAssertEqual(values, [3])
        XCTAssertEqual(completions, [.finished])
        XCTAssertEqual(attempts, 3)

        attempts = -10
        var recovered: [Int] = []
        _ = flaky.retry(2).catch { _ in Just(-1) }.sink { recovered.append($0) }
        XCTAssertEqual(recovered, [-1], "three failed attempts, then the fallback")
        XCTAssertEqual(attempts, -7)
    }

    func testSwitchToLatestSearchDropsStaleResponses() {
        let queries = PassthroughSubject<String, Never>()
        var pending: [String: PassthroughSubject<[String], Never>] = [:]
        func search(_ query: String) -> AnyPublisher<[String], Never> {
            let response = PassthroughSubject<[String], Never>()
            pending[query] = response
            return response.eraseToAnyPublisher()
        }
        var shown: [[String]] = []
        let c = queries
            .removeDuplicates()
            .map { search($0) }
            .switchToLatest()
            .sink { shown.append($0) }
        queries.send("sw")
        queries.send("swi")
        pending["sw"]?.send(["swan"])
        pending["swi"]?.send(["swift", "swim"])
        pending["sw"]?.send(["swap"])
        queries.send("swi")
        pending["swi"]?.send(["swing"])
        XCTAssertEqual(shown, [["swift", "swim"], ["swing"]])
        c.cancel()
    }

    func testShareWithSeveralSinks() {
        var subscriptions = 0
        let source = PassthroughSubject<Int, Never>()
        let shared = source
            .handleEvents(receiveSubscription: { _ in subscriptions += 1 })
            .map { $0 * 10 }
            .share()
        var first: [Int] = []
        var second: [Int] = []
        var cancellables = Set<AnyCancellable>()
        shared.sink { first.append($0) }.store(in: &cancellables)
        shared.sink { second.append($0) }.store(in: &cancellables)
        source.send(1)
        source.send(2)
        XCTAssertEqual(subscriptions, 1)
        XCTAssertEqual(first, [10, 20])
        XCTAssertEqual(second, [10, 20])

        var late: [Int] = []
        shared.sink { late.append($0) }.store(in: &cancellables)
        source.send(3)
        XCTAssertEqual(late, [30], "share does not replay")
        XCTAssertEqual(first, [10, 20, 30])
    }

    func testMergeManyZipAndCollect() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let c = PassthroughSubject<Int, Never>()
        var merged: [Int] = []
        var mergedDone = false
        let m = Publishers.MergeMany([a, b, c])
            .collect()
            .sink { merged = $0; mergedDone = true }
        a.send(1)
        c.send(3)
        b.send(2)
        a.send(completion: .finished)
        b.send(completion: .finished)
        XCTAssertFalse(mergedDone)
        c.send(completion: .finished)
        XCTAssertEqual(merged, [1, 3, 2])
        m.cancel()

        var pairs: [String] = []
        let names = ["a", "b", "c"].publisher
        let z = names.zip((1...5).publisher).map { "\($0)\($1)" }.sink { pairs.append($0) }
        XCTAssertEqual(pairs, ["a1", "b2", "c3"])
        z.cancel()

        var batches: [[Int]] = []
        _ = (1...7).publisher.collect(3).sink { batches.append($0) }
        XCTAssertEqual(batches, [[1, 2, 3], [4, 5, 6], [7]])

        var variadic: [Int] = []
        _ = Publishers.MergeMany(Just(1), Just(2), Just(3)).sink { variadic.append($0) }
        XCTAssertEqual(variadic, [1, 2, 3])
    }

    func testGenericHelpers() {
        XCTAssertEqual(collectSynchronously(doubled([1, 2, 3].publisher)), [2, 4, 6])
        XCTAssertEqual(collectSynchronously(evens((1...6).publisher)), [2, 4, 6])
        XCTAssertEqual(collectSynchronously(doubled(Just(21))), [42])
        let results = collectSynchronously(
            [1, 2, 0].publisher.tryMap { value -> Int in
                guard value != 0 else { throw NetworkError.offline }
                return 10 / value
            }
            .asResult()
        )
        XCTAssertEqual(results.count, 3)
        XCTAssertEqual(try results[0].get(), 10)
        XCTAssertEqual(try results[1].get(), 5)
        XCTAssertThrowsError(try results[2].get())
        XCTAssertEqual(collectSynchronously(["", "a", "", "bc"].publisher.nonEmpty()), ["a", "bc"])
    }

    func testJustFailResultOptionalAndRecordPublishers() {
        var log: [String] = []
        func record<P: Publisher>(_ tag: String, _ publisher: P) {
            _ = publisher.sink(
                receiveCompletion: { completion in
                    switch completion {
                    case .finished: log.append("\(tag) finished")
                    case .failure(let error): log.append("\(tag) failed \(error)")
                    }
                },
                receiveValue: { log.append("\(tag) \($0)") }
            )
        }
        record("just", Just(1).setFailureType(to: Error.self))
        record("fail", Fail<Int, NetworkError>(error: .offline))
        record("result", Result<Int, NetworkError>.success(2).publisher)
        record("result-init", Result<Int, NetworkError>.Publisher(.failure(.badStatus(500))))
        record("optional", Optional(3).publisher)
        record("none", Optional<Int>.none.publisher)
        record("record", Record<Int, NetworkError>(output: [4, 5], completion: .failure(.offline)))
        record("recorded", Record<Int, Never> { recording in
            recording.receive(6)
            recording.receive(completion: .finished)
        })
        record("empty", Empty<Int, Never>())
        XCTAssertEqual(log, [
            "just 1", "just finished",
            "fail failed offline",
            "result 2", "result finished",
            "result-init failed badStatus(500)",
            "optional 3", "optional finished",
            "none finished",
            "record 4", "record 5", "record failed offline",
            "recorded 6", "recorded finished",
            "empty finished",
        ])
    }

    func testValuesInAForAwaitLoop() async throws {
        var sum = 0
        for await value in (1...4).publisher.values {
            sum += value
        }
        XCTAssertEqual(sum, 10)

        let subject = CurrentValueSubject<Int, Error>(1)
        var seen: [Int] = []
        do {
            for try await value in subject.prefix(2).values {
                seen.append(value)
                if value == 1 {
                    subject.send(2)
                }
            }
        } catch {
            XCTFail("unexpected \(error)")
        }
        XCTAssertEqual(seen, [1, 2])

        let first = await Just("hello").values.first { _ in true }
        XCTAssertEqual(first, "hello")

        do {
            for try await _ in Fail<Int, NetworkError>(error: .offline).values {
                XCTFail("no values")
            }
            XCTFail("should have thrown")
        } catch let error as NetworkError {
            XCTAssertEqual(error, .offline)
        }
    }
}
