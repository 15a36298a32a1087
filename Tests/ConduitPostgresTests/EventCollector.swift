#if Postgres
import Conduit
import ConduitPostgres
import Foundation

/// A subscriber that keeps every event of a channel, asks for `initialDemand`, and lets a test ask
/// for more later and wait until what it has received meets a condition.
final class EventCollector<Payload: Sendable>: Subscriber, @unchecked Sendable {
    typealias Input = ChannelEvent<Payload>
    typealias Failure = Never

    private let lock = NSLock()
    private var received: [ChannelEvent<Payload>] = []
    private var subscription: (any Subscription)?
    private let initialDemand: Subscribers.Demand

    init(initialDemand: Subscribers.Demand = .unlimited) {
        self.initialDemand = initialDemand
    }

    var events: [ChannelEvent<Payload>] {
        lock.withLock { received }
    }

    var values: [Payload] {
        events.compactMap(\.value)
    }

    func receive(subscription: any Subscription) {
        lock.withLock { self.subscription = subscription }
        if initialDemand > .none { subscription.request(initialDemand) }
    }

    func receive(_ input: ChannelEvent<Payload>) -> Subscribers.Demand {
        lock.withLock { received.append(input) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { subscription }?.request(demand)
    }

    func cancel() {
        lock.withLock { subscription }?.cancel()
    }

    /// Waits until `condition` holds for the events received, for at most `seconds` (a bound against a
    /// hang, not a measure of speed); returns whether it held.
    func wait(seconds: Double = 60, until condition: ([ChannelEvent<Payload>]) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(events) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(events)
    }
}

/// Waits until `condition` holds, for at most `seconds`; returns whether it held.
func eventually(seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
#endif
