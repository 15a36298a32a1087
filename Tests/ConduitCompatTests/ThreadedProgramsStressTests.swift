// Programs that use Combine from many threads at once, the way apps do by accident or on
// purpose: state read while it is written, a shared chain joined and left from several threads,
// @Published written without a lock, promises racing, receive(on:) a concurrent queue, and
// cancellation racing completion. Each asserts counts and orders, never timing.
import Conduit
import Dispatch
import Foundation
import Synchronization
import XCTest

/// Records what one subscriber saw and the contract violations: overlapping calls, a sender's
/// values out of order, values after the completion, more than one completion.
private final class OrderRecorder: @unchecked Sendable {
    private let busy = Atomic<Bool>(false)
    private let state = Locked((last: [Int: Int](), values: 0, overlaps: 0, reorders: 0, afterCompletion: 0,
        completions: 0))
    private let done = DispatchSemaphore(value: 0)

    func value(_ stamp: Stamp) {
        let entered = busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
        state.withLock { s in
            if !entered { s.overlaps += 1 }
            if s.completions > 0 { s.afterCompletion += 1 }
            if let previous = s.last[stamp.sender], previous >= stamp.seq { s.reorders += 1 }
            s.last[stamp.sender] = stamp.seq
            s.values += 1
        }
        if entered { busy.store(false, ordering: .releasing) }
    }

    func completion() {
        state.withLock { $0.completions += 1 }
        done.signal()
    }

    func waitForCompletion(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "no completion", file: file, line: line)
    }

    var values: Int { state.snapshot.values }

    func assertClean(values expected: Int? = nil, completions: Int = 1, file: StaticString = #filePath,
        line: UInt = #line) {
        let s = state.snapshot
        if let expected { XCTAssertEqual(s.values, expected, "values", file: file, line: line) }
        XCTAssertEqual(s.overlaps, 0, "overlapping calls into one subscriber", file: file, line: line)
        XCTAssertEqual(s.reorders, 0, "a sender's values out of order or twice", file: file, line: line)
        XCTAssertEqual(s.afterCompletion, 0, "values after the completion", file: file, line: line)
        XCTAssertEqual(s.completions, completions, "completions", file: file, line: line)
    }
}

/// Runs `count` closures on their own threads and waits for all of them.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            body(index)
            group.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    group.wait()
}

final class ThreadedProgramsStressTests: XCTestCase {
    func testReceiveOnAConcurrentQueueDeliversInOrderOneAtATime() {
        let subject = PassthroughSubject<Stamp, Never>()
        let queue = DispatchQueue(label: "compat.stress.concurrent", attributes: .concurrent)
        let recorder = OrderRecorder()
        let c = subject
            .receive(on: queue)
            .sink(receiveCompletion: { _ in recorder.completion() }, receiveValue: { recorder.value($0) })
        onThreads(4) { sender in
            for seq in 0..<500 { subject.send(Stamp(sender: sender, seq: seq)) }
        }
        subject.send(completion: .finished)
        recorder.waitForCompletion()
        recorder.assertClean(values: 2_000)
        c.cancel()
    }

    func testReceiveOnTheGlobalQueueFromOneSenderKeepsItsOrder() {
        let recorder = OrderRecorder()
        let c = (0..<3_000).publisher
            .map { Stamp(sender: 0, seq: $0) }
            .receive(on: DispatchQueue.global(qos: .userInitiated))
            .sink(receiveCompletion: { _ in recorder.completion() }, receiveValue: { recorder.value($0) })
        recorder.waitForCompletion()
        recorder.assertClean(values: 3_000)
        c.cancel()
    }

    func testDelayOnAConcurrentQueueKeepsOrder() {
        let subject = PassthroughSubject<Stamp, Never>()
        let queue = DispatchQueue(label: "compat.stress.delay", attributes: .concurrent)
        let recorder = OrderRecorder()
        let c = subject
            .delay(for: .microseconds(100), scheduler: queue)
            .sink(receiveCompletion: { _ in recorder.completion() }, receiveValue: { recorder.value($0) })
        onThreads(4) { sender in
            for seq in 0..<250 { subject.send(Stamp(sender: sender, seq: seq)) }
        }
        subject.send(completion: .finished)
        recorder.waitForCompletion()
        recorder.assertClean(values: 1_000)
        c.cancel()
    }

