#if Postgres
import Foundation

/// One channel name in a room: the listeners subscribed to it (of any payload type), whether the
/// connection listens to it yet, and its counts. The connection's event loop hands it each raw
/// notification; the hub hands them on to its subscriptions off that thread, a batch at a time.
///
/// Notifications wait in the hub's inbox (in arrival order, unbounded, as a reading loop's queue
/// would) only until a delivering task takes them: the event loop appends one under a lock and, when
/// no delivery is under way, starts one. That task takes everything waiting at once and hands it
/// out, so a burst costs one hop between threads, not one per notification; while listening
/// resumes after a lost connection, new arrivals are held so that the gap goes ahead of them.
final class ChannelHub: Sendable {
    /// A subscription as the hub sees it: it takes raw payloads and gaps, and tells its buffer's state.
    protocol Listener: AnyObject, Sendable {
        func receive(payload: String)
        func receive(gap: NotificationGap)
        var buffered: Int { get }
    }

    /// The counts `subs` and `inspect` show for a channel.
    struct Counts {
        var received = 0
        var dropped = 0
        var gaps = 0
        var sent = 0
    }

    private struct State {
        var listeners: [any Listener] = []
        var counts = Counts()
        var listening = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())
    private let inbox = Locked(HubInbox())

    let name: String
    /// When the channel was first asked for: a gap that began before it is not this channel's.
    let created = Date()

    init(name: String) {
        self.name = name
    }

    func add(_ listener: any Listener) {
        state.withLock { $0.listeners.append(listener) }
    }

    func remove(_ listener: any Listener) {
        state.withLock { $0.listeners.removeAll { $0 === listener } }
    }

    /// A notification's payload, from the connection's event loop: queued for the subscriptions.
    func arrived(payload: String) {
        let start = inbox.withLock { $0.append(.payload(payload)) }
        if start { startDelivering() }
    }

    /// Listening (again) is about to start on a new connection: what arrives from now on waits behind
    /// the gap `listening(after:)` may put first.
    func holdArrivals() {
        inbox.withLock { $0.hold() }
    }

    /// The connection listens to this channel (again); a gap is told to every subscription, ahead of
    /// every notification that came on the new connection, when it follows a lost connection.
    func listening(after gap: NotificationGap?) {
        let waiters = state.withLock { state in
            state.listening = true
            defer { state.waiters = [] }
            return state.waiters
        }
        let start = inbox.withLock { $0.release(putting: gap.map(HubInbox.Arrival.gap)) }
        if start { startDelivering() }
        waiters.forEach { $0.resume() }
    }

    private func startDelivering() {
        Task.detached { self.deliverWaiting() }
    }

    /// Hands every waiting arrival to the subscriptions, a batch at a time, until none waits (the
    /// inbox lets one delivering task run at a time, so each subscription sees them in order).
    private func deliverWaiting() {
        var batch: [HubInbox.Arrival] = []
        while inbox.withLock({ $0.take(into: &batch) }) {
            let listeners = state.withLock { $0.listeners }
            var payloads = 0
            var gaps = 0
            for arrival in batch {
                switch arrival {
                case .payload(let payload):
                    payloads += 1
                    for listener in listeners { listener.receive(payload: payload) }
                case .gap(let gap):
                    gaps += 1
                    for listener in listeners { listener.receive(gap: gap) }
                }
            }
            // Counted once handed on: a test (or `subs`) that sees them received sees them buffered too.
            state.withLock { state in
                state.counts.received += payloads
                state.counts.gaps += gaps
            }
            batch.removeAll(keepingCapacity: true)
        }
    }

    /// The connection was lost: the channel is not listened to until the room reconnects.
    func stoppedListening() {
        state.withLock { $0.listening = false }
    }

    /// Returns once the connection listens to this channel.
    func waitUntilListening() async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                if state.listening { return true }
                state.waiters.append(continuation)
                return false
            }
            if ready { continuation.resume() }
        }
    }

    func countDrop() {
        state.withLock { $0.counts.dropped += 1 }
    }

    func countSend() {
        state.withLock { $0.counts.sent += 1 }
    }

    var isListening: Bool { state.withLock { $0.listening } }

    /// The counts, and how many notifications wait in all subscriptions' buffers.
    var snapshot: (counts: Counts, subscribers: Int, buffered: Int) {
        let (counts, listeners) = state.withLock { ($0.counts, $0.listeners) }
        return (counts, listeners.count, listeners.reduce(0) { $0 + $1.buffered })
    }
}
#endif
