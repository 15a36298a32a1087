#if Postgres
import DequeModule

/// The room's work, in order, for its connection task: channels to listen to, notifications to send,
/// a lost connection, closing. Sends wait here while the connection is down, up to a capacity.
final class RoomMailbox: Sendable {
    /// A notification waiting to be sent, and whom to tell how it went.
    struct Outgoing: Sendable {
        let hub: ChannelHub
        let payload: String
        let done: (@Sendable ((any Error)?) -> Void)?
    }

    enum Command: Sendable {
        case listen(ChannelHub)
        case notify(Outgoing)
        /// Connection number `generation` was lost (older connections' reports are ignored).
        case lost(generation: Int, reason: String)
        case close
    }

    private struct State {
        var commands = Deque<Command>()
        var waiter: CheckedContinuation<Command, Never>?
        var waitingSends = 0
    }

    private let state = Locked(State())

    /// Adds a command at the end (or, for a send to retry, at the front).
    func post(_ command: Command, first: Bool = false) {
        let waiter = state.withLock { state -> CheckedContinuation<Command, Never>? in
            if case .notify = command, !first { state.waitingSends += 1 }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            if first { state.commands.prepend(command) } else { state.commands.append(command) }
            return nil
        }
        waiter?.resume(returning: command)
    }

    /// Adds a send unless `capacity` sends already wait; returns whether it was added.
    func postSend(_ outgoing: Outgoing, capacity: Int) -> Bool {
        let full = state.withLock { $0.waitingSends >= capacity }
        if full { return false }
        post(.notify(outgoing))
        return true
    }

    /// The sends waiting right behind `first`, taken with it (at most `limit` in all) for one statement:
    /// it stops at any other command, and before a send whose channel and payload are already in the
    /// batch (PostgreSQL delivers such a repeat once per transaction, and each send must arrive).
    func sends(after first: Outgoing, limit: Int) -> [Outgoing] {
        state.withLock { state in
            var batch = [first]
            var seen: Set<Pair> = [Pair(first)]
            while batch.count < limit, case .notify(let next) = state.commands.first,
                seen.insert(Pair(next)).inserted
            {
                state.commands.removeFirst()
                batch.append(next)
            }
            return batch
        }
    }

    /// A send's channel and payload, to keep a batch free of repeats.
    private struct Pair: Hashable {
        let channel: String
        let payload: String

        init(_ outgoing: Outgoing) {
            channel = outgoing.hub.name
            payload = outgoing.payload
        }
    }

    /// `count` sends left the mailbox for good (sent, or refused by the server).
    func sendsFinished(_ count: Int = 1) {
        state.withLock { $0.waitingSends -= count }
    }

    /// The next command, waiting for one if there is none (one caller at a time: the connection task).
    func next() async -> Command {
        await withCheckedContinuation { continuation in
            let command = state.withLock { state -> Command? in
                if let command = state.commands.popFirst() { return command }
                state.waiter = continuation
                return nil
            }
            if let command { continuation.resume(returning: command) }
        }
    }
}
#endif