    func testDebounceAndThrottleOnAConcurrentQueue() {
        for round in 0..<20 {
            let subject = PassthroughSubject<Stamp, Never>()
            let queue = DispatchQueue(label: "compat.stress.rate", attributes: .concurrent)
            let debounced = OrderRecorder()
            let throttled = OrderRecorder()
            let a = subject
                .debounce(for: .microseconds(20), scheduler: queue)
                .sink(receiveCompletion: { _ in debounced.completion() }, receiveValue: { debounced.value($0) })
            let b = subject
                .throttle(for: .microseconds(20), scheduler: queue, latest: round % 2 == 0)
                .sink(receiveCompletion: { _ in throttled.completion() }, receiveValue: { throttled.value($0) })
            onThreads(2) { sender in
                for seq in 0..<200 {
                    subject.send(Stamp(sender: sender, seq: seq))
                    if seq % 20 == 0 { usleep(30) }
                }
            }
            subject.send(completion: .finished)
            debounced.waitForCompletion()
            throttled.waitForCompletion()
            queue.sync(flags: .barrier) {}
            debounced.assertClean()
            throttled.assertClean()
            a.cancel()
            b.cancel()
        }
    }

    func testTimeoutAndCollectByTimeOrCountFedFromManyThreads() {
        for round in 0..<10 {
            let subject = PassthroughSubject<Stamp, Never>()
            let queue = round.isMultiple(of: 2)
                ? DispatchQueue(label: "compat.stress.timers")
                : DispatchQueue(label: "compat.stress.timers", attributes: .concurrent)
            let timed = OrderRecorder()
            let batches = OrderRecorder()
            let batchedValues = Atomic<Int>(0)
            let a = subject
                // Long enough never to fire while the senders run, even descheduled on a loaded
                // machine: each value still restarts its timer.
                .timeout(.seconds(60), scheduler: queue)
                .sink(receiveCompletion: { _ in timed.completion() }, receiveValue: { timed.value($0) })
            let b = subject
                .collect(.byTimeOrCount(queue, .microseconds(50), 7))
                .sink(receiveCompletion: { _ in batches.completion() }, receiveValue: { batch in
                    batchedValues.add(batch.count, ordering: .relaxed)
                    for stamp in batch { batches.value(stamp) }
                })
            onThreads(3) { sender in
                for seq in 0..<300 {
                    subject.send(Stamp(sender: sender, seq: seq))
                    if seq % 50 == 0 { usleep(100) }
                }
            }
            subject.send(completion: .finished)
            timed.waitForCompletion()
            batches.waitForCompletion()
            queue.sync(flags: .barrier) {}
            timed.assertClean(values: 900)
            batches.assertClean(values: 900)
            XCTAssertEqual(batchedValues.load(ordering: .relaxed), 900)
            a.cancel()
            b.cancel()
        }
    }

    func testCurrentValueSubjectSentFromManyThreadsWhileReadAndJoined() {
        let subject = CurrentValueSubject<Stamp, Never>(Stamp(sender: -1, seq: 0))
        let first = OrderRecorder()
        let keep = Locked([AnyCancellable]())
        keep.withLock {
            $0.append(subject.sink(receiveCompletion: { _ in first.completion() }, receiveValue: { first.value($0) }))
        }
        let late = Locked([OrderRecorder]())
        let readerViolations = Atomic<Int>(0)
        let sendersLeft = Atomic<Int>(4)
        onThreads(7) { index in
            switch index {
            case 0..<4:
                for seq in 0..<400 { subject.send(Stamp(sender: index, seq: seq)) }
                sendersLeft.subtract(1, ordering: .releasing)
            case 4, 5:
                // Readers: a sender's numbers read from `value` never go backwards.
                var seen: [Int: Int] = [:]
                while sendersLeft.load(ordering: .acquiring) > 0 {
                    let stamp = subject.value
                    if let previous = seen[stamp.sender], previous > stamp.seq {
                        readerViolations.add(1, ordering: .relaxed)
                    }
                    seen[stamp.sender] = stamp.seq
                }
            default:
                // Subscribers joining while values fly: the current value first, then only newer ones.
                for _ in 0..<40 {
                    let recorder = OrderRecorder()
                    let c = subject.sink(receiveCompletion: { _ in recorder.completion() },
                        receiveValue: { recorder.value($0) })
                    keep.withLock { $0.append(c) }
                    late.withLock { $0.append(recorder) }
                }
            }
        }
        subject.send(completion: .finished)
        first.assertClean(values: 1 + 1_600)
        XCTAssertEqual(readerViolations.load(ordering: .relaxed), 0)
        XCTAssertEqual(subject.value.seq, 399, "the last value sent is the current value")
        for recorder in late.snapshot {
            recorder.assertClean()
            XCTAssertGreaterThan(recorder.values, 0, "a new subscriber gets the current value at once")
        }
    }

