// Many threads sending into subjects through operator chains while others subscribe, cancel
// and request: every subscriber sees each value at most once, in each sender's order, one call
// at a time, never beyond its demand, and at most one completion (exactly one when it was not
// cancelled).
import Conduit
import Foundation
import Synchronization
import XCTest

/// How a checker asks for values.
private enum DemandStyle: Sendable, CaseIterable {
    case unlimited          // requests .unlimited once
    case oneAtATime         // requests .max(1) and returns .max(1) from receive(_:)
    case requestedElsewhere // requests .max(1); other threads call request(.max(1))
}

/// A subscriber that records protocol violations instead of trusting the publisher.
private final class Checker: Subscriber, @unchecked Sendable {
    typealias Input = Stamp
    typealias Failure = Never

    let style: DemandStyle
    private let busy = Atomic<Bool>(false)
    private let lock = NSLock()
    private var stateStorage = State()
    private var state: Checker { self }
    private struct State {
        var subscription: Subscription?
        var last: [Int: Int] = [:]
        var values = 0
        var overlaps = 0
        var duplicatesOrReorders = 0
        var completions = 0
        var valuesAfterCompletion = 0
        var cancelled = false
        /// Demand given so far (requested plus returned from `receive`); Int.max once unlimited.
        var granted = 0
        var beyondDemand = 0

        mutating func grant(_ demand: Subscribers.Demand) {
            granted = demand.max.map { granted > Int.max - $0 ? Int.max : granted + $0 } ?? Int.max
        }
    }

    init(style: DemandStyle) { self.style = style }

    private func withLock<T>(_ body: (inout State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&stateStorage)
    }

    private func enter() {
        if !busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            state.withLock { $0.overlaps += 1 }
        }
    }

    private func leave() { busy.store(false, ordering: .releasing) }

    func receive(subscription: Subscription) {
        enter()
        let initial: Subscribers.Demand = style == .unlimited ? .unlimited : .max(1)
        state.withLock { s in
            s.subscription = subscription
            // Counted before it is requested: a value may arrive before request(_:) returns.
            s.grant(initial)
        }
        leave()
        subscription.request(initial)
    }

    func receive(_ input: Stamp) -> Subscribers.Demand {
        enter()
        state.withLock { s in
            if s.completions > 0 { s.valuesAfterCompletion += 1 }
            if let previous = s.last[input.sender], previous >= input.seq { s.duplicatesOrReorders += 1 }
            s.last[input.sender] = input.seq
            if s.values >= s.granted { s.beyondDemand += 1 }
            s.values += 1
            if style == .oneAtATime { s.grant(.max(1)) }
        }
        leave()
        return style == .oneAtATime ? .max(1) : .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        enter()
        state.withLock { $0.completions += 1 }
        leave()
    }

    func request(_ demand: Subscribers.Demand = .max(1)) {
        let subscription = state.withLock { s -> Subscription? in
            if s.subscription != nil { s.grant(demand) }
            return s.subscription
        }
        subscription?.request(demand)
    }

    func cancel() {
        let subscription = state.withLock { s -> Subscription? in
            s.cancelled = true
            return s.subscription
        }
        subscription?.cancel()
    }

    /// Cancelled, or its completion arrived (for asynchronous chains, which complete later).
    var settled: Bool {
        state.withLock { $0.cancelled || $0.completions > 0 }
    }

    struct Report {
        var values = 0, overlaps = 0, duplicatesOrReorders = 0, valuesAfterCompletion = 0
        var missingCompletion = 0, extraCompletions = 0, beyondDemand = 0
    }

    func add(to report: inout Report) {
        state.withLock { s in
            report.values += s.values
            report.overlaps += s.overlaps
            report.duplicatesOrReorders += s.duplicatesOrReorders
            report.valuesAfterCompletion += s.valuesAfterCompletion
            report.beyondDemand += s.beyondDemand
            if s.completions > 1 { report.extraCompletions += 1 }
            if !s.cancelled && s.completions == 0 { report.missingCompletion += 1 }
        }
    }
}

