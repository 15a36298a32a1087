#if Postgres
import Foundation

/// One channel name in a room: the listeners subscribed to it (of any payload type), whether the
/// connection listens to it yet, and its counts. The room hands it each raw notification.
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

    let name: String
    /// When the channel was first asked for: a gap that began before it is not this channel's.
    let created = Date()
    private let state = Locked(State())

    init(name: String) {
        self.name = name
    }

    func add(_ listener: any Listener) {
        state.withLock { $0.listeners.append(listener) }
    }

    func remove(_ listener: any Listener) {
        state.withLock { $0.listeners.removeAll { $0 === listener } }
    }

    /// Hands a notification's payload to every subscription (outside the lock).
    func deliver(payload: String) {
        let listeners = state.withLock { state in
            state.counts.received += 1
            return state.listeners
        }
        for listener in listeners {
            listener.receive(payload: payload)
        }
    }

    /// The connection listens to this channel (again); a gap is told to every subscription when
    /// it follows a lost connection.
    func listening(after gap: NotificationGap?) {
        let (listeners, waiters) = state.withLock { state in
            state.listening = true
            if gap != nil { state.counts.gaps += 1 }
            let waiters = state.waiters
            state.waiters = []
            return (state.listeners, waiters)
        }
        waiters.forEach { $0.resume() }
        guard let gap else { return }
        for listener in listeners {
            listener.receive(gap: gap)
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
