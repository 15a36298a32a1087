// The back-pressure programs tutorials build by hand: a pausable subscriber that stops asking
// and resumes later, a timer publisher over a dispatch source that counts its demand, and a
// share-replay publisher with its own subscriptions. Swift 5 language mode.
import Conduit
import Foundation
import XCTest

// MARK: - A pausable subscriber

protocol Pausable {
    var paused: Bool { get }
    func resume()
}

final class PausableSubscriber<Input, Failure: Error>: Subscriber, Pausable, Cancellable {
    let combineIdentifier = CombineIdentifier()
    let receiveValue: (Input) -> Bool
    let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
    private var subscription: Subscription?
    var paused = false

    init(receiveValue: @escaping (Input) -> Bool,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void) {
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
    }

    func cancel() {
        subscription?.cancel()
        subscription = nil
    }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.max(1))
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        paused = receiveValue(input) == false
        return paused ? .none : .max(1)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        receiveCompletion(completion)
        subscription = nil
    }

    func resume() {
        guard paused else { return }
        paused = false
        subscription?.request(.max(1))
    }
}

extension Publisher {
    func pausableSink(
        receiveCompletion: @escaping ((Subscribers.Completion<Failure>) -> Void),
        receiveValue: @escaping ((Output) -> Bool)
    ) -> Pausable & Cancellable {
        let pausable = PausableSubscriber(receiveValue: receiveValue, receiveCompletion: receiveCompletion)
        self.subscribe(pausable)
        return pausable
    }
}

// MARK: - A timer publisher over a dispatch source

struct DispatchTimerConfiguration {
    let queue: DispatchQueue?
    let interval: DispatchTimeInterval
    let leeway: DispatchTimeInterval
    let times: Subscribers.Demand
}

extension Publishers {
    struct DispatchTimer: Publisher {
        typealias Output = DispatchTime
        typealias Failure = Never

        let configuration: DispatchTimerConfiguration

        init(configuration: DispatchTimerConfiguration) {
            self.configuration = configuration
        }

        func receive<S: Subscriber>(subscriber: S) where Failure == S.Failure, Output == S.Input {
            let subscription = DispatchTimerSubscription(subscriber: subscriber, configuration: configuration)
            subscriber.receive(subscription: subscription)
        }
    }

    static func timer(
        queue: DispatchQueue? = nil,
        interval: DispatchTimeInterval,
        leeway: DispatchTimeInterval = .nanoseconds(0),
        times: Subscribers.Demand = .unlimited
    ) -> Publishers.DispatchTimer {
        Publishers.DispatchTimer(configuration: .init(queue: queue, interval: interval, leeway: leeway, times: times))
    }
}

private final class DispatchTimerSubscription<S: Subscriber>: Subscription where S.Input == DispatchTime {
    let configuration: DispatchTimerConfiguration
    var times: Subscribers.Demand
    var requested: Subscribers.Demand = .none
    var source: DispatchSourceTimer?
    var subscriber: S?

    init(subscriber: S, configuration: DispatchTimerConfiguration) {
        self.configuration = configuration
        self.subscriber = subscriber
        self.times = configuration.times
    }

    func request(_ demand: Subscribers.Demand) {
        guard times > .none else {
            subscriber?.receive(completion: .finished)
            return
        }
        requested += demand
        if source == nil, requested > .none {
            let source = DispatchSource.makeTimerSource(queue: configuration.queue)
            source.schedule(deadline: .now() + configuration.interval, repeating: configuration.interval,
                leeway: configuration.leeway)
            source.setEventHandler { [weak self] in
                guard let self = self, self.requested > .none else { return }
                self.requested -= .max(1)
                self.times -= .max(1)
                _ = self.subscriber?.receive(.now())
                if self.times == .none {
                    self.subscriber?.receive(completion: .finished)
                }
            }
            self.source = source
            source.activate()
        }
    }

    func cancel() {
        source = nil
        subscriber = nil
    }
}

// MARK: - A share-replay publisher

private final class ShareReplaySubscription<Output, Failure: Error>: Subscription {
    let capacity: Int
    var subscriber: AnySubscriber<Output, Failure>?
    var demand: Subscribers.Demand = .none
    var buffer: [Output]
    var completion: Subscribers.Completion<Failure>?

    init<S>(subscriber: S, replay: [Output], capacity: Int, completion: Subscribers.Completion<Failure>?)
        where S: Subscriber, Failure == S.Failure, Output == S.Input {
        self.subscriber = AnySubscriber(subscriber)
        self.buffer = replay
        self.capacity = capacity
        self.completion = completion
    }

    private func complete(with completion: Subscribers.Completion<Failure>) {
        guard let subscriber = subscriber else { return }
        self.subscriber = nil
        self.completion = nil
        self.buffer.removeAll()
        subscriber.receive(completion: completion)
    }

    private func emitAsNeeded() {
        guard let subscriber = subscriber else { return }
        while self.demand > .none && !buffer.isEmpty {
            self.demand -= .max(1)
            let nextDemand = subscriber.receive(buffer.removeFirst())
            if nextDemand != .none {
                self.demand += nextDemand
            }
        }
        if let completion = completion {
            complete(with: completion)
        }
    }

    func request(_ demand: Subscribers.Demand) {
        if demand != .none {
            self.demand += demand
        }
        emitAsNeeded()
    }

    func cancel() {
        complete(with: .finished)
    }

    func receive(_ input: Output) {
        guard subscriber != nil else { return }
        buffer.append(input)
        if buffer.count > capacity {
            buffer.removeFirst()
        }
        emitAsNeeded()
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard let subscriber = subscriber else { return }
        self.subscriber = nil
        self.buffer.removeAll()
        subscriber.receive(completion: completion)
    }
}

