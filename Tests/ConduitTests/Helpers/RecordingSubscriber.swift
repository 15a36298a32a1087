import Conduit
import Foundation

/// One thing a `RecordingSubscriber` saw, in order.
enum RecordedEvent<Input, Failure: Error>: CustomStringConvertible {
    case subscription
    case value(Input)
    case completion(Subscribers.Completion<Failure>)

    var description: String {
        switch self {
        case .subscription: return "subscription"
        case .value(let value): return "value(\(value))"
        case .completion(.finished): return "finished"
        case .completion(.failure(let error)): return "failure(\(error))"
        }
    }
}

/// A subscriber for tests: records every event, starts with `initialDemand`, answers each value
/// with `demandPerValue` (or the closure's answer), and can request more or cancel later.
/// Thread-safe, so tests may send from many threads; it also flags overlapping deliveries.
final class RecordingSubscriber<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    private let lock = NSLock()
    private var _events: [RecordedEvent<Input, Failure>] = []
    private var _subscription: Subscription?
    private var delivering = false
    private(set) var overlappingDeliveries = 0
    let initialDemand: Subscribers.Demand
    var demandPerValue: Subscribers.Demand
    /// Called on each value before the demand is returned; may send, cancel or subscribe (re-entrancy tests).
    var onValue: ((Input) -> Void)?
    var onCompletion: ((Subscribers.Completion<Failure>) -> Void)?

    init(initialDemand: Subscribers.Demand = .unlimited, demandPerValue: Subscribers.Demand = .none) {
        self.initialDemand = initialDemand
        self.demandPerValue = demandPerValue
    }

    var events: [RecordedEvent<Input, Failure>] { lock.withLock { _events } }
    var subscription: Subscription? { lock.withLock { _subscription } }

    /// The values received, in order.
    var values: [Input] {
        events.compactMap { if case .value(let value) = $0 { return value } else { return nil } }
    }

    /// The completion received, if any.
    var completion: Subscribers.Completion<Failure>? {
        for event in events { if case .completion(let completion) = event { return completion } }
        return nil
    }

    var isFinished: Bool {
        if case .finished? = completion { return true }
        return false
    }

    /// The events as strings, e.g. ["subscription", "value(1)", "finished"].
    var eventDescriptions: [String] { events.map(\.description) }

    func receive(subscription: Subscription) {
        lock.withLock {
            _events.append(.subscription)
            _subscription = subscription
        }
        if initialDemand > 0 {
            subscription.request(initialDemand)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let overlapped: Bool = lock.withLock {
            _events.append(.value(input))
            let wasDelivering = delivering
            delivering = true
            return wasDelivering
        }
        onValue?(input)
        lock.withLock {
            if overlapped { overlappingDeliveries += 1 } else { delivering = false }
        }
        return demandPerValue
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock { _events.append(.completion(completion)) }
        onCompletion?(completion)
    }

    func request(_ demand: Subscribers.Demand) {
        subscription?.request(demand)
    }

    func cancel() {
        let subscription = lock.withLock { () -> Subscription? in
            defer { _subscription = nil }
            return _subscription
        }
        subscription?.cancel()
    }
}

/// A subscription for tests: records the demand requested and whether it was cancelled.
final class RecordingSubscription: Subscription, @unchecked Sendable {
    private let lock = NSLock()
    private var _requests: [Subscribers.Demand] = []
    private var _cancelCount = 0
    let combineIdentifier = CombineIdentifier()
    /// Runs after each cancel is recorded (set before the subscription is used).
    var onCancel: (() -> Void)?

    var requests: [Subscribers.Demand] { lock.withLock { _requests } }
    var totalDemand: Subscribers.Demand { requests.reduce(.none, +) }
    var cancelCount: Int { lock.withLock { _cancelCount } }
    var isCancelled: Bool { cancelCount > 0 }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { _requests.append(demand) }
    }

    func cancel() {
        lock.withLock { _cancelCount += 1 }
        onCancel?()
    }
}

/// A publisher for tests that hands its subscriber a `RecordingSubscription` and lets the test
/// push values and completions by hand, ignoring demand (to check what operators do with it).
final class ManualPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private let lock = NSLock()
    private var subscriber: AnySubscriber<Output, Failure>?
    private var _subscriberAsGiven: (any Subscriber)?
    let subscription = RecordingSubscription()
    private(set) var subscribeCount = 0
    /// Whether a subscriber gets `subscription` as it subscribes; if not, `sendSubscription` does it.
    private let subscribesAtOnce: Bool

    init(subscribesAtOnce: Bool = true) {
        self.subscribesAtOnce = subscribesAtOnce
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.withLock {
            self.subscriber = AnySubscriber(subscriber)
            _subscriberAsGiven = subscriber
            subscribeCount += 1
        }
        if subscribesAtOnce { subscriber.receive(subscription: subscription) }
    }

    /// The current subscriber as the operator gave it (not erased), for its identity and names.
    var subscriberAsGiven: (any Subscriber)? { lock.withLock { _subscriberAsGiven } }

    /// Hands the current subscriber a subscription (`subscription` unless another is given).
    func sendSubscription(_ other: Subscription? = nil) {
        let target = lock.withLock { subscriber }
        target?.receive(subscription: other ?? subscription)
    }

    /// Sends a value to the current subscriber; returns the demand it answered with.
    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand {
        let target = lock.withLock { subscriber }
        return target?.receive(value) ?? .none
    }

    func send(completion: Subscribers.Completion<Failure>) {
        let target = lock.withLock { subscriber }
        target?.receive(completion: completion)
    }
}

/// An error for tests.
struct TestError: Error, Equatable, CustomStringConvertible {
    let message: String
    init(_ message: String = "boom") { self.message = message }
    var description: String { message }
}
