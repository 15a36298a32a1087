import ConduitPlayground
import Foundation

/// The session as the live page sees it: the transcript (the latest entries, each a line and its
/// typed events), the latest state, and the viewers to push each change to. The REPL publishes
/// into it after every line; viewers read, and may send only a prediction (`LiveRoom`).
public final class LiveFeed: @unchecked Sendable {
    /// How many transcript entries a snapshot carries at most, and how many events in all.
    public static let transcriptLimit = 2_000
    public static let snapshotEventLimit = 50_000
    /// How many encoded entries the log keeps for viewers: one further behind gets a snapshot.
    static let logLimit = 4_096

    private let lock = NSLock()
    private var transcript: [TranscriptEntry] = []
    private var transcriptEvents = 0
    private var sequence = 0
    private var state = LiveState.empty
    private var viewers: [ObjectIdentifier: LiveViewer] = [:]
    /// The latest entries, encoded once for every viewer, in sequence order with no gap (kept only
    /// while some viewer is connected), and the state encoded likewise.
    private var log: [(sequence: Int, text: String)] = []
    private var stateText: String?
    /// Viewers whose writers wait for something new: a publication wakes these only, so the REPL
    /// does not touch every viewer at every line.
    private var waiting: [ObjectIdentifier: LiveViewer] = [:]
    /// Bumped by every change of the state; with `sequence`, the key of `cachedSnapshot`.
    private var stateVersion = 0
    /// The last snapshot encoded, for the next viewer that needs one while nothing changed (viewers
    /// that fall behind together would otherwise each encode the same 2,000 entries).
    private var cachedSnapshot: (sequence: Int, version: Int, text: String)?
    /// The last batch frame built, for the next viewer that needs the same entries and state.
    private var cachedBatch: (key: BatchKey, text: String)?

    /// What a batch frame holds: the entries after `from` through `through`, and the state of
    /// version `state` (nil when the viewer has the state already).
    struct BatchKey: Equatable {
        let from: Int
        let through: Int
        let state: Int?
    }

    public init() {}

    /// Records a line the teacher ran and the events it caused, and queues it for every viewer.
    public func publish(input: String, events: [SessionEvent], revealed: [SessionEvent] = [], skipped: Int = 0) {
        let targets: [LiveViewer] = lock.withLock {
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
            guard !viewers.isEmpty else { return [] }
            log.append((entry.sequence, LiveFeed.encode(entry)))
            if log.count > 2 * LiveFeed.logLimit { log.removeFirst(log.count - LiveFeed.logLimit) }
            defer { waiting.removeAll() }
            return Array(waiting.values)
        }
        for viewer in targets { viewer.signal() }
    }

    /// Replaces the state and queues it for every viewer.
    public func publish(state newState: LiveState) {
        let targets: [LiveViewer] = lock.withLock {
            guard newState != state else { return [] }
            state = newState
            stateVersion += 1
            guard !viewers.isEmpty else {
                stateText = nil
                return []
            }
            stateText = LiveFeed.encode(newState)
            defer { waiting.removeAll() }
            return Array(waiting.values)
        }
        for viewer in targets { viewer.signal() }
    }

    /// The frames to write to `viewer` now: its answers, then a snapshot if it needs one (first, or
    /// after falling behind the log), else the entries it has not had and the state if newer, as
    /// one batch frame; nothing more when nothing is new.
    func frames(for viewer: LiveViewer) -> [String] {
        var frames = viewer.takeAnswers()
        let batch: (key: BatchKey, entries: [String], state: String?, cached: String?)? = lock.withLock {
            let oldest = log.first?.sequence ?? (sequence + 1)
            guard !viewer.needsSnapshot, viewer.cursor >= sequence || viewer.cursor + 1 >= oldest else { return nil }
            let key = BatchKey(from: viewer.cursor, through: sequence,
                               state: viewer.stateVersion != stateVersion ? stateVersion : nil)
            viewer.cursor = sequence
            viewer.stateVersion = stateVersion
            if let cachedBatch, cachedBatch.key == key { return (key, [], nil, cachedBatch.text) }
            let entries = key.from >= key.through ? [] : log[(key.from + 1 - oldest)...].map(\.text)
            var text: String?
            if key.state != nil {
                if stateText == nil { stateText = LiveFeed.encode(state) }
                text = stateText
            }
            return (key, entries, text, nil)
        }
        if let batch {
            if let cached = batch.cached {
                if !cached.isEmpty { frames.append(cached) }
                return frames
            }
            // Viewers woken together mostly share a cursor: the first builds the frame, the rest reuse it.
            let text = batch.entries.isEmpty && batch.state == nil ? ""
                : LiveMessage.batchText(entries: batch.entries, state: batch.state)
            lock.withLock { cachedBatch = (batch.key, text) }
            if !text.isEmpty { frames.append(text) }
            return frames
        }
        let (text, through, version) = encodedSnapshot()
        lock.withLock {
            viewer.needsSnapshot = false
            viewer.cursor = through
            viewer.stateVersion = version
        }
        return frames + [text]
    }

    /// Puts `viewer`'s writer among those that wait, or wakes it at once if something came since
    /// it last took its frames.
    func park(_ viewer: LiveViewer) {
        let due: Bool = lock.withLock {
            guard viewers[ObjectIdentifier(viewer)] != nil else { return false }
            if viewer.cursor < sequence || viewer.stateVersion != stateVersion || viewer.hasAnswers { return true }
            waiting[ObjectIdentifier(viewer)] = viewer
            return false
        }
        if due { viewer.signal() }
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
        let (text, through, _) = encodedSnapshot()
        return (text, through)
    }

    /// The snapshot as JSON text, the sequence number of its newest entry, and its state's version.
    private func encodedSnapshot() -> (text: String, through: Int, version: Int) {
        let (message, through, version, cached): (LiveMessage?, Int, Int, String?) = lock.withLock {
            if let cachedSnapshot, cachedSnapshot.sequence == sequence, cachedSnapshot.version == stateVersion {
                return (nil, sequence, stateVersion, cachedSnapshot.text)
            }
            return (.snapshot(transcript: currentTranscript(), state: state), sequence, stateVersion, nil)
        }
        if let cached { return (cached, through, version) }
        let text = message.map { LiveFeed.encode($0) } ?? ""
        lock.withLock { cachedSnapshot = (through, version, text) }
        return (text, through, version)
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
        lock.withLock {
            viewers.removeValue(forKey: ObjectIdentifier(viewer))
            waiting.removeValue(forKey: ObjectIdentifier(viewer))
            if viewers.isEmpty {
                log.removeAll()
                stateText = nil
            }
        }
        viewer.close()
    }
}
