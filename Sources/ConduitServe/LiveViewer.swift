import Foundation

/// One connected page: how far it has read the feed's log of encoded entries (`cursor`), which
/// state it last had, whether it needs a snapshot, and the answers to what it sent. It holds no
/// copy of the entries: the feed keeps one log for every viewer, so publishing a line costs the
/// REPL the same with 200 viewers as with one, and a viewer costs a few hundred bytes. A viewer
/// that falls further behind than the log reaches gets one fresh snapshot instead, so a slow or
/// vanished viewer never blocks the session.
final class LiveViewer: @unchecked Sendable {
    /// The least time between two writes to one viewer, in nanoseconds (50 ms): what arrives
    /// meanwhile goes out as one frame.
    static let flushInterval: UInt64 = 50_000_000
    /// The most answers waiting: a client that sends without reading gets no more.
    static let answerLimit = 16

    private let lock = NSLock()
    private var answers: [String] = []
    private var closed = false
    private let wake: AsyncStream<Void>.Continuation
    /// Signals that something may be waiting; the writer task awaits it.
    let wakes: AsyncStream<Void>

    // Read and written by the feed, under the feed's lock only.
    /// The sequence number of the newest entry this viewer has (by itself or in a snapshot).
    var cursor = 0
    /// The version of the state this viewer has; -1 before its first snapshot.
    var stateVersion = -1
    var needsSnapshot = true

    init() {
        (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        wake.yield(())
    }

    /// Wakes the writer (never waits).
    func signal() {
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

    /// The answers waiting, which are then no longer waiting.
    func takeAnswers() -> [String] {
        lock.withLock {
            defer { answers.removeAll() }
            return answers
        }
    }

    var hasAnswers: Bool { lock.withLock { !answers.isEmpty } }

    /// Stops queueing and ends the writer.
    func close() {
        lock.withLock {
            closed = true
            answers.removeAll()
        }
        wake.finish()
    }
}
