import ConduitPlayground
import Foundation

/// The session as the live page sees it: the transcript (the latest entries, each a line and its
/// typed events), the latest state, and the viewers to push each change to. The REPL publishes
/// into it after every line; viewers read, and may send only a prediction (`LiveRoom`).
public final class LiveFeed: @unchecked Sendable {
    /// How many transcript entries a snapshot carries at most, and how many events in all.
    public static let transcriptLimit = 2_000
    public static let snapshotEventLimit = 50_000

    /// The lanes the presenter view (`?present`) shows, as `serve --lanes a,b` named them.
    public let presenterLanes: [String]

    private let lock = NSLock()
    private var transcript: [TranscriptEntry] = []
    private var transcriptEvents = 0
    private var sequence = 0
    private var state = LiveState.empty
    private var viewers: [ObjectIdentifier: LiveViewer] = [:]
    /// Bumped by every change of the state; with `sequence`, the key of `cachedSnapshot`.
    private var stateVersion = 0
    /// The last snapshot encoded, for the next viewer that needs one while nothing changed (viewers
    /// that fall behind together would otherwise each encode the same 2,000 entries).
    private var cachedSnapshot: (sequence: Int, version: Int, text: String)?

    public init(presenterLanes: [String] = []) {
        self.presenterLanes = presenterLanes
    }

    /// Records a line the teacher ran and the events it caused, and queues it for every viewer.
    public func publish(input: String, events: [SessionEvent], revealed: [SessionEvent] = [], skipped: Int = 0) {
        let (entry, targets): (TranscriptEntry, [LiveViewer]) = lock.withLock {
            sequence += 1
            let entry = TranscriptEntry(sequence: sequence, input: input, events: events, revealed: revealed,
                skipped: skipped)
            transcript.append(entry)
            transcriptEvents += events.count + revealed.count
            // Trim in halves, so that appending stays cheap.
            if transcript.count > 2 * LiveFeed.transcriptLimit || transcriptEvents > 2 * LiveFeed.snapshotEventLimit {
                var keep = transcript.count
                var kept = 0
                while keep > 0, transcript.count - keep < LiveFeed.transcriptLimit {
                    let size = transcript[keep - 1].events.count + transcript[keep - 1].revealed.count
                    if kept + size > LiveFeed.snapshotEventLimit, keep < transcript.count { break }
                    kept += size
                    keep -= 1
                }
                transcript.removeFirst(keep)
                transcriptEvents = kept
            }
            return (entry, Array(viewers.values))
        }
        guard !targets.isEmpty else { return }
        let text = LiveFeed.encode(entry)
        for viewer in targets { viewer.post(entry: text, sequence: entry.sequence) }
    }

    /// Replaces the state and queues it for every viewer.
    public func publish(state newState: LiveState) {
        let targets: [LiveViewer] = lock.withLock {
            guard newState != state else { return [] }
            state = newState
            stateVersion += 1
            return Array(viewers.values)
        }
        guard !targets.isEmpty else { return }
        let text = LiveFeed.encode(newState)
        for viewer in targets { viewer.post(state: text) }
    }

    /// Replaces the number of predictions per hidden sink (a learner predicted, between lines).
    public func publish(predictionCounts: [String: Int]) {
        let current = lock.withLock { state }
        publish(state: current.with(predictions: predictionCounts))
    }

    /// Everything a page needs to draw the session from nothing.
    public func snapshot() -> LiveMessage {
        lock.withLock { .snapshot(transcript: currentTranscript(), state: state) }
    }

    /// The latest entries within the limits; called with the lock held.
    private func currentTranscript() -> [TranscriptEntry] {
        var count = 0
        var events = 0
        for entry in transcript.reversed() {
            let size = entry.events.count + entry.revealed.count
            if count == LiveFeed.transcriptLimit || (count > 0 && events + size > LiveFeed.snapshotEventLimit) { break }
            count += 1
            events += size
        }
        return Array(transcript.suffix(count))
    }

    /// The snapshot as JSON text, and the sequence number of the newest entry it holds (0 when
    /// none), taken together so that a viewer can skip the entries the snapshot already has.
    func encodedSnapshotThrough() -> (text: String, through: Int) {
        let (message, through, version, cached): (LiveMessage?, Int, Int, String?) = lock.withLock {
            if let cachedSnapshot, cachedSnapshot.sequence == sequence, cachedSnapshot.version == stateVersion {
                return (nil, sequence, stateVersion, cachedSnapshot.text)
            }
            return (.snapshot(transcript: currentTranscript(), state: state), sequence, stateVersion, nil)
        }
        if let cached { return (cached, through) }
        let text = message.map { LiveFeed.encode($0) } ?? ""
        lock.withLock { cachedSnapshot = (through, version, text) }
        return (text, through)
    }

    /// A value as JSON text, encoded once for every viewer.
    static func encode<Message: Encodable>(_ message: Message) -> String {
        // Encoding these plain structures cannot fail.
        String(decoding: (try? JSONEncoder().encode(message)) ?? Data(), as: UTF8.self)
    }

    /// How many pages are connected.
    public var viewerCount: Int { lock.withLock { viewers.count } }

    /// Adds a viewer unless `limit` are connected already; false when the room is full.
    func add(_ viewer: LiveViewer, limit: Int) -> Bool {
        lock.withLock {
            guard viewers.count < limit else { return false }
            viewers[ObjectIdentifier(viewer)] = viewer
            return true
        }
    }

    func remove(_ viewer: LiveViewer) {
        lock.withLock { _ = viewers.removeValue(forKey: ObjectIdentifier(viewer)) }
        viewer.close()
    }
}