    func testSharedChainJoinedAndLeftFromManyThreads() {
        let subject = PassthroughSubject<Stamp, Never>()
        let upstreamSubscriptions = Atomic<Int>(0)
        let upstreamCancels = Atomic<Int>(0)
        let upstreamCompletions = Atomic<Int>(0)
        let shared = subject
            .handleEvents(
                receiveSubscription: { _ in upstreamSubscriptions.add(1, ordering: .relaxed) },
                receiveCompletion: { _ in upstreamCompletions.add(1, ordering: .relaxed) },
                receiveCancel: { upstreamCancels.add(1, ordering: .relaxed) }
            )
            .map { $0 }
            .share()
        let stayer = OrderRecorder()
        let stay = shared.sink(receiveCompletion: { _ in stayer.completion() }, receiveValue: { stayer.value($0) })
        let churned = Locked([OrderRecorder]())
        let sendersLeft = Atomic<Int>(3)
        onThreads(6) { index in
            if index < 3 {
                for seq in 0..<400 { subject.send(Stamp(sender: index, seq: seq)) }
                sendersLeft.subtract(1, ordering: .releasing)
            } else {
                for round in 0..<60 where sendersLeft.load(ordering: .acquiring) > 0 {
                    let recorder = OrderRecorder()
                    let c = shared.sink(receiveCompletion: { _ in recorder.completion() },
                        receiveValue: { recorder.value($0) })
                    churned.withLock { $0.append(recorder) }
                    if round % 2 == 0 { c.cancel() } else { usleep(50); c.cancel() }
                }
            }
        }
        XCTAssertEqual(upstreamSubscriptions.load(ordering: .relaxed), 1, "one upstream while someone stays")
        stay.cancel()
        XCTAssertEqual(upstreamCancels.load(ordering: .relaxed), 1, "the last one out cancels the upstream")
        stayer.assertClean(values: 1_200, completions: 0)
        for recorder in churned.snapshot { recorder.assertClean(completions: 0) }
        subject.send(completion: .finished)
        XCTAssertEqual(upstreamCompletions.load(ordering: .relaxed), 0, "nobody is subscribed any more")
    }

    func testPublishedWrittenFromManyThreadsWithoutALock() {
        final class Model: ObservableObject, @unchecked Sendable {
            @Published var reading = 0
        }
        let model = Model()
        let recorder = OrderRecorder()
        let willChange = Atomic<Int>(0)
        let a = model.$reading.dropFirst().sink { value in recorder.value(Stamp(sender: value / 1_000,
            seq: value % 1_000)) }
        let b = model.objectWillChange.sink { willChange.add(1, ordering: .relaxed) }
        onThreads(6) { thread in
            for j in 0..<300 { model.reading = thread * 1_000 + j }
        }
        recorder.assertClean(values: 1_800, completions: 0)
        XCTAssertEqual(willChange.load(ordering: .relaxed), 1_800)
        a.cancel()
        b.cancel()
    }

