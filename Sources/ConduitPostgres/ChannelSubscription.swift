#if Postgres
import Conduit
import DequeModule
import Foundation

/// One subscriber to a channel: it hands events on as the subscriber's demand allows, keeps the rest
/// in a bounded buffer (`ChannelBuffer`), counts what the buffer drops, and never calls the subscriber
/// from two threads at once.
///
/// The common case, an event arriving while the subscriber has demand and nothing waits, goes
/// straight to the subscriber without touching the buffer. The fields are guarded by `lock` directly
/// (not through a generic closure): this class runs unspecialised, and a closure returning generic
/// values made every notification look up generic metadata.
final class ChannelSubscription<Payload: Sendable, Downstream: Subscriber>: Subscription, ChannelHub.Listener,
    @unchecked Sendable
where Downstream.Input == ChannelEvent<Payload>, Downstream.Failure == Never {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var waiting = Deque<Downstream.Input>()
    /// Whether a thread is calling the subscriber now (the others leave their events in `waiting`).
    private var delivering = false

    private let hub: ChannelHub
    private let buffer: ChannelBuffer
    private let decode: @Sendable (String) -> Downstream.Input

    init(
        downstream: Downstream, hub: ChannelHub, buffer: ChannelBuffer,
        decode: @escaping @Sendable (String) -> Downstream.Input
    ) {
        self.hub = hub
        self.buffer = buffer
        self.decode = decode
        self.downstream = downstream
    }

    var buffered: Int {
        lock.lock()
        defer { lock.unlock() }
        return waiting.count
    }

    func receive(payload: String) {
        enqueue(decode(payload))
    }

    func receive(gap: NotificationGap) {
        enqueue(.gap(gap))
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        lock.lock()
        guard downstream != nil else { return lock.unlock() }
        self.demand += demand
        let drain = !delivering && !waiting.isEmpty
        lock.unlock()
        if drain { self.drain() }
    }

    func cancel() {
        hub.remove(self)
        lock.lock()
        downstream = nil
        waiting.removeAll()
        lock.unlock()
    }

    /// Hands `event` straight on when the subscriber has demand and nothing waits; otherwise buffers
    /// it (dropping per the policy when full) and delivers what demand allows.
    private func enqueue(_ event: Downstream.Input) {
        lock.lock()
        guard let downstream else { return lock.unlock() }
        if !delivering, demand > .none, waiting.isEmpty {
            delivering = true
            demand -= 1
            lock.unlock()
            deliver(event, to: downstream)
            return
        }
        var droppedOne = false
        if waiting.count >= buffer.capacity && !event.isGap {
            droppedOne = true
            if buffer.policy == .dropOldest, let oldest = waiting.firstIndex(where: { !$0.isGap }) {
                waiting.remove(at: oldest)
                waiting.append(event)
            }
        } else {
            waiting.append(event)
        }
        let drain = !delivering && demand > .none
        lock.unlock()
        if droppedOne { hub.countDrop() }
        if drain { self.drain() }
    }

    /// Calls the subscriber with `event` (the caller has set `delivering`), then goes on with what
    /// waits if demand allows.
    private func deliver(_ event: Downstream.Input, to downstream: Downstream) {
        let more = downstream.receive(event)
        lock.lock()
        delivering = false
        demand += more
        let drain = demand > .none && !waiting.isEmpty
        lock.unlock()
        if drain { self.drain() }
    }

    /// Hands waiting events to the downstream while it has demand; only one thread delivers at a time.
    private func drain() {
        while true {
            lock.lock()
            guard !delivering, demand > .none, let downstream, let event = waiting.popFirst() else {
                return lock.unlock()
            }
            delivering = true
            demand -= 1
            lock.unlock()
            let more = downstream.receive(event)
            lock.lock()
            delivering = false
            demand += more
            lock.unlock()
        }
    }
}
#endif
