// Generic code written against Combine's protocols: user-defined operators, functions over
// any Subject, Scheduler or ConnectablePublisher, Cancellable.store(in:), Void publishers.
import Conduit
import Foundation
import XCTest

extension Publisher {
    /// A user-defined operator in the style many codebases add.
    fileprivate func unwrapped<T>() -> Publishers.CompactMap<Self, T> where Output == T? {
        compactMap { $0 }
    }

    fileprivate func sinkToResult(_ result: @escaping (Result<Output, Failure>) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { completion in
            if case .failure(let error) = completion { result(.failure(error)) }
        }, receiveValue: { result(.success($0)) })
    }
}

private func feed<S: Subject>(_ subject: S, _ values: [S.Output]) {
    values.forEach { subject.send($0) }
    subject.send(completion: .finished)
}

private func debounced<P: Publisher, S: Scheduler>(_ p: P, on scheduler: S,
    by stride: S.SchedulerTimeType.Stride) -> AnyPublisher<P.Output, P.Failure> {
    p.debounce(for: stride, scheduler: scheduler).eraseToAnyPublisher()
}

private func connectNow<C: ConnectablePublisher>(_ c: C) -> Cancellable { c.connect() }

private enum Problem: Error, Equatable { case bad }

final class ProtocolsAndGenericsTests: XCTestCase {
    func testUserDefinedOperatorsOnPublisher() {
        var values: [Int] = []
        _ = [1, nil, 3].publisher.unwrapped().sink { values.append($0) }
        var results: [String] = []
        _ = Fail<Int, Problem>(error: .bad).sinkToResult { results.append("\($0)") }
        _ = Just(2).sinkToResult { results.append("\($0)") }
        XCTAssertEqual(values, [1, 3])
        XCTAssertEqual(results.count, 2)
        XCTAssertTrue(results[0].hasPrefix("failure(") && results[0].hasSuffix("bad)"))
        XCTAssertEqual(results[1], "success(2)")
    }

    func testGenericFunctionsOverSubjectsSchedulersAndConnectables() {
        let subject = PassthroughSubject<String, Never>()
        var seen: [String] = []
        let c = subject.sink { seen.append($0) }
        feed(subject, ["a", "b"])
        XCTAssertEqual(seen, ["a", "b"])
        let current = CurrentValueSubject<Int, Never>(0)
        feed(current, [1, 2])
        XCTAssertEqual(current.value, 2)
        c.cancel()

        let done = expectation(description: "debounced")
        let input = PassthroughSubject<Int, Never>()
        var got: [Int] = []
        let c2 = debounced(input, on: DispatchQueue.main, by: .milliseconds(20))
            .sink(receiveCompletion: { _ in done.fulfill() }, receiveValue: { got.append($0) })
        input.send(1)
        input.send(2)
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(200)) { input.send(completion: .finished) }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(got, [2])
        c2.cancel()

        var connected: [Int] = []
        let connectable = [7, 8].publisher.makeConnectable()
        let c3 = connectable.sink { connected.append($0) }
        var bag = Set<AnyCancellable>()
        connectNow(connectable).store(in: &bag)
        var array: [AnyCancellable] = []
        connectable.connect().store(in: &array)
        XCTAssertEqual(connected, [7, 8])
        XCTAssertEqual(bag.count, 1)
        c3.cancel()
    }

    func testSchedulerProtocolDirectly() {
        let queue = DispatchQueue(label: "compat.schedule")
        let ran = expectation(description: "ran")
        ran.expectedFulfillmentCount = 2
        queue.schedule { ran.fulfill() }
        queue.schedule(after: queue.now.advanced(by: .milliseconds(5)), tolerance: .zero,
            options: nil) { ran.fulfill() }
        wait(for: [ran], timeout: 5)
        let repeating = expectation(description: "repeats")
        repeating.expectedFulfillmentCount = 2
        repeating.assertForOverFulfill = false
        let cancellable = queue.schedule(after: queue.now, interval: .milliseconds(5)) { repeating.fulfill() }
        wait(for: [repeating], timeout: 5)
        cancellable.cancel()
        XCTAssertEqual(ImmediateScheduler.shared.minimumTolerance, .zero)
        let runLoopStride: RunLoop.SchedulerTimeType.Stride = .seconds(1)
        XCTAssertEqual(runLoopStride.magnitude, 1)
        let dispatchStride: DispatchQueue.SchedulerTimeType.Stride = 0.5
        XCTAssertEqual(dispatchStride, .milliseconds(500))
    }

    func testVoidPublishersAndSubscribersReceiveWithoutArguments() {
        final class Taps: Subscriber {
            typealias Input = Void
            typealias Failure = Never
            var count = 0
            func receive(subscription: Subscription) { subscription.request(.unlimited) }
            func receive(_ input: Void) -> Subscribers.Demand { count += 1; return .none }
            func receive(completion: Subscribers.Completion<Never>) {}
        }
        let taps = Taps()
        let subject = PassthroughSubject<Void, Never>()
        subject.subscribe(taps)
        subject.send()
        XCTAssertEqual(taps.receive(), .none)
        XCTAssertEqual(taps.count, 2)
    }

    func testCompletionsAreEquatableAndMappable() {
        let failure: Subscribers.Completion<Problem> = .failure(.bad)
        XCTAssertEqual(failure, .failure(.bad))
        XCTAssertNotEqual(failure, .finished)
        var errors: [Error] = []
        _ = Fail<Int, Problem>(error: .bad).eraseToAnyPublisher().mapError { $0 as Error }
            .sink(receiveCompletion: { if case .failure(let e) = $0 { errors.append(e) } }, receiveValue: { _ in })
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors.first as? Problem, .bad)
    }

    func testRecordIsCodableAndReplays() throws {
        let record = Record<Int, Never>(output: [1, 2, 3], completion: .finished)
        let data = try JSONEncoder().encode(record)
        let decoded = try JSONDecoder().decode(Record<Int, Never>.self, from: data)
        var values: [Int] = []
        _ = decoded.sink { values.append($0) }
        _ = decoded.sink { values.append($0) }
        XCTAssertEqual(values, [1, 2, 3, 1, 2, 3])
        XCTAssertEqual(decoded.recording.completion, .finished)
        var recording = Record<String, Problem>.Recording()
        recording.receive("a")
        recording.receive(completion: .failure(.bad))
        let replay = Record(recording: recording)
        var log: [String] = []
        _ = replay.sink(receiveCompletion: { if case .failure(.bad) = $0 { log.append("failed") } },
            receiveValue: { log.append($0) })
        XCTAssertEqual(log, ["a", "failed"])
    }

    func testFutureWithThrowingWorkAndTask() async throws {
        func compute() throws -> Int { 6 * 7 }
        let future = Future<Int, Error> { promise in promise(Result { try compute() }) }
        var values: [Int] = []
        for try await value in future.values { values.append(value) }
        XCTAssertEqual(values, [42])

        let fromTask = Future<String, Never> { promise in
            Task {
                try? await Task.sleep(nanoseconds: 1_000_000)
                promise(.success("async"))
            }
        }
        var got: [String] = []
        for await value in fromTask.values { got.append(value) }
        XCTAssertEqual(got, ["async"])
    }

    func testAnyPublisherInitialisersAndErasingTwice() {
        let erased = AnyPublisher(Just(1))
        let again: AnyPublisher<Int, Never> = erased.eraseToAnyPublisher()
        var values: [Int] = []
        _ = again.sink { values.append($0) }
        let deferred = Deferred { Just(2) }
        _ = deferred.createPublisher().sink { values.append($0) }
        XCTAssertEqual(values, [1, 2])
    }
}