    func testFuturePromisesRacingSubscribersAndCancels() {
        for _ in 0..<30 {
            let promise = Locked<Future<Int, Never>.Promise?>(nil)
            let future = Future<Int, Never> { fulfil in promise.withLock { $0 = fulfil } }
            let results = Locked((values: [Int](), completions: 0, cancelledValues: 0))
            let kept = Locked([AnyCancellable]())
            onThreads(8) { index in
                switch index % 4 {
                case 0:
                    promise.snapshot?(.success(index))
                case 1:
                    let c = future.sink(
                        receiveCompletion: { _ in results.withLock { $0.completions += 1 } },
                        receiveValue: { value in results.withLock { $0.values.append(value) } }
                    )
                    kept.withLock { $0.append(c) }
                case 2:
                    let c = future.map { $0 * 2 }.sink { _ in results.withLock { $0.cancelledValues += 1 } }
                    c.cancel()
                default:
                    let c = future.receive(on: DispatchQueue.global()).sink(
                        receiveCompletion: { _ in results.withLock { $0.completions += 1 } },
                        receiveValue: { value in results.withLock { $0.values.append(value) } }
                    )
                    kept.withLock { $0.append(c) }
                }
            }
            for _ in 0..<2_000 where results.snapshot.completions < 4 { usleep(500) }
            let r = results.snapshot
            XCTAssertEqual(r.values.count, 4, "every live subscriber gets the value once")
            XCTAssertEqual(Set(r.values).count, 1, "and it is the same value: the first promise call wins")
            XCTAssertEqual(r.completions, 4)
            XCTAssertLessThanOrEqual(r.cancelledValues, 2)
            kept.withLock { $0.removeAll() }
        }
    }

    func testCancellationRacingCompletionAndValues() {
        for round in 0..<200 {
            let subject = PassthroughSubject<Int, Never>()
            let queue = DispatchQueue(label: "compat.stress.cancel")
            let counts = Locked((direct: 0, directValues: 0, queued: 0, queuedValues: 0))
            let direct = subject.sink(receiveCompletion: { _ in counts.withLock { $0.direct += 1 } },
                                      receiveValue: { _ in counts.withLock { $0.directValues += 1 } })
            let queued = subject.receive(on: queue).sink(
                receiveCompletion: { _ in counts.withLock { $0.queued += 1 } },
                receiveValue: { _ in counts.withLock { $0.queuedValues += 1 } }
            )
            onThreads(3) { index in
                switch index {
                case 0:
                    subject.send(1)
                    subject.send(completion: .finished)
                case 1:
                    direct.cancel()
                default:
                    if round % 2 == 0 { queued.cancel() } else { subject.send(2) }
                }
            }
            queued.cancel()
            queue.sync {}
            let settled = counts.snapshot
            subject.send(3)
            queue.sync {}
            let after = counts.snapshot
            XCTAssertLessThanOrEqual(settled.direct, 1)
            XCTAssertLessThanOrEqual(settled.queued, 1)
            XCTAssertLessThanOrEqual(settled.directValues, 2)
            XCTAssertLessThanOrEqual(settled.queuedValues, 2)
            XCTAssertEqual(after.directValues, settled.directValues, "nothing after cancel or completion")
            XCTAssertEqual(after.queuedValues, settled.queuedValues, "nothing after cancel or completion")
        }
    }

    func testObservableObjectsMadeAndDroppedOnManyThreads() {
        final class Counter: ObservableObject, @unchecked Sendable {
            @Published var count = 0
        }
        let wrong = Atomic<Int>(0)
        onThreads(6) { _ in
            for _ in 0..<150 {
                let counter = Counter()
                var changes = 0
                let c = counter.objectWillChange.sink { changes += 1 }
                counter.count += 1
                counter.count += 1
                c.cancel()
                counter.count += 1
                if changes != 2 { wrong.add(1, ordering: .relaxed) }
            }
        }
        XCTAssertEqual(wrong.load(ordering: .relaxed), 0, "each object's objectWillChange is its own")
    }

    func testSwitchToLatestAndMergeManyFedFromManyThreads() {
        let requests = PassthroughSubject<AnyPublisher<Stamp, Never>, Never>()
        let latest = OrderRecorder()
        let a = requests.switchToLatest().sink(receiveCompletion: { _ in latest.completion() },
            receiveValue: { latest.value($0) })
        let subjects = (0..<4).map { _ in PassthroughSubject<Stamp, Never>() }
        let merged = OrderRecorder()
        let b = Publishers.MergeMany(subjects).sink(receiveCompletion: { _ in merged.completion() },
            receiveValue: { merged.value($0) })
        onThreads(4) { sender in
            for seq in 0..<300 {
                requests.send(Just(Stamp(sender: sender, seq: seq)).eraseToAnyPublisher())
                subjects[sender].send(Stamp(sender: sender, seq: seq))
            }
            subjects[sender].send(completion: .finished)
        }
        requests.send(completion: .finished)
        latest.assertClean(values: 1_200)
        merged.assertClean(values: 1_200)
        a.cancel()
        b.cancel()
    }

