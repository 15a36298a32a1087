import Foundation

/// One connected page: the transcript entries waiting to be written to it, and the latest state
/// (only the newest matters, so a newer one replaces it), written together as one frame. A viewer
/// that falls more than `limit` entries or `byteLimit` bytes behind loses its backlog and gets one
/// fresh snapshot instead, so a slow or vanished viewer costs the session a bounded amount of
/// memory and never blocks it.
final class LiveViewer: @unchecked Sendable {
    static let limit = 4_096
    /// The least time between two writes to one viewer, in nanoseconds (50 ms).
    static let flushInterval: UInt64 = 50_000_000
    static let byteLimit = 4 << 20

    private let lock = NSLock()
    private var entries: [String] = []
    private var entryBytes = 0
    private var state: String?
    private var answers: [String] = []
    /// The most answers waiting: a client that sends without reading gets no more.
    static let answerLimit = 16
    private var needsSnapshot = true
    /// The sequence number of the newest entry in the snapshot last written: an entry posted
    /// after the snapshot was taken but published before it is in the snapshot already.
    private var snapshotThrough = 0
    private var closed = false
    private let wake: AsyncStream<Void>.Continuation
    /// Signals that messages are waiting; the writer task awaits it.
    let wakes: AsyncStream<Void>

    init() {
        (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        wake.yield(())
    }

    /// Queues a transcript entry, already encoded as JSON, with its sequence number (on the
    /// session's thread; never waits).
    func post(entry: String, sequence: Int) {
        lock.withLock {
            guard !closed, !needsSnapshot, sequence > snapshotThrough else { return }
            if entries.count >= LiveViewer.limit || entryBytes + entry.utf8.count > LiveViewer.byteLimit {
                dropBacklog()
            } else {
                entries.append(entry)
                entryBytes += entry.utf8.count
            }
        }
        wake.yield(())
    }

    /// Replaces the state waiting to be written with a newer one.
    func post(state newState: String) {
        lock.withLock {
            guard !closed, !needsSnapshot else { return }
            state = newState
        }
        wake.yield(())
    }

    /// Queues the answer to what this viewer sent (written before anything else waiting).
    func post(answer: String) {
        lock.withLock {
            guard !closed, answers.count < LiveViewer.answerLimit else { return }
            answers.append(answer)
        }
        wake.yield(())
    }

    /// The frames to write next: answers to the viewer's messages, then a snapshot built by
    /// `snapshot` (its text and the sequence number of its newest entry) if one is due, else the
    /// waiting entries and the latest state as one batch (one frame per flush, however many lines
    /// ran since).
    func take(snapshot: () -> (text: String, through: Int)) -> [String] {
        lock.withLock {
            var frames = answers
            answers.removeAll()
            if needsSnapshot {
                needsSnapshot = false
                let (text, through) = snapshot()
                snapshotThrough = through
                return frames + [text]
            }
            guard !entries.isEmpty || state != nil else { return frames }
            frames.append(LiveMessage.batchText(entries: entries, state: state))
            entries.removeAll(keepingCapacity: false)
            entryBytes = 0
            state = nil
            return frames
        }
    }

    /// Stops queueing and ends the writer.
    func close() {
        lock.withLock {
            closed = true
            entries.removeAll()
            state = nil
        }
        wake.finish()
    }

    /// Forgets the backlog; the next write is a snapshot. Called with the lock held.
    private func dropBacklog() {
        entries.removeAll()
        entryBytes = 0
        state = nil
        needsSnapshot = true
    }
}
