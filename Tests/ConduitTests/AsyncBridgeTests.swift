import Conduit
import XCTest

/// `publisher.values`: every waiting `next()` is resumed exactly once, whatever the publisher or
/// the tasks do, and the demand it asks for follows Combine's.
final class AsyncBridgeTests: XCTestCase {
    /// Shares one iterator between tasks, as copies of an iterator share their subscriber.
    private actor SharedIterator<Base: AsyncIteratorProtocol & Sendable> where Base.Element: Sendable {
        private var base: Base
        init(_ base: Base) { self.base = base }
        func next() async throws -> Base.Element? {
            var copy = base
            let element = try await copy.next()
            base = copy
            return element
        }
    }

    /// Waits (bounded) until `condition` holds: the tasks under test have reached their `next()`.
    private func eventually(_ what: String, _ condition: () -> Bool) async throws {
        for _ in 0..<5_000 where !condition() {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        XCTAssertTrue(condition(), "timed out waiting until \(what)")
    }

    private func makeIterator(
        _ publisher: ManualPublisher<Int, TestError>
    ) -> SharedIterator<AsyncThrowingPublisher<ManualPublisher<Int, TestError>>.Iterator> {
        SharedIterator(publisher.values.makeAsyncIterator())
    }

    func testEachWaitingCallGetsOneValueInOrder() async throws {
        let publisher = ManualPublisher<Int, TestError>()
        let iterator = makeIterator(publisher)
        let first = Task { try await iterator.next() }
        try await eventually("one request") { publisher.subscription.requests.count == 1 }
        let second = Task { try await iterator.next() }
        try await eventually("two requests") { publisher.subscription.requests.count == 2 }
        XCTAssertEqual(publisher.send(10), .none)
        XCTAssertEqual(publisher.send(20), .none)
        let values = [try await first.value, try await second.value]
        XCTAssertEqual(values, [10, 20])
        XCTAssertEqual(publisher.subscription.requests, [.max(1), .max(1)])
    }

    func testCancellingOneWaitingTaskEndsEveryWaitingCallAndCancelsOnce() async throws {
        let publisher = ManualPublisher<Int, TestError>()
        let iterator = makeIterator(publisher)
        let cancelled = Task { try await iterator.next() }
        let others = (0..<2).map { _ in Task { try await iterator.next() } }
        try await eventually("three requests") { publisher.subscription.requests.count == 3 }
        cancelled.cancel()
        let cancelledResult = try await cancelled.value
        XCTAssertNil(cancelledResult)
        for other in others {
            let result = try await other.value
            XCTAssertNil(result)
        }
        XCTAssertEqual(publisher.subscription.cancelCount, 1)
        let after = try await iterator.next()
        XCTAssertNil(after, "a cancelled sequence stays at its end")
        XCTAssertEqual(publisher.subscription.requests.count, 3, "no request after the end")
    }

    func testCallsMadeBeforeTheSubscriptionAreAskedForTogether() async throws {
        let publisher = ManualPublisher<Int, TestError>(subscribesAtOnce: false)
        let iterator = makeIterator(publisher)
        let waiting = (0..<3).map { _ in Task { try await iterator.next() } }
        // The tasks are waiting once a fourth, cancelled-free probe sees nothing requested yet;
        // give them a moment to reach `next()`.
        try await Task.sleep(nanoseconds: 20_000_000)
        publisher.sendSubscription()
        XCTAssertEqual(publisher.subscription.requests, [.max(3)])
        for value in [1, 2, 3] { XCTAssertEqual(publisher.send(value), .none) }
        var received: [Int] = []
        for task in waiting { if let value = try await task.value { received.append(value) } }
        XCTAssertEqual(received.sorted(), [1, 2, 3])
    }

    func testFinishingEndsEveryWaitingCallWithoutCancelling() async throws {
        let publisher = ManualPublisher<Int, TestError>()
        let iterator = makeIterator(publisher)
        let waiting = (0..<2).map { _ in Task { try await iterator.next() } }
        try await eventually("two requests") { publisher.subscription.requests.count == 2 }
        publisher.send(completion: .finished)
        publisher.send(completion: .finished)
        XCTAssertEqual(publisher.send(42), .none, "a value after the end is ignored")
        for task in waiting {
            let result = try await task.value
            XCTAssertNil(result)
        }
        XCTAssertEqual(publisher.subscription.cancelCount, 0)
    }

    func testAFailureGoesToTheOldestWaitingCallAndTheOthersEnd() async throws {
        let publisher = ManualPublisher<Int, TestError>()
        let iterator = makeIterator(publisher)
        let oldest = Task { try await iterator.next() }
        try await eventually("one request") { publisher.subscription.requests.count == 1 }
        let newer = Task { try await iterator.next() }
        try await eventually("two requests") { publisher.subscription.requests.count == 2 }
        publisher.send(completion: .failure(TestError("down")))
        do {
            _ = try await oldest.value
            XCTFail("the oldest call should throw")
        } catch let error as TestError {
            XCTAssertEqual(error, TestError("down"))
        }
        let newerResult = try await newer.value
        XCTAssertNil(newerResult)
        let later = try await iterator.next()
        XCTAssertNil(later, "the failure is thrown once")
    }

    func testAFailureNobodyWaitsForIsThrownByTheNextCallOnce() async throws {
        let publisher = ManualPublisher<Int, TestError>()
        let iterator = makeIterator(publisher)
        publisher.send(completion: .failure(TestError("early")))
        publisher.send(completion: .failure(TestError("again")))
        do {
            _ = try await iterator.next()
            XCTFail("the kept failure should be thrown")
        } catch let error as TestError {
            XCTAssertEqual(error, TestError("early"))
        }
        let next = try await iterator.next()
        XCTAssertNil(next)
        XCTAssertEqual(publisher.subscription.requests, [], "nothing is asked for after the end")
    }

    func testASecondSubscriptionIsCancelled() {
        let publisher = ManualPublisher<Int, TestError>()
        let iterator = publisher.values.makeAsyncIterator()
        let second = RecordingSubscription()
        publisher.sendSubscription(second)
        XCTAssertEqual(second.cancelCount, 1)
        XCTAssertEqual(publisher.subscription.cancelCount, 0)
        withExtendedLifetime(iterator) {}
    }

    func testCancellingBeforeTheSubscriptionCancelsItWhenItArrives() async throws {
        let publisher = ManualPublisher<Int, TestError>(subscribesAtOnce: false)
        let iterator = makeIterator(publisher)
        let waiting = Task { try await iterator.next() }
        try await Task.sleep(nanoseconds: 20_000_000)
        waiting.cancel()
        let result = try await waiting.value
        XCTAssertNil(result)
        publisher.sendSubscription()
        XCTAssertEqual(publisher.subscription.cancelCount, 1)
        XCTAssertEqual(publisher.subscription.requests, [])
    }

    func testAValueBeforeTheSubscriptionEndsTheWaitingCalls() async throws {
        let publisher = ManualPublisher<Int, Never>(subscribesAtOnce: false)
        let iterator = SharedIterator(publisher.values.makeAsyncIterator())
        let waiting = (0..<2).map { _ in Task { try await iterator.next() } }
        try await Task.sleep(nanoseconds: 20_000_000)
        XCTAssertEqual(publisher.send(42), .none)
        for task in waiting {
            let result = try await task.value
            XCTAssertNil(result)
        }
    }

    func testLeavingTheLoopEarlyCancelsTheSubscription() async {
        let publisher = ManualPublisher<Int, Never>()
        var iterator: AsyncPublisher<ManualPublisher<Int, Never>>.Iterator? = publisher.values.makeAsyncIterator()
        XCTAssertEqual(publisher.subscription.cancelCount, 0)
        iterator = nil
        XCTAssertNil(iterator)
        XCTAssertEqual(publisher.subscription.cancelCount, 1)
    }

    func testAThrowingFuturesValueThrowsCancellationWhenItsTaskIsCancelled() async {
        let future = Future<Int, TestError> { _ in }   // never resolves
        let task = Task { try await future.value }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected CancellationError")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    func testValuesIteratesAPublisher() async {
        var collected: [Int] = []
        for await value in [1, 2, 3].publisher.values {
            collected.append(value)
        }
        XCTAssertEqual(collected, [1, 2, 3])
    }

    func testThrowingValuesRethrowsTheFailure() async {
        var collected: [Int] = []
        do {
            for try await value in [1, 2].publisher.setFailureType(to: TestError.self).append(Fail(error: TestError(
                "end"))).values {
                collected.append(value)
            }
            XCTFail("expected the failure")
        } catch {
            XCTAssertEqual(error as? TestError, TestError("end"))
        }
        XCTAssertEqual(collected, [1, 2])
    }

    func testFutureValue() async throws {
        let future = Future<Int, Never> { promise in
            DispatchQueue.global().async { promise(.success(42)) }
        }
        let value = await future.value
        XCTAssertEqual(value, 42)
        let failing = Future<Int, TestError> { $0(.failure(TestError("no"))) }
        do {
            _ = try await failing.value
            XCTFail("expected the failure")
        } catch {
            XCTAssertEqual(error as? TestError, TestError("no"))
        }
    }

    func testValuesAskForOneAtATime() async {
        let subject = PassthroughSubject<Int, Never>()
        let requests = RecordingSubscription()
        let publisher = subject.handleEvents(receiveRequest: { requests.request($0) })
        var iterator = publisher.values.makeAsyncIterator()
        let task = Task { await iterator.next() }
        while requests.requests.isEmpty { await Task.yield() }
        subject.send(5)
        let first = await task.value
        XCTAssertEqual(first, 5)
        XCTAssertEqual(requests.requests, [.max(1)])
    }

    func testAsyncSequenceAsPublisherHonoursDemandAndFinishes() {
        let stream = AsyncStream<Int> { continuation in
            for value in 1...5 { continuation.yield(value) }
            continuation.finish()
        }
        let subscriber = RecordingSubscriber<Int, Error>(initialDemand: .max(2))
        stream.asyncPublisher.subscribe(subscriber)
        let deadline = Date().addingTimeInterval(5)
        while subscriber.values.count < 2, Date() < deadline { usleep(1000) }
        usleep(20_000)
        XCTAssertEqual(subscriber.values, [1, 2], "no more than the demand")
        subscriber.request(.unlimited)
        while subscriber.completion == nil, Date() < deadline { usleep(1000) }
        XCTAssertEqual(subscriber.values, [1, 2, 3, 4, 5])
        XCTAssertTrue(subscriber.isFinished)
    }

    func testCancellingTheAsyncSequencePublisherCancelsItsTask() {
        let cancelled = ManagedCounter()
        let stream = AsyncStream<Int> { continuation in
            continuation.onTermination = { _ in cancelled.increment() }
            continuation.yield(1)
        }
        let subscriber = RecordingSubscriber<Int, Error>(initialDemand: .max(1))
        stream.asyncPublisher.subscribe(subscriber)
        let deadline = Date().addingTimeInterval(5)
        while subscriber.values.isEmpty, Date() < deadline { usleep(1000) }
        subscriber.cancel()
        while cancelled.value == 0, Date() < deadline { usleep(1000) }
        XCTAssertEqual(cancelled.value, 1)
    }
}
