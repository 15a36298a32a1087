#if Postgres
import Conduit
import DequeModule

/// One subscriber to a channel: it hands events on as the subscriber's demand allows, keeps the rest
/// in a bounded buffer (`ChannelBuffer`), counts what the buffer drops, and never calls the subscriber
/// from two threads at once.
final class ChannelSubscription<Payload: Sendable, Downstream: Subscriber>: Subscription, ChannelHub.Listener,
    @unchecked Sendable
where Downstream.Input == ChannelEvent<Payload>, Downstream.Failure == Never {
    private struct State {
        var downstream: Downstream?
        var demand = Subscribers.Demand.none
        var waiting = Deque<Downstream.Input>()
        var delivering = false
        var dropped = 0
    }

    private let hub: ChannelHub
    private let buffer: ChannelBuffer
    private let decode: @Sendable (String) -> Downstream.Input
    private let state: Locked<State>

    init(
        downstream: Downstream, hub: ChannelHub, buffer: ChannelBuffer,
        decode: @escaping @Sendable (String) -> Downstream.Input
    ) {
        self.hub = hub
        self.buffer = buffer
        self.decode = decode
        state = Locked(State(downstream: downstream))
    }

    var buffered: Int { state.withLock { $0.waiting.count } }

    func receive(payload: String) {
        enqueue(decode(payload))
    }

    func receive(gap: NotificationGap) {
        enqueue(.gap(gap))
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        let drain = state.withLock { state -> Bool in
            guard state.downstream != nil else { return false }
            state.demand += demand
            return !state.delivering
        }
        if drain { self.drain() }
    }

    func cancel() {
        hub.remove(self)
        state.withLock { state in
            state.downstream = nil
            state.waiting.removeAll()
        }
    }

    /// Buffers `event` (dropping per the policy when full), then delivers what demand allows.
    private func enqueue(_ event: Downstream.Input) {
        let (drain, droppedOne) = state.withLock { state -> (Bool, Bool) in
            guard state.downstream != nil else { return (false, false) }
            var droppedOne = false
            if state.waiting.count >= buffer.capacity && !event.isGap {
                droppedOne = true
                state.dropped += 1
                if buffer.policy == .dropOldest, let oldest = state.waiting.firstIndex(where: { !$0.isGap }) {
                    state.waiting.remove(at: oldest)
                    state.waiting.append(event)
                }
            } else {
                state.waiting.append(event)
            }
            return (!state.delivering && state.demand > .none, droppedOne)
        }
        if droppedOne { hub.countDrop() }
        if drain { self.drain() }
    }

    /// Hands waiting events to the downstream while it has demand; only one thread drains at a time.
    private func drain() {
        while true {
            let next = state.withLock { state -> (Downstream, Downstream.Input)? in
                guard !state.delivering, state.demand > .none, let downstream = state.downstream,
                    let event = state.waiting.popFirst()
                else { return nil }
                state.delivering = true
                state.demand -= 1
                return (downstream, event)
            }
            guard let next else { return }
            let (downstream, event) = next
            let more = downstream.receive(event)
            state.withLock { state in
                state.delivering = false
                state.demand += more
            }
        }
    }
}
#endif