    func testCancelFromAnotherThreadStopsDeliveryWhenItReturns() {
        for round in 0..<40 {
            let subject = PassthroughSubject<Int, Never>()
            let received = Locked(0)
            var cancellable: AnyCancellable? = subject
                .map { $0 + 1 }
                .filter { $0 > 0 }
                .sink { _ in received.withLock { $0 += 1 } }
            let stop = Atomic<Bool>(false)
            let sender = Thread {
                var value = 0
                while !stop.load(ordering: .acquiring) {
                    subject.send(value)
                    value += 1
                }
            }
            sender.start()
            while received.snapshot < 20 + round { usleep(10) }
            if round % 2 == 0 {
                cancellable?.cancel()
            } else {
                cancellable = nil
            }
            let atCancel = received.snapshot
            usleep(200)
            stop.store(true, ordering: .releasing)
            while !sender.isFinished { usleep(10) }
            XCTAssertEqual(received.snapshot, atCancel, "no value once cancel has returned")
            cancellable = nil
        }
    }

    func testObjectWillChangeReachedFirstFromManyThreadsIsOnePublisher() {
        final class Model: ObservableObject, @unchecked Sendable {
            @Published var count = 0
        }
        for _ in 0..<50 {
            let model = Model()
            let publishers = Locked([ObjectIdentifier]())
            let heard = Atomic<Int>(0)
            let cancellables = Locked([AnyCancellable]())
            DispatchQueue.concurrentPerform(iterations: 6) { _ in
                let publisher = model.objectWillChange
                publishers.withLock { $0.append(ObjectIdentifier(publisher)) }
                let c = publisher.sink { heard.add(1, ordering: .relaxed) }
                cancellables.withLock { $0.append(c) }
            }
            model.count += 1
            XCTAssertEqual(Set(publishers.snapshot).count, 1, "every access returns the same publisher")
            XCTAssertEqual(heard.load(ordering: .relaxed), 6, "and the change reaches every subscriber")
        }
    }

    func testRetryOfAsynchronousFuturesAndCatchFromManySubscribersAtOnce() {
        struct Flaky: Error {}
        let attempts = Atomic<Int>(0)
        let results = Locked((values: [Int](), completions: 0))
        let done = DispatchGroup()
        let cancellables = Locked([AnyCancellable]())
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            done.enter()
            let tries = Atomic<Int>(0)
            let c = Deferred {
                Future<Int, Flaky> { promise in
                    attempts.add(1, ordering: .relaxed)
                    let attempt = tries.add(1, ordering: .relaxed).newValue
                    DispatchQueue.global().async {
                        promise(attempt < 3 ? .failure(Flaky()) : .success(index))
                    }
                }
            }
            .retry(index.isMultiple(of: 2) ? 5 : 1)
            .catch { _ in Just(-1) }
            .receive(on: DispatchQueue.global())
            .sink(receiveCompletion: { _ in
                results.withLock { $0.completions += 1 }
                done.leave()
            }, receiveValue: { value in results.withLock { $0.values.append(value) } })
            cancellables.withLock { $0.append(c) }
        }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        let r = results.snapshot
        XCTAssertEqual(r.completions, 8)
        XCTAssertEqual(r.values.sorted(), [-1, -1, -1, -1, 0, 2, 4, 6],
            "even ones succeed on the third try, odd ones give up after two")
        XCTAssertEqual(attempts.load(ordering: .relaxed), 4 * 3 + 4 * 2)
    }

    func testValuesOfOnePublisherIteratedByManyTasks() async {
        let numbers = (0..<500).publisher.map { $0 * 2 }.eraseToAnyPublisher()
        let sums = await withTaskGroup(of: (Int, Bool).self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var sum = 0
                    var previous = -1
                    var ordered = true
                    for await value in numbers.values {
                        if value <= previous { ordered = false }
                        previous = value
                        sum += value
                    }
                    return (sum, ordered)
                }
            }
            var all: [(Int, Bool)] = []
            for await result in group { all.append(result) }
            return all
        }
        XCTAssertEqual(sums.count, 8)
        for (sum, ordered) in sums {
            XCTAssertEqual(sum, 249_500)
            XCTAssertTrue(ordered)
        }
    }
}