extension Publishers {
    final class ShareReplay<Upstream: Publisher>: Publisher {
        typealias Output = Upstream.Output
        typealias Failure = Upstream.Failure

        private let lock = NSRecursiveLock()
        private let upstream: Upstream
        private let capacity: Int
        private var replay = [Output]()
        private var subscriptions = [ShareReplaySubscription<Output, Failure>]()
        private var completion: Subscribers.Completion<Failure>?

        init(upstream: Upstream, capacity: Int) {
            self.upstream = upstream
            self.capacity = capacity
        }

        private func relay(_ value: Output) {
            lock.lock()
            defer { lock.unlock() }
            guard completion == nil else { return }
            replay.append(value)
            if replay.count > capacity {
                replay.removeFirst()
            }
            subscriptions.forEach { $0.receive(value) }
        }

        private func complete(_ completion: Subscribers.Completion<Failure>) {
            lock.lock()
            defer { lock.unlock() }
            self.completion = completion
            subscriptions.forEach { $0.receive(completion: completion) }
        }

        func receive<S: Subscriber>(subscriber: S) where Failure == S.Failure, Output == S.Input {
            lock.lock()
            defer { lock.unlock() }
            let subscription = ShareReplaySubscription(
                subscriber: subscriber, replay: replay, capacity: capacity, completion: completion)
            subscriptions.append(subscription)
            subscriber.receive(subscription: subscription)
            guard subscriptions.count == 1 else { return }
            let sink = AnySubscriber(
                receiveSubscription: { subscription in
                    subscription.request(.unlimited)
                },
                receiveValue: { [weak self] (value: Output) -> Subscribers.Demand in
                    self?.relay(value)
                    return .none
                },
                receiveCompletion: { [weak self] in
                    self?.complete($0)
                }
            )
            upstream.subscribe(sink)
        }
    }
}

extension Publisher {
    func shareReplay(capacity: Int = .max) -> Publishers.ShareReplay<Self> {
        return Publishers.ShareReplay(upstream: self, capacity: capacity)
    }
}

final class BackPressureProgramsTests: XCTestCase {
    func testPausableSinkStopsAndResumes() {
        var log: [String] = []
        let subscription = [1, 2, 3, 4, 5, 6].publisher
            .pausableSink(receiveCompletion: { completion in
                log.append("Pausable subscription completed: \(completion)")
            }) { value -> Bool in
                log.append("Receive value: \(value)")
                if value % 2 == 1 {
                    log.append("Pausing")
                    return false
                }
                return true
            }
        XCTAssertEqual(log, ["Receive value: 1", "Pausing"])
        XCTAssertTrue(subscription.paused)
        var resumes = 0
        while subscription.paused {
            resumes += 1
            subscription.resume()
        }
        XCTAssertEqual(resumes, 3)
        XCTAssertEqual(log, [
            "Receive value: 1", "Pausing",
            "Receive value: 2", "Receive value: 3", "Pausing",
            "Receive value: 4", "Receive value: 5", "Pausing",
            "Receive value: 6", "Pausable subscription completed: finished",
        ])
    }

    func testPausableSinkOnASubjectDropsWhatComesWhilePaused() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let pausable = subject.pausableSink(receiveCompletion: { _ in }) { value in
            received.append(value)
            return value != 2
        }
        subject.send(1)
        subject.send(2)
        subject.send(3)
        XCTAssertEqual(received, [1, 2], "a subject drops values for a subscriber without demand")
        pausable.resume()
        subject.send(4)
        XCTAssertEqual(received, [1, 2, 4])
        pausable.cancel()
        subject.send(5)
        XCTAssertEqual(received, [1, 2, 4])
    }

    func testDispatchTimerPublisherCountsItsTimes() {
        let queue = DispatchQueue(label: "compat.dispatch-timer")
        var values: [DispatchTime] = []
        var finished = false
        let done = expectation(description: "three ticks and finished")
        let subscription = Publishers.timer(queue: queue, interval: .milliseconds(5), times: .max(3))
            .sink(receiveCompletion: { _ in
                finished = true
                done.fulfill()
            }, receiveValue: { values.append($0) })
        wait(for: [done], timeout: 5)
        queue.sync {}
        XCTAssertEqual(values.count, 3)
        XCTAssertTrue(finished)
        XCTAssertEqual(values, values.sorted())
        subscription.cancel()

        var limited: [DispatchTime] = []
        let two = expectation(description: "prefix(2) of an endless timer")
        let cancellable = Publishers.timer(queue: queue, interval: .milliseconds(5))
            .prefix(2)
            .sink(receiveCompletion: { _ in two.fulfill() }, receiveValue: { limited.append($0) })
        wait(for: [two], timeout: 5)
        XCTAssertEqual(limited.count, 2)
        cancellable.cancel()
    }

    func testShareReplayReplaysToLateSubscribers() {
        let subject = PassthroughSubject<Int, Never>()
        let publisher = subject.shareReplay(capacity: 2)
        var first: [Int] = []
        var second: [Int] = []
        var third: [String] = []
        var cancellables = Set<AnyCancellable>()
        subject.send(0)
        publisher.sink { first.append($0) }.store(in: &cancellables)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        publisher.sink { second.append($0) }.store(in: &cancellables)
        subject.send(4)
        subject.send(completion: .finished)
        publisher.sink(receiveCompletion: { third.append("\($0)") }, receiveValue: { third.append("\($0)") })
            .store(in: &cancellables)
        XCTAssertEqual(first, [1, 2, 3, 4])
        XCTAssertEqual(second, [2, 3, 4], "the last two, then live values")
        XCTAssertEqual(third, ["3", "4", "finished"], "after completion: the replay, then the completion")
    }
}
