// Swift concurrency and Combine together, as Swift 6 code mixes them: a Future made from an async
// function, an AsyncStream made from a publisher, leaving a `for await` loop early, cancelling
// the task that iterates, awaiting a Future's value, and a main-actor view model fed by a task.
import Conduit
import Foundation
import XCTest

private struct Timeout: Error {}

private extension Future where Failure == Error {
    /// The common bridge from async/await to Combine.
    convenience init(operation: @escaping @Sendable () async throws -> Output) {
        self.init { promise in
            Task {
                do {
                    promise(.success(try await operation()))
                } catch {
                    promise(.failure(error))
                }
            }
        }
    }
}

private extension Publisher where Failure == Never, Output: Sendable {
    /// The common bridge from Combine to an AsyncStream.
    func stream() -> AsyncStream<Output> {
        AsyncStream { continuation in
            let cancellable = self.sink(
                receiveCompletion: { _ in continuation.finish() },
                receiveValue: { continuation.yield($0) }
            )
            continuation.onTermination = { _ in cancellable.cancel() }
        }
    }
}

@MainActor
private final class DownloadsModel: ObservableObject {
    @Published private(set) var progress: [Int] = []
    @Published var isDone = false
    private var cancellables = Set<AnyCancellable>()

    func start(_ updates: some Publisher<Int, Never>) {
        updates
            .receive(on: DispatchQueue.main)
            .sink { [weak self] completion in
                _ = completion
                self?.isDone = true
            } receiveValue: { [weak self] value in
                self?.progress.append(value)
            }
            .store(in: &cancellables)
    }
}

final class AsyncInteropProgramsTests: XCTestCase {
    func testFutureMadeFromAnAsyncFunction() async throws {
        let future = Future<Int, Error> {
            try await Task.sleep(nanoseconds: 1_000_000)
            return 42
        }
        let value = try await future.value
        XCTAssertEqual(value, 42)

        let failing = Future<Int, Error> { throw Timeout() }
        do {
            _ = try await failing.value
            XCTFail("should throw")
        } catch is Timeout {}

        let never = Future<String, Never> { promise in promise(.success("now")) }
        let immediate = await never.value
        XCTAssertEqual(immediate, "now")
    }

    func testAsyncStreamMadeFromAPublisher() async {
        var collected: [Int] = []
        for await value in (1...5).publisher.map({ $0 * $0 }).stream() {
            collected.append(value)
        }
        XCTAssertEqual(collected, [1, 4, 9, 16, 25])

        let subject = PassthroughSubject<Int, Never>()
        let stream = subject.stream()
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        var buffered: [Int] = []
        for await value in stream { buffered.append(value) }
        XCTAssertEqual(buffered, [1, 2], "the stream buffers what the sink received")
    }

    func testLeavingAForAwaitLoopCancelsTheSubscription() async {
        var cancels = 0
        var seen: [Int] = []
        let numbers = (1...).publisher.handleEvents(receiveCancel: { cancels += 1 })
        for await value in numbers.values {
            seen.append(value)
            if value == 3 { break }
        }
        XCTAssertEqual(seen, [1, 2, 3], "values asks for one element at a time, so an endless sequence is fine")
        XCTAssertEqual(cancels, 1)

        var throwingCancels = 0
        let failing = [1, 3, 4, 5].publisher.setFailureType(to: Timeout.self)
        let fed = failing.handleEvents(receiveCancel: { throwingCancels += 1 })
        var found: Int?
        do {
            for try await value in fed.values where value.isMultiple(of: 2) {
                found = value
                break
            }
        } catch {
            XCTFail("unexpected \(error)")
        }
        XCTAssertEqual(found, 4)
        XCTAssertEqual(throwingCancels, 1, "returning from inside a for try await loop cancels too")
    }

    func testCancellingTheIteratingTaskEndsTheLoop() async {
        let subject = PassthroughSubject<Int, Never>()
        let started = AsyncStream<Void>.makeStream()
        let task = Task { () -> Int in
            var count = 0
            started.continuation.yield()
            for await _ in subject.values {
                count += 1
            }
            return count
        }
        for await _ in started.stream { break }
        task.cancel()
        let count = await task.value
        XCTAssertEqual(count, 0)
    }

    func testTimerAndMainQueueValuesAwaitedInAsyncTests() async {
        var ticks = 0
        for await _ in Timer.publish(every: 0.01, on: .main, in: .common).autoconnect().prefix(3).values {
            ticks += 1
        }
        XCTAssertEqual(ticks, 3)
        var got: [Int] = []
        for await value in [1, 2, 3].publisher.receive(on: DispatchQueue.main).values {
            got.append(value)
        }
        XCTAssertEqual(got, [1, 2, 3])
    }

    @MainActor
    func testMainActorModelFedFromATask() async {
        let model = DownloadsModel()
        let updates = PassthroughSubject<Int, Never>()
        model.start(updates)
        let sender = Task.detached {
            for percent in stride(from: 25, through: 100, by: 25) {
                updates.send(percent)
            }
            updates.send(completion: .finished)
        }
        await sender.value
        for await done in model.$isDone.values where done {
            break
        }
        XCTAssertEqual(model.progress, [25, 50, 75, 100])
        XCTAssertTrue(model.isDone)
    }
}
