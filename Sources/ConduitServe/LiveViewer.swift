import Foundation

/// One connected page: which of the feed's frames it has (`cursor`), whether it needs a snapshot,
/// and the answers to what it sent. It holds no copy of the entries: the feed encodes each frame
/// once and every viewer writes that same buffer (`LiveFrameLog`), so a viewer costs a few hundred
/// bytes. A viewer that falls further behind than the log reaches gets one fresh snapshot instead,
/// so a slow or vanished viewer never blocks the session nor grows a queue.
final class LiveViewer: @unchecked Sendable {
    /// The most answers waiting: a client that sends without reading gets no more.
    static let answerLimit = 16

    private let lock = NSLock()
    private var answers: [String] = []
    private var closed = false
    private let wake: AsyncStream<Void>.Continuation
    /// Signals that something may be waiting; the writer task awaits it.
    let wakes: AsyncStream<Void>

    // Read and written by the feed, under the feed's lock only.
    /// The tick of the feed's newest frame this viewer has (by itself or as a snapshot).
    var cursor = 0
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