final class ConcurrentLoadTests: XCTestCase {
    private let senders = 8

    /// Runs `senders` threads calling `send(sender, seq)` and `churners` threads that subscribe new
    /// checkers to `chain`, request and cancel, then completes from several threads at once.
    private func hammer(
        chain: @escaping @Sendable () -> AnyPublisher<Stamp, Never>,
        send: @escaping @Sendable (Stamp) -> Void,
        finish: @escaping @Sendable () -> Void,
        perSender: Int = 150,
        valuesMayAllBeDropped: Bool = false,
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let checkers = Locked<[Checker]>([])
        let sendersLeft = Atomic<Int>(senders)
        let group = DispatchGroup()
        // Subscribers that are there from the start, one per demand style, never cancelled.
        for style in DemandStyle.allCases {
            let checker = Checker(style: style)
            chain().subscribe(checker)
            checkers.withLock { $0.append(checker) }
        }
        func spawn(_ body: @escaping @Sendable () -> Void) {
            group.enter()
            let thread = Thread {
                body()
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        for sender in 0..<senders {
            spawn {
                for seq in 0..<perSender { send(Stamp(sender: sender, seq: seq)) }
                sendersLeft.subtract(1, ordering: .releasing)
            }
        }
        for churner in 0..<4 {
            spawn {
                // A bounded number of rounds, spread over the time the senders run.
                for round in 1...20 {
                    if sendersLeft.load(ordering: .acquiring) == 0 { break }
                    let style = DemandStyle.allCases[(round + churner) % 3]
                    let checker = Checker(style: style)
                    chain().subscribe(checker)
                    checkers.withLock { $0.append(checker) }
                    let live = checkers.withLock { $0 }
                    for other in live.suffix(6) where other.style == .requestedElsewhere { other.request() }
                    if round % 3 == 0 { checker.cancel() }
                }
            }
        }
        group.wait()
        // The ones still waiting for demand get enough to drain, then completion races itself.
        for checker in checkers.withLock({ $0 }) where checker.style == .requestedElsewhere {
            checker.request(.unlimited)
        }
        let finishers = DispatchGroup()
        for _ in 0..<4 {
            finishers.enter()
            Thread { finish(); finishers.leave() }.start()
        }
        finishers.wait()
        // Chains that deliver on a queue complete a little later: wait (boundedly) for them.
        for _ in 0..<5_000 {
            if checkers.withLock({ $0 }).allSatisfy(\.settled) { break }
            usleep(1_000)
        }
        var report = Checker.Report()
        for checker in checkers.withLock({ $0 }) { checker.add(to: &report) }
        if !valuesMayAllBeDropped {
            XCTAssertGreaterThan(report.values, 0, file: file, line: line)
        }
        XCTAssertEqual(report.overlaps, 0, "overlapping calls into one subscriber", file: file, line: line)
        XCTAssertEqual(report.duplicatesOrReorders, 0, "a value seen twice or out of its sender's order", file: file,
            line: line)
        XCTAssertEqual(report.valuesAfterCompletion, 0, "a value after the completion", file: file, line: line)
        XCTAssertEqual(report.extraCompletions, 0, "more than one completion", file: file, line: line)
        XCTAssertEqual(report.beyondDemand, 0, "a value beyond the subscriber's demand", file: file, line: line)
        XCTAssertEqual(report.missingCompletion, 0, "a live subscriber missed the completion", file: file, line: line)
    }

    func testPassthroughSubjectThroughMapAndFilterUnderLoad() {
        let subject = PassthroughSubject<Stamp, Never>()
        hammer(
            chain: { subject.map { $0 }.filter { $0.seq >= 0 }.eraseToAnyPublisher() },
            send: { subject.send($0) },
            finish: { subject.send(completion: .finished) }
        )
    }

    func testCurrentValueSubjectThroughCompactMapUnderLoad() {
        let subject = CurrentValueSubject<Stamp, Never>(Stamp(sender: -1, seq: 0))
        hammer(
            chain: { subject.compactMap { $0 }.eraseToAnyPublisher() },
            send: { subject.send($0) },
            finish: { subject.send(completion: .finished) }
        )
    }

    func testMergeOfTwoSubjectsUnderLoad() {
        let even = PassthroughSubject<Stamp, Never>()
        let odd = PassthroughSubject<Stamp, Never>()
        hammer(
            chain: { even.merge(with: odd).eraseToAnyPublisher() },
            send: { $0.sender % 2 == 0 ? even.send($0) : odd.send($0) },
            finish: {
                even.send(completion: .finished)
                odd.send(completion: .finished)
            },
            perSender: 80
        )
    }

    func testFlatMapOfJustUnderLoad() {
        let subject = PassthroughSubject<Stamp, Never>()
        hammer(
            chain: { subject.flatMap { Just($0) }.eraseToAnyPublisher() },
            send: { subject.send($0) },
            finish: { subject.send(completion: .finished) },
            perSender: 60
        )
    }

    func testSharedChainUnderLoad() {
        let subject = PassthroughSubject<Stamp, Never>()
        let shared = subject.map { $0 }.share()
        hammer(
            chain: { shared.eraseToAnyPublisher() },
            send: { subject.send($0) },
            finish: { subject.send(completion: .finished) }
        )
    }

    func testRemoveDuplicatesAndScanUnderLoad() {
        let subject = PassthroughSubject<Stamp, Never>()
        hammer(
            chain: {
                subject
                    .removeDuplicates()
                    .scan(Stamp(sender: -1, seq: -1)) { _, next in next }
                    .eraseToAnyPublisher()
            },
            send: { subject.send($0) },
            finish: { subject.send(completion: .finished) }
        )
    }

    func testPromiseFulfilledFromManyThreadsDeliversOnce() {
        for _ in 0..<20 {
            let promiseBox = Locked<Future<Int, Never>.Promise?>(nil)
            let future = Future<Int, Never> { promise in promiseBox.withLock { $0 = promise } }
            let checker = Locked((values: [Int](), completions: 0))
            let cancellables = Locked([AnyCancellable]())
            DispatchQueue.concurrentPerform(iterations: 8) { i in
                if i % 2 == 0 {
                    let c = future.sink(
                        receiveCompletion: { _ in checker.withLock { $0.completions += 1 } },
                        receiveValue: { v in checker.withLock { $0.values.append(v) } }
                    )
                    cancellables.withLock { $0.append(c) }
                } else {
                    promiseBox.withLock { $0 }?(.success(i))
                }
            }
            let result = checker.withLock { $0 }
            XCTAssertEqual(result.values.count, 4)
            XCTAssertEqual(Set(result.values).count, 1, "every subscriber sees the one value")
            XCTAssertEqual(result.completions, 4)
        }
    }

    func testCancellingOneAnyCancellableFromManyThreadsRunsItsClosureOnce() {
        for _ in 0..<50 {
            let runs = Atomic<Int>(0)
            let cancellable = AnyCancellable { runs.add(1, ordering: .relaxed) }
            DispatchQueue.concurrentPerform(iterations: 8) { _ in cancellable.cancel() }
            XCTAssertEqual(runs.load(ordering: .relaxed), 1)
        }
    }

    func testZipOfTwoSubjectsUnderLoad() {
        let left = PassthroughSubject<Stamp, Never>()
        let right = PassthroughSubject<Stamp, Never>()
        hammer(
            chain: { left.zip(right).map { $0.0 }.eraseToAnyPublisher() },
            send: { $0.sender % 2 == 0 ? left.send($0) : right.send($0) },
            finish: {
                left.send(completion: .finished)
                right.send(completion: .finished)
            },
            perSender: 80
        )
    }

    func testManyThreadsRequestingFromOneSequenceSubscription() {
        for _ in 0..<5 {
            let checker = Checker(style: .requestedElsewhere)
            let count = 2_000
            (0..<count).publisher.map { Stamp(sender: 0, seq: $0) }.subscribe(checker)
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                for _ in 0..<(count / 8) { checker.request() }
            }
            var report = Checker.Report()
            checker.add(to: &report)
            XCTAssertEqual(report.values, count, "every element once: 1 at subscription, then 1 per request")
            XCTAssertEqual(report.overlaps, 0)
            XCTAssertEqual(report.duplicatesOrReorders, 0)
            XCTAssertEqual(report.extraCompletions, 0)
            XCTAssertEqual(report.missingCompletion, 0)
            XCTAssertEqual(report.beyondDemand, 0)
        }
    }

    func testCombineLatestOfTwoSubjectsUnderLoad() {
        // The second subject keeps its first value, so every output is a new value of the first
        // and each sender's order can be checked.
        let values = PassthroughSubject<Stamp, Never>()
        let setting = CurrentValueSubject<Int, Never>(0)
        hammer(
            chain: { values.combineLatest(setting).map { $0.0 }.eraseToAnyPublisher() },
            send: { values.send($0) },
            finish: {
                values.send(completion: .finished)
                setting.send(completion: .finished)
            },
            perSender: 80
        )
    }

    func testSwitchToLatestOfJustUnderLoad() {
        let subject = PassthroughSubject<Stamp, Never>()
        hammer(
            chain: { subject.map { Just($0) }.switchToLatest().eraseToAnyPublisher() },
            send: { subject.send($0) },
            finish: { subject.send(completion: .finished) },
            perSender: 60
        )
    }

    func testBufferUnderLoad() {
        let subject = PassthroughSubject<Stamp, Never>()
        hammer(
            chain: {
                subject.buffer(size: 16, prefetch: .byRequest, whenFull: .dropOldest).eraseToAnyPublisher()
            },
            send: { subject.send($0) },
            finish: { subject.send(completion: .finished) }
        )
    }

    func testPrefixAndFirstUnderLoad() {
        // Subscribers end on their own (after 40 values, or the first) while senders go on.
        let subject = PassthroughSubject<Stamp, Never>()
        let round = Atomic<Int>(0)
        hammer(
            chain: {
                round.add(1, ordering: .relaxed).newValue % 2 == 0
                    ? subject.prefix(40).eraseToAnyPublisher()
                    : subject.first().eraseToAnyPublisher()
            },
            send: { subject.send($0) },
            finish: { subject.send(completion: .finished) }
        )
    }

    func testPublishedPropertyWrittenFromManyThreads() {
        final class Model: ObservableObject, @unchecked Sendable {
            @Published var value = 0
        }
        let model = Model()
        let changes = Atomic<Int>(0)
        let seen = Locked([Int]())
        let c1 = model.objectWillChange.sink { changes.add(1, ordering: .relaxed) }
        let c2 = model.$value.dropFirst().sink { v in seen.withLock { $0.append(v) } }
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            for j in 0..<100 {
                // Writes are serialised by the caller, as a @Published property needs.
                lock.withLock { model.value = i * 1000 + j }
            }
        }
        XCTAssertEqual(changes.load(ordering: .relaxed), 800)
        XCTAssertEqual(seen.withLock { $0.count }, 800)
        XCTAssertEqual(Set(seen.withLock { $0 }).count, 800)
        c1.cancel()
        c2.cancel()
    }

    func testReceiveOnASerialQueueUnderLoad() {
        let subject = PassthroughSubject<Stamp, Never>()
        let queue = DispatchQueue(label: "compat.load.receive")
        hammer(
            chain: { subject.receive(on: queue).eraseToAnyPublisher() },
            send: { subject.send($0) },
            finish: { subject.send(completion: .finished) },
            perSender: 80
        )
    }

    func testDebounceOnAQueueUnderLoad() {
        let subject = PassthroughSubject<Stamp, Never>()
        let queue = DispatchQueue(label: "compat.load.debounce")
        hammer(
            chain: { subject.debounce(for: .microseconds(50), scheduler: queue).eraseToAnyPublisher() },
            send: { subject.send($0) },
            finish: { subject.send(completion: .finished) },
            perSender: 80,
            // Senders that never pause for 50µs leave debounce nothing to send, and a debounced
            // value still pending at completion is dropped, as in Combine.
            valuesMayAllBeDropped: true
        )
    }
}
